// The statutory inspection rule (contrôle technique, visite technique, MOT): by default the law of the shop's
// country (its legal address, else its tax profile); an admin may switch the reminders off or set the shop's
// own years (an empty field keeps the country's). Other staff see the rule applied, read-only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STATUTORY_LIMITS } from '@garage/shared/statutory-inspections';
import type { StatutorySettingsInput } from '@garage/shared/schemas/reminders';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { useTRPC } from '../../lib/trpc.ts';

const YEAR_FIELDS = [
  { key: 'statutoryFirstAfterYears', rule: 'firstAfterYears', min: 0, max: STATUTORY_LIMITS.firstAfterYearsMax },
  { key: 'statutoryEveryYears', rule: 'thenEveryYears', min: 1, max: STATUTORY_LIMITS.everyYearsMax },
] as const;

export function StatutorySettingsCard() {
  const { t } = useTranslation('reminders');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isAdmin = useAuth().roles.includes('ADMIN');
  const settings = useQuery(trpc.reminders.statutorySettings.queryOptions());
  const [enabled, setEnabled] = useState(true);
  const [years, setYears] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!settings.data) return;
    setEnabled(settings.data.statutoryInspectionEnabled);
    setYears({
      statutoryFirstAfterYears: settings.data.statutoryFirstAfterYears?.toString() ?? '',
      statutoryEveryYears: settings.data.statutoryEveryYears?.toString() ?? '',
    });
  }, [settings.data]);
  const save = useMutation(
    trpc.reminders.updateStatutorySettings.mutationOptions({
      onSuccess: () => {
        toast.success(t('settings.saved'));
        void queryClient.invalidateQueries({ queryKey: trpc.reminders.pathKey() });
      },
      onError: () => toast.error(t('settings.invalid')),
    }),
  );
  const data = settings.data;
  if (!data) return null;

  // Only what changed is sent; an emptied field gives the year back to the country's rule (null).
  const changed: Partial<StatutorySettingsInput> = {};
  if (enabled !== data.statutoryInspectionEnabled) changed.statutoryInspectionEnabled = enabled;
  for (const { key } of YEAR_FIELDS) {
    const text = (years[key] ?? '').trim();
    const value = text === '' ? null : Number(text);
    if (value !== data[key]) changed[key] = value;
  }
  const rule = data.rule;
  return (
    <Card data-testid="statutory-settings">
      <CardHeader>
        <CardTitle>{t('statutory.settings.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground" data-testid="statutory-rule">
          {rule
            ? t('statutory.settings.rule', {
                name: t(`statutory.names.${rule.nameKey}`),
                first: rule.firstAfterYears,
                every: rule.thenEveryYears,
              })
            : data.statutoryInspectionEnabled
              ? t('statutory.settings.noRule', { country: data.countryCode ?? '—' })
              : t('statutory.settings.off')}
        </p>
        <form
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (Object.keys(changed).length) save.mutate(changed);
          }}
        >
          <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2 lg:col-span-3">
            <Switch checked={enabled} onCheckedChange={setEnabled} disabled={!isAdmin} data-testid="statutory-enabled" />
            {t('statutory.settings.enabled')}
          </label>
          {YEAR_FIELDS.map(({ key, rule: ruleKey, min, max }) => (
            <label key={key} className="flex flex-col gap-1 text-sm font-medium">
              {t(`statutory.settings.${key}`)}
              <Input
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                value={years[key] ?? ''}
                // Empty: the country's rule, shown as the hint.
                placeholder={data.countryRule ? String(data.countryRule[ruleKey]) : ''}
                onChange={(event) => setYears({ ...years, [key]: event.target.value })}
                disabled={!isAdmin || !enabled}
                data-testid={`setting-${key}`}
              />
            </label>
          ))}
          <p className="text-sm text-muted-foreground sm:col-span-2 lg:col-span-3">
            {isAdmin ? t('statutory.settings.hint') : t('statutory.settings.adminOnly')}
          </p>
          {isAdmin && (
            <div className="sm:col-span-2 lg:col-span-3">
              <Button type="submit" disabled={save.isPending || Object.keys(changed).length === 0} data-testid="statutory-save">
                {save.isPending && <Spinner />}
                {t('statutory.settings.save')}
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
