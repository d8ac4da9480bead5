// Staff answer a request: accept (a time; optionally create the visit with the requested services as
// tasks, naming the vehicle's plate when the request came from the public site), propose another time, or
// decline; an optional note goes to the customer in the email.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentView } from '@garage/shared/schemas/appointments';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { isoToZoned, zonedToIso } from './zoned-time.ts';

export type Decision = 'accept' | 'propose' | 'decline';

export function DecisionDialog({
  appointment,
  decision,
  timezone,
  onClose,
}: {
  appointment: AppointmentView;
  decision: Decision;
  timezone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const initial = appointment.scheduledAt
    ? isoToZoned(appointment.scheduledAt, timezone)
    : { day: appointment.day, time: appointment.dayPart === 'AFTERNOON' ? '14:00' : '09:00' };
  const [day, setDay] = useState(initial.day);
  const [time, setTime] = useState(initial.time);
  const [note, setNote] = useState('');
  const [createVisit, setCreateVisit] = useState(appointment.services.length > 0);
  const [plate, setPlate] = useState(appointment.vehicle?.plateNumber ?? '');
  const [plateError, setPlateError] = useState(false);
  const done = async (message: string) => {
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: trpc.appointments.pathKey() });
    onClose();
  };
  const onError = (error: { data?: { fieldErrors?: Record<string, string[]> } | null }) => {
    if (error.data?.fieldErrors?.plateNumber) setPlateError(true);
    else toast.error(t('toasts.failed'));
  };
  const accept = useMutation(
    trpc.appointments.accept.mutationOptions({
      onSuccess: async (result) => {
        await done(t('toasts.accepted'));
        if (result.visitId && result.vehicle)
          navigate(`/admin/users/${result.vehicle.ownerId}/vehicle/${result.vehicle.id}/visit/${result.visitId}`);
      },
      onError,
    }),
  );
  const propose = useMutation(trpc.appointments.propose.mutationOptions({ onSuccess: () => done(t('toasts.proposed')), onError }));
  const decline = useMutation(trpc.appointments.decline.mutationOptions({ onSuccess: () => done(t('toasts.declined')), onError }));
  const busy = accept.isPending || propose.isPending || decline.isPending;
  const submit = () => {
    const scheduledAt = zonedToIso(day, time, timezone);
    const noteValue = note.trim() || null;
    if (decision === 'accept')
      accept.mutate({ id: appointment.id, scheduledAt, note: noteValue, createVisit, plateNumber: appointment.vehicle ? null : plate });
    else if (decision === 'propose') propose.mutate({ id: appointment.id, scheduledAt, note: noteValue });
    else decline.mutate({ id: appointment.id, note: noteValue });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent closeLabel={t('actions.close')} data-testid="decision-dialog">
        <DialogHeader>
          <DialogTitle>{t(`decision.${decision}Title`)}</DialogTitle>
          <DialogDescription dir="auto">
            {appointment.fullName} · {appointment.vehicleDescription}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          {decision !== 'decline' && (
            <div className="grid grid-cols-2 gap-3">
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('decision.day')}
                <Input type="date" value={day} onChange={(event) => setDay(event.target.value)} data-testid="decision-day" />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('decision.time')}
                <Input type="time" step={900} value={time} onChange={(event) => setTime(event.target.value)} data-testid="decision-time" />
              </label>
            </div>
          )}
          {decision === 'accept' && (
            <>
              <label className="flex items-start gap-2 text-sm">
                <Checkbox
                  checked={createVisit}
                  disabled={appointment.services.length === 0}
                  onCheckedChange={(value) => setCreateVisit(value === true)}
                  data-testid="decision-create-visit"
                  className="mt-0.5"
                />
                <span>
                  {appointment.services.length
                    ? t('decision.createVisit', { count: appointment.services.length })
                    : t('decision.noServices')}
                </span>
              </label>
              {createVisit && !appointment.vehicle && (
                <label className="flex flex-col gap-1 text-sm font-medium">
                  {t('decision.plate')}
                  <Input
                    value={plate}
                    onChange={(event) => {
                      setPlate(event.target.value);
                      setPlateError(false);
                    }}
                    dir="ltr"
                    aria-invalid={plateError}
                    data-testid="decision-plate"
                  />
                  <span
                    className={plateError ? 'text-destructive' : 'text-muted-foreground font-normal'}
                    role={plateError ? 'alert' : undefined}
                  >
                    {plateError ? t('errors.noVehicle') : t('decision.plateHint')}
                  </span>
                </label>
              )}
            </>
          )}
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('decision.note')}
            <Textarea rows={2} value={note} onChange={(event) => setNote(event.target.value)} data-testid="decision-note" />
          </label>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant={decision === 'decline' ? 'destructive' : 'default'}
            onClick={submit}
            disabled={busy || (decision !== 'decline' && (!day || !time))}
            data-testid="decision-submit"
          >
            {busy && <Spinner />}
            {t(`actions.${decision}`)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
