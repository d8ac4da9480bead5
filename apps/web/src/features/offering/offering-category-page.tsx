// /admin/settings/offering/{id}: one category and its items, with the same tools as the catalogue page.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { BackLink } from '../../components/page-header.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { CategoryHeader, ItemList } from './category-section.tsx';
import { useCatalogueDialogs } from './use-catalogue-dialogs.tsx';

const BACK_TO = '/admin/settings/offering';

export function OfferingCategoryPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(['offering', 'common']);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const category = useQuery(
    trpc.offering.categories.get.queryOptions(
      { id },
      { retry: (count, error) => (error as { data?: { code?: string } }).data?.code !== 'NOT_FOUND' && count < 2 },
    ),
  );
  // The list feeds the category choices of the item form and the "move items to" choice.
  const all = useQuery(trpc.offering.categories.list.queryOptions());
  const { actions, dialogs } = useCatalogueDialogs(all.data ?? (category.data ? [category.data] : []), {
    onCategoryDeleted: () => navigate(BACK_TO),
  });
  const back = { to: BACK_TO, label: t('backToCatalogue') };
  const notFound = (category.error as { data?: { code?: string } } | null)?.data?.code === 'NOT_FOUND';

  return (
    <section className="flex flex-col gap-4">
      <BackLink {...back} />
      {category.isPending ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : category.isError ? (
        <LoadErrorCard message={notFound ? t('notFound') : t('loadFailed')} back={back} />
      ) : (
        <>
          <Card className="gap-0 overflow-hidden p-0" data-testid="category-card">
            <CategoryHeader category={category.data} actions={actions} />
            {category.data.description && pickLocalized(category.data.description, i18n.language) && (
              <p className="border-b px-4 py-3 text-sm text-muted-foreground">{pickLocalized(category.data.description, i18n.language)}</p>
            )}
            <ItemList category={category.data} actions={actions} />
          </Card>
        </>
      )}
      {dialogs}
    </section>
  );
}
