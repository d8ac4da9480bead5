// The default lines of a catalogue item (canned job): the parts picked from the catalogue and the labour hours at
// a rate that a task made from the item starts with. A price left empty is the part's or the rate's price when
// the task is made. Bound to the item form's `lines` (an update sends them all, replacing the item's).
import { useQuery } from '@tanstack/react-query';
import type { ItemInput } from '@garage/shared/schemas/offering';
import { Clock, Package, Plus, Receipt, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../components/money-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FieldError } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { PartSearch, quantityFromText } from '../tasks/index.ts';

/** What a part line shows besides its description (the form keeps only the part's id). */
export type PartLabels = Record<string, { partNumber: string; name: string }>;

const ICONS = { PART: Package, LABOUR: Clock, FLAT: Receipt } as const;

export function ItemLinesField({ initialParts }: { initialParts: PartLabels }) {
  const { t } = useTranslation(['offering', 'tasks']);
  const trpc = useTRPC();
  const format = useFormatters();
  const { control, register, formState } = useFormContext<ItemInput>();
  const lines = useFieldArray({ control, name: 'lines' });
  const [parts, setParts] = useState<PartLabels>(initialParts);
  const [picking, setPicking] = useState(false);
  const rates = useQuery(trpc.labourRates.list.queryOptions({}));
  const defaultRate = rates.data?.find((rate) => rate.isDefault) ?? rates.data?.[0];
  const lineErrors = formState.errors.lines;

  return (
    <section className="flex flex-col gap-3 rounded-lg border p-3" aria-labelledby="item-lines-heading" data-testid="item-lines">
      <div className="flex flex-col gap-0.5">
        <h3 id="item-lines-heading" className="text-sm font-medium">
          {t('offering:lines.title')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('offering:lines.hint')}</p>
      </div>
      {lines.fields.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border">
          {lines.fields.map((line, index) => {
            const Icon = ICONS[line.kind];
            const error = Array.isArray(lineErrors) ? lineErrors[index] : undefined;
            const part = line.partId ? parts[line.partId] : undefined;
            return (
              <li
                key={line.id}
                className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_6rem_8rem_2.75rem] sm:items-start"
                data-testid="item-line"
              >
                <div className="flex min-w-0 items-start gap-2">
                  <Icon className="mt-3 size-4 shrink-0 text-muted-foreground" aria-label={t(`tasks:lines.kind.${line.kind}`)} />
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <Input
                      className="h-11"
                      aria-label={t('tasks:lines.columns.description')}
                      placeholder={part?.name ?? (line.kind === 'LABOUR' ? t('tasks:lines.labourDescription') : '')}
                      {...register(`lines.${index}.description`)}
                    />
                    {part && (
                      <span className="font-mono text-xs text-muted-foreground" dir="ltr">
                        {part.partNumber}
                      </span>
                    )}
                    {line.kind === 'LABOUR' && (
                      <Controller
                        control={control}
                        name={`lines.${index}.labourRateId`}
                        render={({ field }) => (
                          <Select value={field.value || defaultRate?.id || ''} onValueChange={(value) => value && field.onChange(value)}>
                            <SelectTrigger className="h-11 w-full" aria-label={t('tasks:lines.rate')}>
                              <SelectValue placeholder={t('tasks:lines.chooseRate')} />
                            </SelectTrigger>
                            <SelectContent>
                              {rates.data?.map((rate) => (
                                <SelectItem key={rate.id} value={rate.id}>
                                  {t('tasks:lines.rateOption', { name: rate.name, rate: format.money(rate.rateCents) })}
                                </SelectItem>
                              ))}
                            </SelectContent>
                          </Select>
                        )}
                      />
                    )}
                    <FieldError errors={[error?.description, error?.partId, error?.labourRateId]} />
                  </div>
                </div>
                <div className="flex flex-col gap-1">
                  <Input
                    className="h-11 text-end tabular-nums"
                    inputMode="decimal"
                    aria-label={line.kind === 'LABOUR' ? t('tasks:lines.hoursLabel') : t('tasks:lines.columns.quantity')}
                    {...register(`lines.${index}.quantity`, {
                      setValueAs: (value: unknown) => (typeof value === 'string' ? quantityFromText(value) : value),
                    })}
                  />
                  <FieldError errors={[error?.quantity]} />
                </div>
                <div className="flex flex-col gap-1">
                  <Controller
                    control={control}
                    name={`lines.${index}.unitPriceCents`}
                    render={({ field }) => (
                      <MoneyInput
                        className="h-11 text-end tabular-nums"
                        aria-label={t('tasks:lines.columns.unitPrice')}
                        // Empty: the part's or the rate's price when the task is made.
                        placeholder={line.kind === 'FLAT' ? undefined : t('offering:lines.defaultPrice')}
                        value={field.value ?? undefined}
                        onChange={(cents) => field.onChange(cents ?? null)}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                  <FieldError errors={[error?.unitPriceCents]} />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-11"
                  onClick={() => lines.remove(index)}
                  aria-label={t('offering:lines.remove')}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {picking && (
        <div className="rounded-md border p-3">
          <PartSearch
            onPick={(part) => {
              setParts((known) => ({ ...known, [part.id]: { partNumber: part.partNumber, name: part.name } }));
              lines.append({ kind: 'PART', partId: part.id, description: part.name, quantity: 1, unitPriceCents: null });
              setPicking(false);
            }}
          />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" className="h-11" onClick={() => setPicking((open) => !open)} aria-expanded={picking}>
          <Package aria-hidden="true" />
          {t('tasks:lines.add.part')}
        </Button>
        <Button
          type="button"
          variant="outline"
          className="h-11"
          onClick={() =>
            lines.append({ kind: 'LABOUR', labourRateId: defaultRate?.id ?? null, description: '', quantity: 1, unitPriceCents: null })
          }
        >
          <Clock aria-hidden="true" />
          {t('tasks:lines.add.labour')}
        </Button>
        <Button
          type="button"
          variant="outline"
          className="h-11"
          onClick={() => lines.append({ kind: 'FLAT', description: '', quantity: 1, unitPriceCents: 0 })}
        >
          <Plus aria-hidden="true" />
          {t('tasks:lines.add.flat')}
        </Button>
      </div>
    </section>
  );
}
