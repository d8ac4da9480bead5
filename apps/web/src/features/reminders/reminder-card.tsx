// One reminder as a card: what is due (oil change or the task's title), on which vehicle, its state, when
// (due km / date, with today's estimated km), and for staff the customer, contact status and actions.
import type { ClientReminderView, ReminderState } from '@garage/shared/schemas/reminders';
import { Bell, Droplet, Gauge, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/utils.ts';

const STATE_TONE: Record<ReminderState, 'neutral' | 'info' | 'progress' | 'danger' | 'success'> = {
  SCHEDULED: 'neutral',
  UPCOMING: 'info',
  DUE: 'progress',
  OVERDUE: 'danger',
  DONE: 'success',
  DISMISSED: 'neutral',
};

export function ReminderStateBadge({ state }: { state: ReminderState }) {
  const { t } = useTranslation('reminders');
  return (
    <Badge variant={STATE_TONE[state]} data-testid="reminder-state">
      <Bell />
      {t(`states.${state}`)}
    </Badge>
  );
}

export function useReminderFormat() {
  const { t, i18n } = useTranslation('reminders');
  const number = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    what: (reminder: Pick<ClientReminderView, 'kind' | 'title'>) =>
      reminder.kind === 'OIL_CHANGE' ? t('kinds.OIL_CHANGE') : (reminder.title ?? t('kinds.SERVICE')),
    km: (km: number) => number.format(km),
    date: (iso: string) => date.format(new Date(`${iso}T00:00:00Z`)),
  };
}

export function ReminderCard({
  reminder,
  vehicleLink,
  children,
  className,
}: {
  reminder: ClientReminderView;
  vehicleLink?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('reminders');
  const format = useReminderFormat();
  const Icon = reminder.kind === 'OIL_CHANGE' ? Droplet : Wrench;
  return (
    <li
      className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4', className)}
      data-testid="reminder-card"
      data-reminder-id={reminder.id}
      data-state={reminder.state}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium" dir="auto">
          {format.what(reminder)}
        </span>
        <ReminderStateBadge state={reminder.state} />
        <span className="ms-auto text-sm text-muted-foreground">
          {vehicleLink ?? <Ltr>{reminder.vehicle.plateNumber}</Ltr>} · {reminder.vehicle.brand} {reminder.vehicle.model}
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {reminder.dueKm !== null && (
          <div className="flex gap-1">
            <dt className="text-muted-foreground">{t('fields.dueKm')}</dt>
            <dd>
              <Ltr>{format.km(reminder.dueKm)} km</Ltr>
            </dd>
          </div>
        )}
        {reminder.dueDate && (
          <div className="flex gap-1">
            <dt className="text-muted-foreground">{t('fields.dueDate')}</dt>
            <dd>{format.date(reminder.dueDate)}</dd>
          </div>
        )}
        {reminder.estimatedKm !== null && (
          <div className="flex items-center gap-1">
            <Gauge className="size-3.5 text-muted-foreground" aria-hidden="true" />
            <dt className="text-muted-foreground">{t('fields.estimatedKm')}</dt>
            <dd>
              <Ltr>≈ {format.km(reminder.estimatedKm)} km</Ltr>
            </dd>
          </div>
        )}
      </dl>
      {children}
    </li>
  );
}
