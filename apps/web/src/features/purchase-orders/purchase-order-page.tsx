// /admin/purchase-orders/new and /admin/purchase-orders/:orderId. An order's page shows its status, supplier,
// dates and lines (ordered / received / outstanding; costs for admins), the admin's actions by status (edit
// and send a draft, cancel, delete a draft, the PDF) and, for a sent order, receiving (every staff member).
import type { PurchaseOrderView } from '@garage/shared/schemas/inventory';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, FileDown, PackageOpen, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { BackLink } from '../../components/page-header.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { errorCode, failureMessage } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useQuantityFormat } from '../parts/index.ts';
import { OrderEditor } from './order-editor.tsx';
import { OrderStatusBadge, addQuantities, isReceivable, useIsAdmin } from './order-helpers.tsx';
import { ReceivePanel } from './receive-panel.tsx';

export function NewPurchaseOrderPage() {
  const { t } = useTranslation('purchaseOrders');
  const isAdmin = useIsAdmin();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <BackLink to="/admin/purchase-orders" label={t('backToList')} />
      <h1 className="text-2xl font-semibold tracking-tight">{t('editor.newTitle')}</h1>
      {isAdmin ? (
        <div className="rounded-xl border bg-card p-4">
          <OrderEditor />
        </div>
      ) : (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{t('adminsOnly')}</p>
      )}
    </div>
  );
}

export function PurchaseOrderPage() {
  const { orderId = '' } = useParams();
  const { t } = useTranslation(['purchaseOrders', 'common']);
  const trpc = useTRPC();
  const order = useQuery(trpc.purchaseOrders.get.queryOptions({ id: orderId }));

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <BackLink to="/admin/purchase-orders" label={t('backToList')} />
      {order.isLoading && <Skeleton className="h-72 rounded-xl" />}
      {/* The page keeps a heading when there is no order to show. */}
      {order.isError && <h1 className="text-2xl font-semibold tracking-tight">{t('orderHeading')}</h1>}
      {order.isError &&
        (errorCode(order.error) === 'NOT_FOUND' || errorCode(order.error) === 'BAD_REQUEST' ? (
          <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground" data-testid="order-not-found">
            {t('notFound')}
          </p>
        ) : (
          <div className="flex flex-col items-center gap-3">
            <LoadErrorCard message={t('loadFailed')} />
            <Button variant="outline" onClick={() => order.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </div>
        ))}
      {order.data && <OrderDetail order={order.data} />}
    </div>
  );
}

function OrderDetail({ order }: { order: PurchaseOrderView }) {
  const { t } = useTranslation(['purchaseOrders', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useFormatters();
  const quantity = useQuantityFormat();
  const isAdmin = useIsAdmin();
  const [receiving, setReceiving] = useState(false);
  const [sendOpen, setSendOpen] = useState(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.purchaseOrders.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.parts.pathKey() }),
    ]);
  const send = useMutation(trpc.purchaseOrders.send.mutationOptions());
  const cancel = useMutation(trpc.purchaseOrders.cancel.mutationOptions());
  const remove = useMutation(trpc.purchaseOrders.delete.mutationOptions());

  const sendOrder = async (email: boolean) => {
    try {
      await send.mutateAsync({ id: order.id, version: order.version, email });
      toast.success(email ? t('toasts.sentByEmail', { email: order.supplier.email }) : t('toasts.markedSent'));
      setSendOpen(false);
    } catch (error) {
      toast.error(failureMessage(t, error, t('toasts.sendFailed')));
    } finally {
      await refresh();
    }
  };
  const cancelOrder = async () => {
    try {
      await cancel.mutateAsync({ id: order.id, version: order.version });
      toast.success(t('toasts.cancelled'));
    } catch (error) {
      toast.error(failureMessage(t, error, t('toasts.cancelFailed')));
      throw error;
    } finally {
      await refresh();
    }
  };
  const deleteOrder = async () => {
    try {
      await remove.mutateAsync({ id: order.id });
      toast.success(t('toasts.deleted', { number: order.number }));
      navigate('/admin/purchase-orders', { replace: true });
      await queryClient.invalidateQueries({ queryKey: trpc.purchaseOrders.list.pathKey() });
    } catch (error) {
      toast.error(failureMessage(t, error, t('toasts.deleteFailed')));
      await refresh();
      throw error;
    }
  };

  const isDraft = order.status === 'DRAFT';
  const nothingReceived = order.lines.every((line) => line.received === 0);
  const canCancel = isAdmin && (isDraft || (order.status === 'SENT' && nothingReceived));
  const showCosts = isAdmin && order.totalCents !== null;

  return (
    <>
      <header className="flex flex-col gap-4 rounded-xl border bg-card p-4 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight" data-testid="order-number">
              <bdi dir="ltr">{order.number}</bdi>
            </h1>
            <OrderStatusBadge status={order.status} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('fields.supplier')}</dt>
            <dd data-testid="order-supplier-name">
              <bdi>{order.supplier.name}</bdi>
              {order.supplier.email && (
                <span className="text-muted-foreground">
                  {' '}
                  · <bdi dir="ltr">{order.supplier.email}</bdi>
                </span>
              )}
            </dd>
            <dt className="text-muted-foreground">{t('fields.expectedOn')}</dt>
            <dd>{order.expectedOn ? format.day(order.expectedOn) : '—'}</dd>
            {order.sentAt && (
              <>
                <dt className="text-muted-foreground">{t('fields.sentAt')}</dt>
                <dd>{format.dateTime(order.sentAt)}</dd>
              </>
            )}
            {order.receivedAt && (
              <>
                <dt className="text-muted-foreground">{t('fields.receivedAt')}</dt>
                <dd>{format.dateTime(order.receivedAt)}</dd>
              </>
            )}
            {order.createdBy && (
              <>
                <dt className="text-muted-foreground">{t('fields.createdBy')}</dt>
                <dd>
                  <bdi>
                    {order.createdBy.firstName} {order.createdBy.lastName}
                  </bdi>
                </dd>
              </>
            )}
            {showCosts && (
              <>
                <dt className="text-muted-foreground">{t('fields.total')}</dt>
                <dd className="font-medium tabular-nums" data-testid="order-total">
                  {format.money(order.totalCents!)}
                </dd>
              </>
            )}
          </dl>
          {order.notes && !isDraft && <p className="whitespace-pre-line text-sm">{order.notes}</p>}
        </div>
        <div className="flex flex-wrap gap-2 md:max-w-56 md:flex-col">
          {isReceivable(order.status) && !receiving && (
            <Button size="lg" onClick={() => setReceiving(true)} data-testid="order-receive">
              <PackageOpen aria-hidden="true" />
              {t('actions.receive')}
            </Button>
          )}
          {isAdmin && isDraft && (
            <Button size="lg" onClick={() => setSendOpen(true)} data-testid="order-send">
              <Send aria-hidden="true" />
              {t('actions.send')}
            </Button>
          )}
          {isAdmin && (
            <a
              href={`/backend/purchase-orders/${order.id}/pdf`}
              download
              className={buttonVariants({ variant: 'outline', size: 'lg' })}
              data-testid="order-pdf"
            >
              <FileDown aria-hidden="true" />
              {t('actions.pdf')}
            </a>
          )}
          {canCancel && (
            <ConfirmDialog
              title={t('confirmCancel.title', { number: order.number })}
              description={t('confirmCancel.description')}
              confirmLabel={t('actions.cancelOrder')}
              onConfirm={cancelOrder}
              trigger={
                <Button variant="outline" size="lg" data-testid="order-cancel">
                  <Ban aria-hidden="true" />
                  {t('actions.cancelOrder')}
                </Button>
              }
            />
          )}
          {isAdmin && isDraft && (
            <ConfirmDialog
              title={t('confirmDelete.title', { number: order.number })}
              description={t('confirmDelete.description')}
              onConfirm={deleteOrder}
              trigger={
                <Button variant="outline" size="lg" className="text-destructive" data-testid="order-delete">
                  <Trash2 aria-hidden="true" />
                  {t('actions.deleteDraft')}
                </Button>
              }
            />
          )}
        </div>
      </header>

      {receiving && isReceivable(order.status) && <ReceivePanel order={order} onDone={() => setReceiving(false)} />}

      {isAdmin && isDraft ? (
        <div className="rounded-xl border bg-card p-4">
          {/* A new key after each save: the form starts again from what the server kept. */}
          <OrderEditor key={order.version} order={order} />
        </div>
      ) : (
        <section className="flex flex-col gap-3" aria-labelledby="order-lines-title">
          <h2 id="order-lines-title" className="text-lg font-semibold">
            {t('lines.title')}
          </h2>
          <ul className="flex flex-col divide-y rounded-xl border bg-card md:hidden">
            {order.lines.map((line) => (
              <li key={line.id} className="flex flex-col gap-1 p-3" data-testid="order-line-row">
                <Link to={`/admin/parts/${line.part.id}`} className="font-medium hover:underline">
                  <bdi>{line.part.name}</bdi>
                </Link>
                <span className="text-xs text-muted-foreground">
                  <bdi dir="ltr">{line.part.partNumber}</bdi>
                </span>
                <span className="text-sm">
                  {t('lines.summary', {
                    ordered: quantity.quantity(line.quantity, line.part.unit),
                    received: quantity.quantity(line.received, line.part.unit),
                    outstanding: quantity.quantity(Math.max(0, addQuantities(line.quantity, -line.received)), line.part.unit),
                  })}
                </span>
                {showCosts && line.unitCostCents !== null && (
                  <span className="text-sm text-muted-foreground tabular-nums">
                    {format.money(line.unitCostCents)} · {format.money(line.totalCents ?? 0)}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <div className="hidden rounded-xl border bg-card md:block">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('lines.part')}</TableHead>
                  <TableHead className="text-end">{t('lines.ordered')}</TableHead>
                  <TableHead className="text-end">{t('lines.received')}</TableHead>
                  <TableHead className="text-end">{t('lines.outstanding')}</TableHead>
                  {showCosts && <TableHead className="text-end">{t('fields.unitCost')}</TableHead>}
                  {showCosts && <TableHead className="text-end">{t('fields.total')}</TableHead>}
                </TableRow>
              </TableHeader>
              <TableBody>
                {order.lines.map((line) => (
                  <TableRow key={line.id} data-testid="order-line-row" data-part-number={line.part.partNumber}>
                    <TableCell>
                      <Link to={`/admin/parts/${line.part.id}`} className="font-medium hover:underline">
                        <bdi>{line.part.name}</bdi>
                      </Link>
                      <span className="block text-xs text-muted-foreground">
                        <bdi dir="ltr">{line.part.partNumber}</bdi>
                      </span>
                    </TableCell>
                    <TableCell className="text-end tabular-nums">{quantity.quantity(line.quantity, line.part.unit)}</TableCell>
                    <TableCell className="text-end tabular-nums" data-testid="order-line-received">
                      {quantity.quantity(line.received, line.part.unit)}
                    </TableCell>
                    <TableCell className="text-end tabular-nums" data-testid="order-line-outstanding">
                      {quantity.quantity(Math.max(0, addQuantities(line.quantity, -line.received)), line.part.unit)}
                    </TableCell>
                    {showCosts && <TableCell className="text-end tabular-nums">{format.money(line.unitCostCents ?? 0)}</TableCell>}
                    {showCosts && <TableCell className="text-end tabular-nums">{format.money(line.totalCents ?? 0)}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </section>
      )}

      <Dialog open={sendOpen} onOpenChange={setSendOpen}>
        <DialogContent closeLabel={t('common:actions.close')}>
          <DialogHeader>
            <DialogTitle>{t('sendDialog.title', { number: order.number })}</DialogTitle>
            <DialogDescription>
              {order.supplier.email
                ? t('sendDialog.description', { name: order.supplier.name, email: order.supplier.email })
                : t('sendDialog.noEmail', { name: order.supplier.name })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter className="flex-col gap-2 sm:flex-row">
            <Button
              variant="outline"
              size="lg"
              disabled={send.isPending}
              onClick={() => void sendOrder(false)}
              data-testid="order-mark-sent"
            >
              {t('sendDialog.markSent')}
            </Button>
            <Button
              size="lg"
              disabled={send.isPending || !order.supplier.email}
              onClick={() => void sendOrder(true)}
              data-testid="order-send-email"
            >
              <Send aria-hidden="true" />
              {send.isPending ? t('common:actions.sending') : t('sendDialog.email')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
