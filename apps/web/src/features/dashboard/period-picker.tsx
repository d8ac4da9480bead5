// The main panel's period: four named periods as one-tap chips, or a custom range (two days, applied
// together so the panel does not reload on every keystroke).
import { DASHBOARD_PERIODS } from '@garage/shared/schemas/dashboard';
import { CalendarRange } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { todayIso } from '../../lib/formatters.ts';
import { isValidCustomRange, type DashboardPeriodState } from './use-dashboard-period.ts';

export function PeriodPicker({ value, onChange }: { value: DashboardPeriodState; onChange: (next: DashboardPeriodState) => void }) {
  const { t } = useTranslation('dashboard');
  const [customOpen, setCustomOpen] = useState(value.period === 'custom');
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (value.period === 'custom') {
      setFrom(value.from ?? '');
      setTo(value.to ?? '');
      setCustomOpen(true);
    }
  }, [value]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidCustomRange(from, to)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onChange({ period: 'custom', from, to });
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" role="group" aria-label={t('periodLabel')}>
        {DASHBOARD_PERIODS.map((period) => {
          const active = period === 'custom' ? customOpen || value.period === 'custom' : value.period === period && !customOpen;
          return (
            <Button
              key={period}
              size="sm"
              variant={active ? 'default' : 'outline'}
              aria-pressed={active}
              data-testid={`period-${period}`}
              className="shrink-0 rounded-full"
              onClick={() => {
                if (period === 'custom') setCustomOpen(true);
                else {
                  setCustomOpen(false);
                  onChange({ period });
                }
              }}
            >
              {period === 'custom' && <CalendarRange aria-hidden="true" />}
              {t(`periods.${period}`)}
            </Button>
          );
        })}
      </div>
      {customOpen && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={apply} noValidate data-testid="custom-period">
          <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
            {t('from')}
            <Input
              type="date"
              value={from}
              max={to || todayIso()}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={invalid}
              className="w-40"
            />
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
            {t('to')}
            <Input
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={invalid}
              className="w-40"
            />
          </label>
          <Button type="submit" size="sm" className="h-9">
            {t('apply')}
          </Button>
          {invalid && (
            <p className="w-full text-sm text-destructive" role="alert">
              {t('customInvalid')}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
