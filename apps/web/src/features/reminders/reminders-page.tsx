// /admin/reminders: the reminders that ask for action (upcoming, due, overdue), filtered by state, kind and
// contact status, each with its click-to-send texts and one-click "contacted"; the reminder and
// appointment settings below. Data: tRPC reminders.* (apps/api/src/modules/reminders).
import { useQuery } from '@tanstack/react-query';
import {
  ACTIVE_REMINDER_STATES,
  REMINDER_KINDS,
  REMINDER_STATES,
  type ReminderKind,
  type ReminderState,
} from '@garage/shared/schemas/reminders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ReminderActions } from './reminder-actions.tsx';
import { ReminderCard } from './reminder-card.tsx';
import { ReminderSettingsCard } from './reminder-settings-card.tsx';
import { StatutorySettingsCard } from './statutory-settings-card.tsx';

type StateFilter = 'active' | ReminderState;
type ContactFilter = 'all' | 'contacted' | 'notContacted';

export function RemindersPage() {
  const { t } = useTranslation('reminders');
  const trpc = useTRPC();
  const [state, setState] = useState<StateFilter>('active');
  const [kind, setKind] = useState<'all' | ReminderKind>('all');
  const [contact, setContact] = useState<ContactFilter>('notContacted');
  const list = useQuery(
    trpc.reminders.list.queryOptions({
      states: state === 'active' ? [...ACTIVE_REMINDER_STATES] : [state],
      kind: kind === 'all' ? undefined : kind,
      contact,
    }),
  );

  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" role="group" aria-label={t('filters.label')}>
        <Filter
          label={t('filters.state')}
          value={state}
          onChange={(value) => setState(value as StateFilter)}
          testId="filter-state"
          options={[['active', t('filters.active')], ...REMINDER_STATES.map((value) => [value, t(`states.${value}`)] as [string, string])]}
        />
        <Filter
          label={t('filters.kind')}
          value={kind}
          onChange={(value) => setKind(value as 'all' | ReminderKind)}
          testId="filter-kind"
          options={[['all', t('filters.allKinds')], ...REMINDER_KINDS.map((value) => [value, t(`kinds.${value}`)] as [string, string])]}
        />
        <Filter
          label={t('filters.contact')}
          value={contact}
          onChange={(value) => setContact(value as ContactFilter)}
          testId="filter-contact"
          options={[
            ['notContacted', t('filters.notContacted')],
            ['contacted', t('filters.contacted')],
            ['all', t('filters.allContacts')],
          ]}
        />
      </div>
      {list.isPending && <Skeleton className="h-40 w-full" />}
      {list.isError && <LoadErrorCard message={t('loadFailed')} />}
      {list.data && list.data.length === 0 && (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground" data-testid="reminders-empty">
          {t('empty')}
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid="reminders-list">
          {list.data.map((reminder) => (
            <ReminderCard
              key={reminder.id}
              reminder={reminder}
              vehicleLink={
                <Link to={`/admin/users/${reminder.customer.id}/vehicle/${reminder.vehicle.id}`} className="hover:underline">
                  <Ltr>{reminder.vehicle.plateNumber}</Ltr>
                </Link>
              }
            >
              <p className="text-sm">
                <Link to={`/admin/users/${reminder.customer.id}`} className="font-medium hover:underline" dir="auto">
                  {reminder.customer.firstName} {reminder.customer.lastName}
                </Link>
                {reminder.customer.phone && (
                  <>
                    {' '}
                    · <Ltr>{reminder.customer.phone}</Ltr>
                  </>
                )}
                {reminder.customer.email && (
                  <>
                    {' '}
                    ·{' '}
                    <span dir="ltr" className="break-all">
                      {reminder.customer.email}
                    </span>
                  </>
                )}
              </p>
              <ReminderActions reminder={reminder} />
            </ReminderCard>
          ))}
        </ul>
      )}
      <ReminderSettingsCard />
      <StatutorySettingsCard />
    </section>
  );
}

function Filter({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
  testId: string;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger className="w-full" data-testid={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([key, text]) => (
            <SelectItem key={key} value={key}>
              {text}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </label>
  );
}
