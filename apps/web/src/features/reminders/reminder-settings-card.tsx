// The reminder and appointment settings (stored with the merchant): oil interval in months, the margins
// that make a reminder "upcoming", and the appointments a day the booking form offers. Only changed values
// are sent (the API applies PATCH semantics).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REMINDER_LIMITS, type ReminderSettings } from '@garage/shared/schemas/reminders';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';

const FIELDS: { key: keyof ReminderSettings; min: number; max: number }[] = [
  { key: 'reminderOilMonths', min: 1, max: REMINDER_LIMITS.oilMonthsMax },
  { key: 'reminderMarginKm', min: 0, max: REMINDER_LIMITS.marginKmMax },
  { key: 'reminderMarginDays', min: 0, max: REMINDER_LIMITS.marginDaysMax },
  { key: 'appointmentsPerDay', min: 1, max: REMINDER_LIMITS.appointmentsPerDayMax },
];

export function ReminderSettingsCard() {
  const { t } = useTranslation('reminders');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.reminders.settings.queryOptions());
  const [draft, setDraft] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) setDraft(Object.fromEntries(Object.entries(settings.data).map(([key, value]) => [key, String(value)])));
  }, [settings.data]);
  const save = useMutation(
    trpc.reminders.updateSettings.mutationOptions({
      onSuccess: () => {
        toast.success(t('settings.saved'));
        void queryClient.invalidateQueries({ queryKey: trpc.reminders.pathKey() });
      },
      onError: () => toast.error(t('settings.invalid')),
    }),
  );
  if (!settings.data) return null;
  const changed: Partial<ReminderSettings> = {};
  for (const { key } of FIELDS) {
    const value = Number(draft[key]);
    if (draft[key] !== undefined && draft[key] !== '' && value !== settings.data[key]) changed[key] = value;
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (Object.keys(changed).length) save.mutate(changed);
          }}
        >
          {FIELDS.map(({ key, min, max }) => (
            <label key={key} className="flex flex-col gap-1 text-sm font-medium">
              {t(`settings.${key}`)}
              <Input
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                value={draft[key] ?? ''}
                onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
                data-testid={`setting-${key}`}
              />
            </label>
          ))}
          <div className="sm:col-span-2 lg:col-span-4">
            <Button type="submit" disabled={save.isPending || Object.keys(changed).length === 0}>
              {save.isPending && <Spinner />}
              {t('settings.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
