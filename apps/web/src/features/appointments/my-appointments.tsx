// The client's side: their requests with the shop's answer (take a proposed time, cancel), and booking from
// the portal for one of their vehicles (preselected on the vehicle page).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayPart } from '@garage/shared/schemas/appointments';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { AppointmentCard } from './appointment-card.tsx';
import { ServicesAndDayFields } from './booking-form.tsx';

export function MyAppointmentsCard() {
  const { t, i18n } = useTranslation('appointments');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.myAppointments.list.queryOptions({ language: i18n.language }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.myAppointments.pathKey() });
  const take = useMutation(
    trpc.myAppointments.acceptProposal.mutationOptions({
      onSuccess: () => {
        toast.success(t('toasts.taken'));
        refresh();
      },
      onError: () => toast.error(t('toasts.failed')),
    }),
  );
  const cancel = useMutation(
    trpc.myAppointments.cancel.mutationOptions({
      onSuccess: () => {
        toast.success(t('toasts.cancelled'));
        refresh();
      },
      onError: () => toast.error(t('toasts.failed')),
    }),
  );
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!list.data?.length) return null;
  return (
    <Card data-testid="my-appointments">
      <CardHeader>
        <CardTitle>{t('client.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 md:grid-cols-2">
        {list.data.map((appointment) => (
          <AppointmentCard key={appointment.id} appointment={appointment} timezone={timezone}>
            <div className="flex flex-wrap gap-2">
              {appointment.status === 'PROPOSED' && (
                <Button
                  size="sm"
                  onClick={() => take.mutate({ id: appointment.id })}
                  disabled={take.isPending}
                  data-testid="appointment-take"
                >
                  {t('client.take')}
                </Button>
              )}
              {['REQUESTED', 'PROPOSED', 'ACCEPTED'].includes(appointment.status) && (
                <Button size="sm" variant="ghost" onClick={() => cancel.mutate({ id: appointment.id })} disabled={cancel.isPending}>
                  {t('client.cancel')}
                </Button>
              )}
            </div>
          </AppointmentCard>
        ))}
      </CardContent>
    </Card>
  );
}

export function BookForVehicleButton({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation('appointments');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="book-for-vehicle">
        <CalendarPlus />
        {t('client.book')}
      </Button>
      <FormDialog open={open} onOpenChange={setOpen} title={t('form.title')}>
        <MyBookingForm vehicleId={vehicleId} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  );
}

function MyBookingForm({ vehicleId, onDone }: { vehicleId: string; onDone: () => void }) {
  const { t } = useTranslation('appointments');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const availability = useQuery(trpc.myAppointments.availability.queryOptions({ days: 30 }));
  const [services, setServices] = useState<string[]>([]);
  const [day, setDay] = useState('');
  const [dayPart, setDayPart] = useState<DayPart>('ANY');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const book = useMutation(
    trpc.myAppointments.request.mutationOptions({
      onSuccess: () => {
        toast.success(t('form.doneTitle'));
        void queryClient.invalidateQueries({ queryKey: trpc.myAppointments.pathKey() });
        onDone();
      },
      onError: (error) => {
        setErrors(
          error.data && 'fieldErrors' in error.data ? ((error.data as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {}) : {},
        );
        toast.error(t('errors.failed'));
      },
    }),
  );
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!day) return setErrors({ day: ['required'] });
        book.mutate({ vehicleId, serviceItemIds: services, day, dayPart, message: message.trim() || null });
      }}
      data-testid="my-booking-form"
    >
      <ServicesAndDayFields
        idPrefix="my-booking"
        services={services}
        setServices={setServices}
        day={day}
        setDay={setDay}
        dayPart={dayPart}
        setDayPart={setDayPart}
        errors={errors}
        days={availability.data?.days}
      />
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('form.message')}
        <Textarea rows={2} value={message} onChange={(event) => setMessage(event.target.value)} />
      </label>
      <div className="flex justify-end">
        <Button type="submit" disabled={book.isPending} data-testid="my-booking-submit">
          {book.isPending && <Spinner />}
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
