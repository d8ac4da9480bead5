// One appointment request as a compact card: who, what vehicle, which services, when (asked / chosen), its
// state, and for staff the decision buttons.
import type { AppointmentStatus, AppointmentView } from '@garage/shared/schemas/appointments';
import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/utils.ts';
import { useDayLabel } from './booking-form.tsx';

const TONE: Record<AppointmentStatus, 'info' | 'progress' | 'success' | 'danger' | 'neutral'> = {
  REQUESTED: 'info',
  PROPOSED: 'progress',
  ACCEPTED: 'success',
  DECLINED: 'danger',
  CANCELLED: 'neutral',
};

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation('appointments');
  return (
    <Badge variant={TONE[status]} data-testid="appointment-status">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function useWhen(timezone: string) {
  const { t, i18n } = useTranslation('appointments');
  const dayLabel = useDayLabel();
  const time = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timezone,
  });
  return (appointment: AppointmentView) =>
    appointment.scheduledAt
      ? time.format(new Date(appointment.scheduledAt))
      : `${dayLabel(appointment.day)} · ${t(`dayParts.${appointment.dayPart}`)}`;
}

export function AppointmentCard({
  appointment,
  timezone,
  children,
  compact = false,
}: {
  appointment: AppointmentView;
  timezone: string;
  children?: ReactNode;
  compact?: boolean;
}) {
  const when = useWhen(timezone);
  return (
    <div
      className={cn('flex flex-col gap-2 rounded-xl border bg-card p-3 text-sm', compact && 'p-2 text-xs')}
      data-testid="appointment-card"
      data-appointment-id={appointment.id}
      data-status={appointment.status}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium" dir="auto">
          {appointment.fullName}
        </span>
        <AppointmentStatusBadge status={appointment.status} />
      </div>
      <p className="flex items-center gap-1 text-muted-foreground">
        <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
        <bdi data-testid="appointment-when">{when(appointment)}</bdi>
      </p>
      {/* A plate is an island in the card's direction (it lines up with the other lines); a description is typed text. */}
      {appointment.vehicle ? (
        <p>
          <Ltr>{appointment.vehicle.plateNumber}</Ltr>
        </p>
      ) : (
        <p dir="auto">{appointment.vehicleDescription}</p>
      )}
      {appointment.services.length > 0 && (
        <p className="text-muted-foreground" dir="auto">
          {appointment.services.map((service) => service.title).join(' · ')}
        </p>
      )}
      {!compact && (appointment.phone || appointment.email) && (
        <p className="text-muted-foreground">
          {appointment.phone && <Ltr>{appointment.phone}</Ltr>}
          {appointment.phone && appointment.email && ' · '}
          {appointment.email && (
            <span dir="ltr" className="break-all">
              {appointment.email}
            </span>
          )}
        </p>
      )}
      {!compact && appointment.message && (
        <p className="rounded-md bg-muted p-2" dir="auto">
          {appointment.message}
        </p>
      )}
      {!compact && appointment.staffNote && (
        <p className="text-muted-foreground" dir="auto">
          {appointment.staffNote}
        </p>
      )}
      {children}
    </div>
  );
}
