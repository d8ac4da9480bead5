// /admin/purchase-orders: the orders, newest first, filtered by status and supplier (kept in the URL). Admins
// start a new order or have low stock draft one per preferred supplier (the drafts made are listed in a
// dialog to open them); totals are shown to admins only (the API sends null to others).
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '@garage/shared/inventory-rules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PackageSearch, Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { Pager } from '../../components/pager.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { errorMessageOf, failureMessage, messageCodeOf } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { OrderStatusBadge, useIsAdmin } from './order-helpers.tsx';

const ALL = 'all';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Drafts {
  orders: { id: string; number: string; supplier: { id: string; name: string }; lineCount: number }[];
}

export function PurchaseOrdersPage() {
  const { t } = useTranslation(['purchaseOrders', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const format = useFormatters();
  const isAdmin = useIsAdmin();
  const [params, setParams] = useSearchParams();
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  const statusParam = params.get('status');
  const status = (PURCHASE_ORDER_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as PurchaseOrderStatus)
    : undefined;
  const supplierId = UUID.test(params.get('supplier') ?? '') ? params.get('supplier')! : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (key: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value && value !== ALL) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });

  const orders = useQuery({
    ...trpc.purchaseOrders.list.queryOptions({ status, supplierId, page, pageSize: 20 }),
    placeholderData: keepPreviousData,
  });
  const suppliers = useQuery(trpc.suppliers.list.queryOptions({ pageSize: 100, includeArchived: true }));
  const lowStock = useMutation(trpc.purchaseOrders.lowStockDrafts.mutationOptions());

  const orderLowStock = async () => {
    try {
      setDrafts(await lowStock.mutateAsync());
      await queryClient.invalidateQueries({ queryKey: trpc.purchaseOrders.pathKey() });
    } catch (error) {
      // "Nothing is low" is an answer, not a failure.
      if (messageCodeOf(error) === 'purchaseOrders.nothingLow') toast(errorMessageOf(t, error) ?? t('lowStock.none'));
      else toast.error(failureMessage(t, error, t('toasts.lowStockFailed')));
    }
  };

  const data = orders.data;
  const showTotals = isAdmin && !!data?.items.some((order) => order.totalCents !== null);
  const tabs: (PurchaseOrderStatus | typeof ALL)[] = [ALL, ...PURCHASE_ORDER_STATUSES];

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        {isAdmin && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="lg"
              onClick={() => void orderLowStock()}
              disabled={lowStock.isPending}
              data-testid="order-low-stock"
            >
              <PackageSearch aria-hidden="true" />
              {t('actions.orderLowStock')}
            </Button>
            <Link to="/admin/purchase-orders/new" className={buttonVariants({ size: 'lg' })} data-testid="new-order">
              <Plus aria-hidden="true" />
              {t('actions.newOrder')}
            </Link>
          </div>
        )}
      </header>

      <div className="flex flex-col gap-3 rounded-xl border bg-card p-3">
        {/* Status filter: a row of toggle buttons (scrolls sideways on a phone). */}
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-medium text-muted-foreground">{t('filters.status')}</legend>
          <div className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
            {tabs.map((tab) => {
              const active = (status ?? ALL) === tab;
              return (
                <Button
                  key={tab}
                  type="button"
                  variant={active ? 'default' : 'outline'}
                  className="h-11 shrink-0"
                  aria-pressed={active}
                  onClick={() => set('status', tab)}
                  data-testid={`orders-status-${tab}`}
                >
                  {tab === ALL ? t('filters.all') : t(`status.${tab}`)}
                </Button>
              );
            })}
          </div>
        </fieldset>
        <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground md:max-w-xs">
          {t('filters.supplier')}
          <Select value={supplierId ?? ALL} onValueChange={(value) => set('supplier', value)}>
            <SelectTrigger className="h-11 w-full" data-testid="orders-supplier">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('filters.anySupplier')}</SelectItem>
              {(suppliers.data?.items ?? []).map((supplier) => (
                <SelectItem key={supplier.id} value={supplier.id}>
                  {supplier.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
      </div>

      {orders.isLoading && <Skeleton className="h-64 rounded-xl" />}
      {orders.isError && (
        <div className="flex flex-col items-center gap-3">
          <LoadErrorCard message={t('loadFailed')} />
          <Button variant="outline" onClick={() => orders.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      )}
      {data && data.items.length === 0 && (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground" data-testid="orders-empty">
          {status || supplierId ? t('noneFound') : t('none')}
        </p>
      )}
      {data && data.items.length > 0 && (
        <div className={cn('flex flex-col gap-3', orders.isPlaceholderData && 'opacity-60')}>
          <ul className="flex flex-col divide-y rounded-xl border bg-card md:hidden">
            {data.items.map((order) => (
              <li key={order.id} data-testid="orders-row">
                <Link to={`/admin/purchase-orders/${order.id}`} className="flex min-h-11 flex-col gap-1 p-3 hover:bg-accent">
                  <span className="flex items-center justify-between gap-2">
                    <bdi dir="ltr" className="font-semibold">
                      {order.number}
                    </bdi>
                    <OrderStatusBadge status={order.status} />
                  </span>
                  <span className="truncate text-sm">
                    <bdi>{order.supplier.name}</bdi>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {t('list.lineCount', { count: order.lineCount })}
                    {order.expectedOn ? ` · ${t('list.expected', { date: format.day(order.expectedOn) })}` : ''}
                    {showTotals && order.totalCents !== null ? ` · ${format.money(order.totalCents)}` : ''}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="hidden rounded-xl border bg-card md:block">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('list.number')}</TableHead>
                  <TableHead>{t('fields.supplier')}</TableHead>
                  <TableHead>{t('list.status')}</TableHead>
                  <TableHead>{t('fields.expectedOn')}</TableHead>
                  <TableHead className="text-end">{t('list.lines')}</TableHead>
                  {showTotals && <TableHead className="text-end">{t('fields.total')}</TableHead>}
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.items.map((order) => (
                  <TableRow key={order.id} data-testid="orders-row">
                    <TableCell>
                      <Link to={`/admin/purchase-orders/${order.id}`} className="font-medium hover:underline">
                        <bdi dir="ltr">{order.number}</bdi>
                      </Link>
                    </TableCell>
                    <TableCell>
                      <bdi>{order.supplier.name}</bdi>
                    </TableCell>
                    <TableCell>
                      <OrderStatusBadge status={order.status} />
                    </TableCell>
                    <TableCell>{order.expectedOn ? format.day(order.expectedOn) : '—'}</TableCell>
                    <TableCell className="text-end tabular-nums">{order.lineCount}</TableCell>
                    {showTotals && (
                      <TableCell className="text-end tabular-nums">
                        {order.totalCents !== null ? format.money(order.totalCents) : '—'}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager page={data.page} pageCount={data.pageCount} total={data.total} onPage={(next) => set('page', String(next))} />
        </div>
      )}

      <Dialog open={!!drafts} onOpenChange={(open) => !open && setDrafts(null)}>
        <DialogContent closeLabel={t('common:actions.close')}>
          <DialogHeader>
            <DialogTitle>{t('lowStock.title')}</DialogTitle>
            <DialogDescription>{t('lowStock.description', { count: drafts?.orders.length ?? 0 })}</DialogDescription>
          </DialogHeader>
          <ul className="flex flex-col gap-2" data-testid="low-stock-drafts">
            {drafts?.orders.map((order) => (
              <li key={order.id}>
                <Link
                  to={`/admin/purchase-orders/${order.id}`}
                  className="flex min-h-11 items-center justify-between gap-3 rounded-md border px-3 py-2 hover:bg-accent"
                >
                  <span>
                    <bdi dir="ltr" className="font-medium">
                      {order.number}
                    </bdi>{' '}
                    · <bdi>{order.supplier.name}</bdi>
                  </span>
                  <span className="text-sm text-muted-foreground">{t('list.lineCount', { count: order.lineCount })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    </div>
  );
}
