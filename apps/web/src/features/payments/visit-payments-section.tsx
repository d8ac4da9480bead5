// Payments of a visit on the visit page: the history (newest first, deleted records kept and marked), record
// a payment, refund part or all of a successful one, delete with confirmation. 'Error loading payments'
// (SPEC §8) when the history cannot be read.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentView } from '@garage/shared/schemas/payments';
import { canDeletePayment } from '@garage/shared/visit-rules';
import { HISTORY_WINDOW } from '@garage/shared/schemas/users';
import type { VisitDetail } from '@garage/shared/schemas/visits';
import { Plus, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { HistoryPager, useHistoryWindow } from '../../components/history-pager.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useFormatters } from '../../lib/formatters.ts';
import { failureMessage } from '../../lib/form-errors.ts';
import { PaymentForm } from './payment-form.tsx';
import { PaymentRecordBadge } from './payment-record-badge.tsx';
import { RefundForm } from './refund-form.tsx';

export function VisitPaymentsSection({ visit }: { visit: VisitDetail }) {
  const { t } = useTranslation('payments');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const format = useFormatters();
  const [recording, setRecording] = useState(false);
  const [refunding, setRefunding] = useState<PaymentView | null>(null);
  const historyWindow = useHistoryWindow();
  const payments = useQuery(
    trpc.payments.listForVisit.queryOptions({ id: visit.id, before: historyWindow.before }, { placeholderData: keepPreviousData }),
  );
  // A full window may have older records behind it (the API answers at most HISTORY_WINDOW.defaultLimit).
  const olderCursor = payments.data?.length === HISTORY_WINDOW.defaultLimit ? payments.data.at(-1)!.id : null;
  const remove = useMutation(
    trpc.payments.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.deleted'));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() }),
        ]);
      },
      onError: (error) => toast.error(failureMessage(t, error, t('toast.deleteFailed'))),
    }),
  );

  return (
    <Card className="gap-4" data-testid="visit-payments">
      <CardHeader>
        <CardTitle className="text-lg">{t('sectionTitle')}</CardTitle>
        <CardAction>
          <Button size="sm" onClick={() => setRecording(true)} data-testid="open-record-payment">
            <Plus aria-hidden="true" />
            {t('record')}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {payments.isLoading && <Skeleton className="h-20" />}
        {payments.isError && (
          <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
            {t('loadFailed')}
            <Button variant="link" size="sm" onClick={() => payments.refetch()}>
              {t('actions.retry')}
            </Button>
          </div>
        )}
        {payments.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('none')}</p>}
        {payments.data && payments.data.length > 0 && (
          <ul className="divide-y rounded-lg border" data-testid="payment-history">
            {payments.data.map((payment) => (
              <li
                key={payment.id}
                className={cn('flex flex-col gap-2 p-3 sm:flex-row sm:items-center', payment.status === 'DELETED' && 'opacity-60')}
                data-testid="payment-row"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className={cn('font-semibold tabular-nums', payment.status === 'DELETED' && 'line-through')}>
                      {payment.status === 'REFUNDED' ? '−' : ''}
                      {format.money(payment.amountCents)}
                    </span>
                    <PaymentRecordBadge status={payment.status} />
                    <span className="text-sm text-muted-foreground">{t(`method.${payment.method}`)}</span>
                  </div>
                  {/* Each field its own isolate: a Latin name next to an Arabic date would otherwise reorder the line. */}
                  <p className="text-xs text-muted-foreground" data-testid="payment-meta">
                    <bdi>{format.dateTime(payment.createdAt)}</bdi>
                    {payment.recordedBy && (
                      <>
                        {' '}
                        ·{' '}
                        <bdi>
                          {payment.recordedBy.firstName} {payment.recordedBy.lastName}
                        </bdi>
                      </>
                    )}
                    {payment.notes && (
                      <>
                        {' '}
                        · <bdi>{payment.notes}</bdi>
                      </>
                    )}
                  </p>
                </div>
                <div className="flex gap-1.5">
                  {payment.refundableCents > 0 && (
                    <Button size="sm" variant="outline" onClick={() => setRefunding(payment)} data-testid="refund-payment">
                      <Undo2 aria-hidden="true" />
                      {t('refund')}
                    </Button>
                  )}
                  {canDeletePayment(payment.status) && (
                    <ConfirmDialog
                      title={t('confirmDelete.title')}
                      description={t('confirmDelete.body', { amount: format.money(payment.amountCents) })}
                      confirmLabel={t('confirmDelete.confirm')}
                      onConfirm={() => remove.mutateAsync({ id: payment.id })}
                      trigger={
                        <Button size="sm" variant="ghost" aria-label={t('delete')} data-testid="delete-payment">
                          <Trash2 aria-hidden="true" />
                        </Button>
                      }
                    />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <HistoryPager olderCursor={olderCursor} window={historyWindow} />
      </CardContent>

      <Dialog open={recording} onOpenChange={setRecording}>
        <DialogContent closeLabel={t('actions.close')} className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{t('recordTitle')}</DialogTitle>
            <DialogDescription>{t('recordDescription', { balance: format.money(Math.max(0, visit.balanceCents)) })}</DialogDescription>
          </DialogHeader>
          {recording && (
            <PaymentForm visitId={visit.id} suggestedCents={Math.max(0, visit.balanceCents)} onDone={() => setRecording(false)} />
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={!!refunding} onOpenChange={(open) => !open && setRefunding(null)}>
        <DialogContent closeLabel={t('actions.close')}>
          <DialogHeader>
            <DialogTitle>{t('refundTitle')}</DialogTitle>
            <DialogDescription>
              {refunding && t('refundDescription', { amount: format.money(refunding.refundableCents) })}
            </DialogDescription>
          </DialogHeader>
          {refunding && <RefundForm payment={refunding} onDone={() => setRefunding(null)} />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
