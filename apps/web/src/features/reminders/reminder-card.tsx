// One reminder as a card: what is due (oil change, the task's title or the statutory inspection), on which
// vehicle, its state, when (due km / date, with today's estimated km, in the vehicle's unit), and for staff the
// customer, contact status and actions.
import { formatDistance } from '@garage/shared/distance';
import type { ClientReminderView, ReminderState } from '@garage/shared/schemas/reminders';
import { Bell, ClipboardCheck, Droplet, Gauge, Wrench } from 'lucide-react';
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
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    what: (reminder: Pick<ClientReminderView, 'kind' | 'title' | 'inspection'>) =>
      reminder.kind === 'OIL_CHANGE'
        ? t('kinds.OIL_CHANGE')
        : reminder.kind === 'STATUTORY'
          ? t(`statutory.names.${reminder.inspection ?? 'generic'}`)
          : (reminder.title ?? t('kinds.SERVICE')),
    /** Stored km in the vehicle's unit, with its label ("45,000 mi"). */
    distance: (km: number, vehicle: Pick<ClientReminderView['vehicle'], 'distanceUnit'>) =>
      formatDistance(km, vehicle.distanceUnit, i18n.language),
    date: (iso: string) => date.format(new Date(`${iso}T00:00:00Z`)),
  };
}

const KIND_ICON = { OIL_CHANGE: Droplet, SERVICE: Wrench, STATUTORY: ClipboardCheck } as const;

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
  const Icon = KIND_ICON[reminder.kind];
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
              <Ltr>{format.distance(reminder.dueKm, reminder.vehicle)}</Ltr>
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
              <Ltr>≈ {format.distance(reminder.estimatedKm, reminder.vehicle)}</Ltr>
            </dd>
          </div>
        )}
      </dl>
      {reminder.kind === 'STATUTORY' && (
        <p className="text-sm text-muted-foreground" data-testid="statutory-explanation">
          {t(`statutory.explanations.${reminder.inspection ?? 'generic'}`)}
        </p>
      )}
      {children}
    </li>
  );
}
