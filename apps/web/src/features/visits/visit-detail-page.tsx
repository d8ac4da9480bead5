// /admin/users/{userId}/vehicle/{vehicleId}/visit/{visitId}: one visit with its customer, vehicle, totals,
// status and hand-over steps, tasks and payments. Edits carry the version they read (409 → reload).
import { plateInOrder } from '@garage/shared/plates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDistance } from '@garage/shared/distance';
import { ArrowLeft, CalendarClock, Car, Gauge, Pencil, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Ltr } from '../../components/ltr.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { VisitPaymentsSection } from '../payments/index.ts';
import { VisitInvoicesSection } from '../invoices/index.ts';
import { VisitMediaStrip } from '../media/index.ts';
import { VisitTasksSection } from '../tasks/index.ts';
import { DeclinedWorkSection, VisitApprovalsSection } from '../approvals/index.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { browserTimeZone, useFormatters } from '../../lib/formatters.ts';
import { errorCode, failureMessage } from '../../lib/form-errors.ts';
import { OverdueBadge, PaymentStatusBadge, VisitStatusBadge } from '../../components/status-badges.tsx';
import { VisitTaxTotals } from '../tax/index.ts';
import { VisitEditForm } from './visit-edit-form.tsx';
import { JobSheetButton } from './job-sheet-button.tsx';
import { VisitInspectionsSection } from './visit-inspections-section.tsx';

function Amount({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border bg-card p-3">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className={`text-lg font-semibold tabular-nums ${tone ?? ''}`} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

export function VisitDetailPage() {
  const { t, i18n } = useTranslation('visits');
  const { visitId = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useFormatters();
  const [editing, setEditing] = useState(false);
  const visit = useQuery(trpc.visits.get.queryOptions({ id: visitId, timeZone: browserTimeZone() }));

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() });
  const handOver = useMutation(
    trpc.visits.setStatus.mutationOptions({
      onSuccess: async (updated) => {
        toast.success(t('toast.statusChanged', { status: t(`status.${updated.status}`) }));
        await refresh();
      },
      onError: async (error) => {
        toast.error(failureMessage(t, error, t('toast.updateFailed')));
        await refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.visits.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.deleted'));
        await refresh();
        navigate('/admin/visits');
      },
      onError: async (error) => {
        toast.error(errorCode(error) === 'CONFLICT' ? t('toast.deleteRefused') : t('toast.deleteFailed'));
        await refresh();
      },
    }),
  );

  if (visit.isLoading) return <Skeleton className="h-96 rounded-xl" />;
  if (visit.isError || !visit.data) {
    return (
      <div role="alert" className="rounded-xl border p-8 text-center">
        <p className="font-medium">{errorCode(visit.error) === 'NOT_FOUND' ? t('notFound') : t('loadFailed')}</p>
        <Button variant="link" asChild>
          <Link to="/admin/visits">{t('backToList')}</Link>
        </Button>
      </div>
    );
  }
  const v = visit.data;

  return (
    <div className="flex flex-col gap-5" data-testid="visit-page" data-visit-id={v.id}>
      <Button variant="ghost" size="sm" className="w-fit" asChild>
        <Link to="/admin/visits">
          <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
          {t('backToList')}
        </Link>
      </Button>

      <header className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight" data-testid="visit-name" dir="auto">
            {v.name}
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <VisitStatusBadge status={v.status} />
            <PaymentStatusBadge status={v.paymentStatus} />
            {v.overdue && <OverdueBadge />}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {v.nextStatuses.map((status) => (
            <Button
              key={status}
              disabled={handOver.isPending}
              onClick={() =>
                handOver.mutate({ id: v.id, version: v.version, status: status as 'COMPLETED' | 'READY_FOR_PICKUP' | 'PICKED_UP' })
              }
              data-testid={`handover-${status}`}
            >
              {t(`handover.${status}`)}
            </Button>
          ))}
          <JobSheetButton visitId={v.id} />
          <Button variant="outline" onClick={() => setEditing(true)} data-testid="edit-visit">
            <Pencil aria-hidden="true" />
            {t('actions.edit')}
          </Button>
          <ConfirmDialog
            title={t('confirmDelete.title')}
            description={v.hasPayments ? t('confirmDelete.hasPayments') : t('confirmDelete.body')}
            confirmLabel={t('confirmDelete.confirm')}
            onConfirm={() => remove.mutateAsync({ id: v.id, version: v.version })}
            trigger={
              <Button variant="ghost" aria-label={t('actions.delete')} data-testid="delete-visit">
                <Trash2 aria-hidden="true" />
              </Button>
            }
          />
        </div>
      </header>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="gap-3 py-4 lg:col-span-1">
          <CardContent className="flex flex-col gap-3 text-sm">
            <Link to={`/admin/users/${v.customer.id}`} className="flex items-center gap-2 hover:underline">
              <UserRound className="size-4" aria-hidden="true" />
              <span className="font-medium">
                {v.customer.firstName} {v.customer.lastName}
              </span>
            </Link>
            <Link to={`/admin/users/${v.customer.id}/vehicle/${v.vehicle.id}`} className="flex items-center gap-2 hover:underline">
              <Car className="size-4" aria-hidden="true" />
              <span dir="ltr" className="font-mono">
                {plateInOrder(v.vehicle.plateNumber)}
              </span>
              <span className="text-muted-foreground">
                {v.vehicle.brand} {v.vehicle.model}
              </span>
            </Link>
            <div className="flex items-center gap-2">
              <CalendarClock className="size-4" aria-hidden="true" />
              <span>{t('due', { date: format.day(v.dueDate) })}</span>
            </div>
            <p className="text-muted-foreground">{t('visitDate', { date: format.dateTime(v.visitDate) })}</p>
            {/* Odometer in and out, stored in km and shown in the vehicle's unit. */}
            {(v.odometerInKm !== null || v.odometerOutKm !== null) && (
              <div className="flex items-center gap-2" data-testid="visit-odometer">
                <Gauge className="size-4" aria-hidden="true" />
                <span>
                  {v.odometerInKm !== null && (
                    <>
                      {t('odometer.inShort')} <Ltr>{formatDistance(v.odometerInKm, v.distanceUnit, i18n.language)}</Ltr>
                    </>
                  )}
                  {v.odometerInKm !== null && v.odometerOutKm !== null && ' · '}
                  {v.odometerOutKm !== null && (
                    <>
                      {t('odometer.outShort')} <Ltr>{formatDistance(v.odometerOutKm, v.distanceUnit, i18n.language)}</Ltr>
                    </>
                  )}
                </span>
              </div>
            )}
            {v.notes && (
              <p className="rounded-md bg-muted/50 p-2 whitespace-pre-line" dir="auto">
                {v.notes}
              </p>
            )}
          </CardContent>
        </Card>
        {/* self-start: the amounts keep their own height instead of stretching to the customer card's. */}
        <div className="grid grid-cols-3 gap-3 self-start lg:col-span-2">
          <Amount label={t('columns.total')} value={format.money(v.totalCostCents)} testId="visit-total" />
          <Amount label={t('columns.paid')} value={format.money(v.paidCents)} testId="visit-paid" />
          <Amount
            label={t('columns.balance')}
            value={format.money(v.balanceCents)}
            testId="visit-balance"
            tone={v.balanceCents > 0 ? 'text-red-700 dark:text-red-300' : undefined}
          />
          {/* The total above is what is due (with tax); here how it splits: without tax, tax per rate. */}
          {v.taxes.rates.length > 0 && <VisitTaxTotals taxes={v.taxes} className="col-span-3" />}
        </div>
      </div>

      {/* The inspection comes first: done at check-in, its findings become the proposed tasks below (issue #29). */}
      <VisitInspectionsSection visit={v} />
      <VisitTasksSection visit={v} />
      <VisitApprovalsSection visit={v} />
      <DeclinedWorkSection visit={v} />
      <VisitPaymentsSection visit={v} />
      <VisitInvoicesSection visit={v} />
      <VisitMediaStrip visitId={v.id} vehicleId={v.vehicle.id} ownerId={v.customer.id} area="admin" />

      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent closeLabel={t('actions.close')}>
          <DialogHeader>
            <DialogTitle>{t('editTitle')}</DialogTitle>
            <DialogDescription>{t('editDescription')}</DialogDescription>
          </DialogHeader>
          {editing && <VisitEditForm visit={v} onDone={() => setEditing(false)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}
