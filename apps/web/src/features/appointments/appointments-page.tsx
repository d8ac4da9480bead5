// /admin/appointments: requests waiting for an answer, and the week calendar (hours from the shop's working
// hours in branding; times in the shop's time zone). Staff accept (with a time, optionally creating the
// visit), propose another time or decline. Data: tRPC appointments.* (apps/api/src/modules/appointments).
import { useQuery } from '@tanstack/react-query';
import type { AppointmentView } from '@garage/shared/schemas/appointments';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { isolateNumbers, Ltr } from '../../components/ltr.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { AppointmentCard } from './appointment-card.tsx';
import { useDayLabel } from './booking-form.tsx';
import { DecisionDialog, type Decision } from './decision-dialog.tsx';
import { addDays, isoToZoned, todayIn, weekStart } from './zoned-time.ts';

export function AppointmentsPage() {
  const { t, i18n } = useTranslation('appointments');
  const trpc = useTRPC();
  const [from, setFrom] = useState(() => weekStart(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone)));
  const list = useQuery(trpc.appointments.list.queryOptions({ from, days: 7, language: i18n.language }));
  const [deciding, setDeciding] = useState<{ appointment: AppointmentView; decision: Decision } | null>(null);
  const dayLabel = useDayLabel();

  const actions = (appointment: AppointmentView) =>
    appointment.status === 'REQUESTED' || appointment.status === 'PROPOSED' ? (
      <div className="flex flex-wrap gap-2">
        {(['accept', 'propose', 'decline'] as const).map((decision) => (
          <Button
            key={decision}
            size="sm"
            variant={decision === 'accept' ? 'default' : decision === 'decline' ? 'ghost' : 'outline'}
            onClick={() => setDeciding({ appointment, decision })}
            data-testid={`appointment-${decision}`}
          >
            {t(`actions.${decision}`)}
          </Button>
        ))}
      </div>
    ) : appointment.visitId && appointment.vehicle ? (
      <Link
        to={`/admin/users/${appointment.vehicle.ownerId}/vehicle/${appointment.vehicle.id}/visit/${appointment.visitId}`}
        className="text-primary hover:underline"
        data-testid="appointment-visit"
      >
        {t('actions.openVisit')}
      </Link>
    ) : null;

  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      {list.isPending && <Skeleton className="h-64 w-full" />}
      {list.isError && <LoadErrorCard message={t('loadFailed')} />}
      {list.data && (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{t('waiting.title', { count: list.data.waiting.length })}</CardTitle>
            </CardHeader>
            <CardContent>
              {list.data.waiting.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('waiting.empty')}</p>
              ) : (
                <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="appointments-waiting">
                  {list.data.waiting.map((appointment) => (
                    <AppointmentCard key={appointment.id} appointment={appointment} timezone={list.data.timezone}>
                      {actions(appointment)}
                    </AppointmentCard>
                  ))}
                </div>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle>{t('week.title', { from: dayLabel(from) })}</CardTitle>
              <div className="flex items-center gap-1">
                <Button size="icon" variant="outline" aria-label={t('week.previous')} onClick={() => setFrom(addDays(from, -7))}>
                  <ChevronLeft className="rtl:rotate-180" />
                </Button>
                <Button size="sm" variant="outline" onClick={() => setFrom(weekStart(todayIn(list.data.timezone)))}>
                  {t('week.today')}
                </Button>
                <Button size="icon" variant="outline" aria-label={t('week.next')} onClick={() => setFrom(addDays(from, 7))}>
                  <ChevronRight className="rtl:rotate-180" />
                </Button>
              </div>
              {list.data.workingHours.text && (
                <p className="w-full text-xs whitespace-pre-line text-muted-foreground" dir="auto" data-testid="appointments-working-hours">
                  {isolateNumbers(list.data.workingHours.text)}
                </p>
              )}
            </CardHeader>
            <CardContent>
              <WeekGrid from={from} data={list.data} actions={actions} />
            </CardContent>
          </Card>
        </>
      )}
      {deciding && list.data && (
        <DecisionDialog
          appointment={deciding.appointment}
          decision={deciding.decision}
          timezone={list.data.timezone}
          onClose={() => setDeciding(null)}
        />
      )}
    </section>
  );
}

/** Seven day columns (stacked on phones); accepted and proposed requests sit in their hour row, requests without a time at the top of their day. */
function WeekGrid({
  from,
  data,
  actions,
}: {
  from: string;
  data: { items: AppointmentView[]; timezone: string; perDay: number; workingHours: { startHour: number; endHour: number } };
  actions: (a: AppointmentView) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation('appointments');
  const days = Array.from({ length: 7 }, (_, index) => addDays(from, index));
  const hours = Array.from(
    { length: Math.max(1, data.workingHours.endHour - data.workingHours.startHour) },
    (_, index) => data.workingHours.startHour + index,
  );
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
  const hourLabel = (hour: number) =>
    new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, 0, 1, hour)),
    );
  const live = (item: AppointmentView) => item.status !== 'DECLINED' && item.status !== 'CANCELLED';
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-7 lg:gap-1" data-testid="appointments-week">
      {days.map((day) => {
        const items = data.items.filter((item) => item.day === day && live(item));
        const untimed = items.filter((item) => !item.scheduledAt);
        const count = items.length;
        return (
          <div
            key={day}
            className="flex min-w-0 flex-col gap-1 rounded-lg border p-2 lg:border-0 lg:p-0"
            data-testid="appointments-day"
            data-day={day}
          >
            <div
              className={cn(
                'flex items-baseline justify-between gap-1 rounded-md bg-muted px-2 py-1 text-sm font-medium',
                count >= data.perDay && 'bg-amber-500/15',
              )}
            >
              <bdi>{weekday.format(new Date(`${day}T00:00:00Z`))}</bdi>
              <Ltr className="text-xs text-muted-foreground tabular-nums">{t('week.load', { count, perDay: data.perDay })}</Ltr>
            </div>
            {/* Requests still to answer carry their buttons in the waiting list above; the calendar stays compact. */}
            {untimed.map((item) => (
              <AppointmentCard key={item.id} appointment={item} timezone={data.timezone} compact />
            ))}
            {hours.map((hour) => {
              const inHour = items.filter((item) => item.scheduledAt && isoToZoned(item.scheduledAt, data.timezone).hour === hour);
              return (
                <div
                  key={hour}
                  className={cn('flex min-h-8 flex-col gap-1 border-t border-dashed pt-1', inHour.length === 0 && 'hidden lg:flex')}
                >
                  <span className="text-[10px] text-muted-foreground tabular-nums" dir="ltr">
                    {hourLabel(hour)}
                  </span>
                  {inHour.map((item) => (
                    <AppointmentCard key={item.id} appointment={item} timezone={data.timezone} compact>
                      {item.status === 'ACCEPTED' ? actions(item) : null}
                    </AppointmentCard>
                  ))}
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
