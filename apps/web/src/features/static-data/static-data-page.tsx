// /admin/settings/static-data: the reference lists the forms offer (colours, brands, engine and oil types,
// vehicle types). Add, rename and remove entries; one tab per type.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LANGUAGES, STATIC_DATA_TYPES } from '@garage/shared/constants';
import type { StaticDataView } from '@garage/shared/schemas/static-data';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { StaticDataForm } from './static-data-form.tsx';

type StaticDataType = (typeof STATIC_DATA_TYPES)[number];

export function StaticDataPage() {
  const { t } = useTranslation(['staticData', 'users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const type: StaticDataType = STATIC_DATA_TYPES.find((value) => value === params.get('type')) ?? 'COLOR';
  const [editing, setEditing] = useState<StaticDataView | null>(null);
  const [deleting, setDeleting] = useState<StaticDataView | null>(null);

  const entries = useQuery(trpc.staticData.list.queryOptions({}));
  const remove = useMutation(
    trpc.staticData.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.staticData.pathKey() });
        toast.success(t('staticData:toasts.deleted'));
      },
      onError: () => toast.error(t('staticData:toasts.deleteFailed')),
    }),
  );
  const ofType = entries.data?.filter((entry) => entry.type === type) ?? [];

  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold">{t('staticData:title')}</h1>
        <p className="text-sm text-muted-foreground">{t('staticData:subtitle')}</p>
      </header>

      <Tabs className="gap-5" value={type} onValueChange={(next) => setParams({ type: next }, { replace: true })}>
        <TabsList className="h-auto w-full flex-wrap justify-start">
          {STATIC_DATA_TYPES.map((value) => (
            <TabsTrigger key={value} value={value} className="flex-none">
              {t(`staticData:types.${value}`)}
              <span className="ms-1 text-xs text-muted-foreground tabular-nums">
                {entries.data?.filter((entry) => entry.type === value).length ?? ''}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        {/* The form and the list are the selected tab's panel (the selected tab's aria-controls must point at it). */}
        <TabsContent value={type} className="flex flex-col gap-5">
          <Card>
            <CardContent className="pt-6">
              <StaticDataForm key={`new-${type}`} defaultType={type} />
            </CardContent>
          </Card>

          {entries.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : entries.isError ? (
            <Card className="p-6 text-center text-destructive">{t('staticData:errors.loadFailed')}</Card>
          ) : ofType.length === 0 ? (
            <Card className="p-8 text-center text-muted-foreground">{t('staticData:empty')}</Card>
          ) : (
            <Card className="p-0">
              <ul className="divide-y" data-testid="static-data-list">
                {ofType.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                    {editing?.id === entry.id ? (
                      <div className="w-full">
                        <StaticDataForm entry={entry} defaultType={entry.type} onDone={() => setEditing(null)} />
                      </div>
                    ) : (
                      <>
                        <span className="flex min-w-0 flex-1 flex-col">
                          <bdi className="font-medium">{entry.name}</bdi>
                          {/* The labels it is shown with, in their own languages. */}
                          {Object.keys(entry.labels).length > 0 && (
                            <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground" data-testid="static-data-labels">
                              {LANGUAGES.filter((language) => entry.labels[language]).map((language) => (
                                <span key={language} lang={language}>
                                  {language.toUpperCase()} <bdi>{entry.labels[language]}</bdi>
                                </span>
                              ))}
                            </span>
                          )}
                        </span>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={t('staticData:actions.edit', { name: entry.name })}
                          onClick={() => setEditing(entry)}
                        >
                          <Pencil />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-destructive"
                          aria-label={t('staticData:actions.delete', { name: entry.name })}
                          onClick={() => setDeleting(entry)}
                        >
                          <Trash2 />
                        </Button>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </TabsContent>
      </Tabs>

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('staticData:delete.title')}
        description={t('staticData:delete.description', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </section>
  );
}
