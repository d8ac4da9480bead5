// /admin/suppliers: who the shop buys parts from. Every staff member reads (to call a supplier, to see who
// supplies a part); admins add, edit, archive and delete.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Mail, Pencil, Phone, Plus, Search, Trash2, Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { SupplierView } from '@garage/shared/schemas/inventory';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Pager } from '../../components/pager.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { errorMessageOf } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { SupplierFormDialog } from './supplier-form-dialog.tsx';
import { usePartsRefresh } from './use-parts-refresh.ts';

const SEARCH_DELAY_MS = 200;

export function SuppliersPage() {
  const { t } = useTranslation(['parts', 'common']);
  const trpc = useTRPC();
  const isAdmin = useAuth().roles.includes('ADMIN');
  const refresh = usePartsRefresh();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [includeArchived, setIncludeArchived] = useState(false);
  const [editing, setEditing] = useState<SupplierView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SupplierView | null>(null);
  const setArchived = useMutation(trpc.suppliers.setArchived.mutationOptions());
  const remove = useMutation(trpc.suppliers.delete.mutationOptions());

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const list = useQuery({
    ...trpc.suppliers.list.queryOptions({ page, pageSize: 20, search: search || undefined, includeArchived }),
    placeholderData: keepPreviousData,
  });

  const toggleArchived = async (supplier: SupplierView) => {
    const archived = supplier.archivedAt !== null;
    try {
      await setArchived.mutateAsync({ id: supplier.id, archived: !archived });
      await refresh();
      toast.success(t(archived ? 'parts:suppliers.toasts.restored' : 'parts:suppliers.toasts.archived'));
    } catch (error) {
      toast.error(errorMessageOf(t, error) ?? t('parts:suppliers.toasts.saveFailed'));
    }
  };

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('suppliers.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('suppliers.subtitle')}</p>
        </div>
        {isAdmin && (
          <Button className="h-11" onClick={() => setEditing('new')} data-testid="add-supplier">
            <Plus />
            {t('suppliers.add')}
          </Button>
        )}
      </header>

      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('suppliers.searchPlaceholder')}
            aria-label={t('suppliers.search')}
            className="h-11 ps-9"
          />
        </div>
        <label className="flex h-11 items-center gap-3 rounded-md border px-3 text-sm">
          <Switch
            checked={includeArchived}
            onCheckedChange={(checked) => {
              setIncludeArchived(checked);
              setPage(1);
            }}
          />
          {t('suppliers.showArchived')}
        </label>
      </Card>

      {list.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-20 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <Card className="p-6 text-center text-destructive">{t('suppliers.loadFailed')}</Card>
      ) : list.data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center text-muted-foreground">
          <Truck className="size-10" aria-hidden="true" />
          <p>{search ? t('suppliers.noMatch') : t('suppliers.empty')}</p>
        </Card>
      ) : (
        <ul className={`flex flex-col gap-2 ${list.isPlaceholderData ? 'opacity-70' : ''}`} data-testid="suppliers-list">
          {list.data.items.map((supplier) => (
            <li key={supplier.id}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="supplier-row">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {supplier.name}
                    {supplier.archivedAt && <Badge variant="neutral">{t('badges.archived')}</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {[
                      supplier.contactName,
                      supplier.accountNumber && t('suppliers.account', { account: supplier.accountNumber }),
                      supplier.leadTimeDays !== null && t('suppliers.leadTime', { days: supplier.leadTimeDays }),
                      t('suppliers.partCount', { parts: supplier.partCount }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {supplier.phone && (
                    <Button variant="outline" className="h-11" asChild>
                      <a href={`tel:${supplier.phone}`}>
                        <Phone />
                        <bdi dir="ltr">{supplier.phone}</bdi>
                      </a>
                    </Button>
                  )}
                  {supplier.email && (
                    <Button variant="outline" className="h-11" asChild>
                      <a href={`mailto:${supplier.email}`} aria-label={t('suppliers.emailTo', { email: supplier.email })}>
                        <Mail />
                      </a>
                    </Button>
                  )}
                  {isAdmin && (
                    <>
                      <Button
                        variant="outline"
                        className="h-11"
                        onClick={() => setEditing(supplier)}
                        aria-label={t('suppliers.editNamed', { name: supplier.name })}
                      >
                        <Pencil />
                      </Button>
                      <Button
                        variant="outline"
                        className="h-11"
                        onClick={() => void toggleArchived(supplier)}
                        aria-label={
                          supplier.archivedAt
                            ? t('suppliers.restoreNamed', { name: supplier.name })
                            : t('suppliers.archiveNamed', { name: supplier.name })
                        }
                      >
                        {supplier.archivedAt ? <ArchiveRestore /> : <Archive />}
                      </Button>
                      <Button
                        variant="outline"
                        className="h-11 text-destructive"
                        onClick={() => setDeleting(supplier)}
                        aria-label={t('suppliers.deleteNamed', { name: supplier.name })}
                      >
                        <Trash2 />
                      </Button>
                    </>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      {list.data && <Pager page={list.data.page} pageCount={list.data.pageCount} total={list.data.total} onPage={setPage} />}

      {isAdmin && (
        <SupplierFormDialog
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          supplier={editing === 'new' ? undefined : (editing ?? undefined)}
        />
      )}
      {isAdmin && (
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('suppliers.deleteTitle', { name: deleting?.name ?? '' })}
          description={t('suppliers.deleteDescription')}
          busy={remove.isPending}
          onConfirm={async () => {
            if (!deleting) return;
            try {
              await remove.mutateAsync({ id: deleting.id });
              await refresh();
              toast.success(t('parts:suppliers.toasts.deleted'));
              setDeleting(null);
            } catch (error) {
              toast.error(errorMessageOf(t, error) ?? t('parts:suppliers.toasts.deleteFailed'));
              throw error;
            }
          }}
        />
      )}
    </section>
  );
}
