// A vehicle's reminders: on the staff vehicle page (with the actions) and, for clients, on the dashboard and
// their vehicle page (what is coming up, nothing about contact bookkeeping).
import { useQuery } from '@tanstack/react-query';
import { ACTIVE_REMINDER_STATES } from '@garage/shared/schemas/reminders';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ReminderActions } from './reminder-actions.tsx';
import { ReminderCard } from './reminder-card.tsx';

export function VehicleRemindersCard({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation('reminders');
  const trpc = useTRPC();
  const list = useQuery(
    trpc.reminders.list.queryOptions({ vehicleId, states: [...ACTIVE_REMINDER_STATES, 'SCHEDULED', 'DISMISSED'], contact: 'all' }),
  );
  return (
    <Card data-testid="vehicle-reminders">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell className="size-4" aria-hidden="true" />
          {t('sections.vehicle')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {list.data && list.data.length === 0 && <p className="text-sm text-muted-foreground">{t('emptyVehicle')}</p>}
        <ul className="flex flex-col gap-3">
          {list.data?.map((reminder) => (
            <ReminderCard key={reminder.id} reminder={reminder}>
              {reminder.state !== 'SCHEDULED' && <ReminderActions reminder={reminder} />}
            </ReminderCard>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The client's reminders (all vehicles, or one); renders nothing when there is none. */
export function MyRemindersCard({ vehicleId }: { vehicleId?: string }) {
  const { t } = useTranslation('reminders');
  const trpc = useTRPC();
  const list = useQuery(trpc.myReminders.list.queryOptions({ vehicleId }));
  if (!list.data?.length) return null;
  return (
    <Card data-testid="my-reminders">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell className="size-4" aria-hidden="true" />
          {t('sections.mine')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {list.data.map((reminder) => (
            <ReminderCard key={reminder.id} reminder={reminder} />
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted-foreground">{t('client.hint')}</p>
      </CardContent>
    </Card>
  );
}
