// /admin/settings/offering: the service catalogue. Every category with its items, in the order the public
// site shows them; reorder categories and items by drag and drop, keyboard or menu; toggle visibility and
// "featured" in place; add, edit and delete through dialogs.
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { CategoryCard } from './category-section.tsx';
import { moveBy, SortableEntry, SortableList } from './sortable-list.tsx';
import { useCatalogueDialogs } from './use-catalogue-dialogs.tsx';
import { useOfferingMutations } from './use-offering.ts';

export function OfferingPage() {
  const { t, i18n } = useTranslation(['offering', 'common']);
  const trpc = useTRPC();
  const list = useQuery(trpc.offering.categories.list.queryOptions());
  const categories = list.data ?? [];
  const { actions, dialogs, addCategory } = useCatalogueDialogs(categories);
  const { reorderCategories } = useOfferingMutations();
  const ids = categories.map((category) => category.id);
  const reorder = (next: string[]) => reorderCategories.mutate({ ids: next });

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/all-services" target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" />
              {t('viewPublic')}
            </Link>
          </Button>
          <Button onClick={addCategory} data-testid="add-category">
            <Plus aria-hidden="true" />
            {t('category.add')}
          </Button>
        </div>
      </header>

      {list.isPending ? (
        <div className="flex flex-col gap-4">
          {[0, 1].map((index) => (
            <Skeleton key={index} className="h-48 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
          <p className="text-destructive">{t('loadFailed')}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Card>
      ) : categories.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <p className="font-medium">{t('empty')}</p>
          <p className="text-sm text-muted-foreground">{t('emptyHint')}</p>
          <Button onClick={addCategory}>
            <Plus aria-hidden="true" />
            {t('category.add')}
          </Button>
        </Card>
      ) : (
        <SortableList
          ids={ids}
          onReorder={reorder}
          nameOf={(id) => pickLocalized(categories.find((category) => category.id === id)?.title, i18n.language)}
        >
          <div className="flex flex-col gap-4" data-testid="category-list">
            {categories.map((category) => (
              <SortableEntry key={category.id} id={category.id} as="div">
                {(handle) => (
                  <CategoryCard
                    category={category}
                    actions={actions}
                    handle={handle}
                    move={(step) => reorder(moveBy(ids, category.id, step))}
                  />
                )}
              </SortableEntry>
            ))}
          </div>
        </SortableList>
      )}
      {dialogs}
    </section>
  );
}
