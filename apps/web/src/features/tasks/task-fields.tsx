// The inputs of one task (title, service, priority, prices, due date, description), bound to a
// react-hook-form context under `prefix` ("tasks.2." in the add-visit rows, "" on the task page). The same
// shared schema (taskInputSchema) validates them in the browser and on the server.
import { TASK_PRIORITIES, TASK_SERVICES } from '@garage/shared/constants';
import { Controller, useFormContext, type FieldError as RhfFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { numberOr } from '../../lib/number-input.ts';
import { cn } from '../../lib/utils.ts';
import { MoneyInput } from '../../components/money-input.tsx';

type AnyForm = Record<string, unknown>;

function errorAt(errors: object, path: string): RhfFieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node as RhfFieldError | undefined;
}

export function TaskFields({
  prefix = '',
  idPrefix,
  compact = false,
  showDescription = true,
  showPrices = true,
  showCost = true,
}: {
  prefix?: string;
  idPrefix: string;
  compact?: boolean;
  showDescription?: boolean;
  /** Off when the task's lines give its price (it is then changed through them, not here). */
  showPrices?: boolean;
  /** Off for callers who do not see costs (the API sends them null). */
  showCost?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const { register, control, formState } = useFormContext<AnyForm>();
  const name = (field: string) => `${prefix}${field}` as never;
  const error = (field: string) => errorAt(formState.errors, `${prefix}${field}`);
  const id = (field: string) => `${idPrefix}-${field}`;

  const selectField = (field: 'service' | 'priority', options: readonly string[]) => (
    <Field data-invalid={!!error(field)}>
      <FieldLabel htmlFor={id(field)}>{t(`fields.${field}`)}</FieldLabel>
      <Controller
        control={control}
        name={name(field)}
        render={({ field: input }) => (
          <Select value={(input.value as string | undefined) ?? ''} onValueChange={input.onChange}>
            <SelectTrigger id={id(field)} className="w-full" aria-invalid={!!error(field)} data-testid={id(field)} onBlur={input.onBlur}>
              <SelectValue placeholder={t('fields.choose')} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option} value={option}>
                  {t(`${field}.${option}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <FieldError errors={[error(field)]} />
    </Field>
  );

  const moneyField = (field: 'soldForCents' | 'costCents') => (
    <Field data-invalid={!!error(field)}>
      <FieldLabel htmlFor={id(field)}>{t(`fields.${field}`)}</FieldLabel>
      <Controller
        control={control}
        name={name(field)}
        render={({ field: input }) => (
          <MoneyInput
            id={id(field)}
            value={input.value as number | undefined}
            onChange={input.onChange}
            onBlur={input.onBlur}
            aria-invalid={!!error(field)}
            data-testid={id(field)}
          />
        )}
      />
      <FieldError errors={[error(field)]} />
    </Field>
  );

  return (
    <div className={cn('grid gap-3', compact ? 'sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]' : 'sm:grid-cols-2')}>
      <Field data-invalid={!!error('title')} className={cn(!compact && 'sm:col-span-2')}>
        <FieldLabel htmlFor={id('title')}>{t('fields.title')}</FieldLabel>
        <Input id={id('title')} {...register(name('title'))} aria-invalid={!!error('title')} data-testid={id('title')} />
        <FieldError errors={[error('title')]} />
      </Field>
      {selectField('service', TASK_SERVICES)}
      {selectField('priority', TASK_PRIORITIES)}
      {showPrices && moneyField('soldForCents')}
      {showPrices && showCost && moneyField('costCents')}
      {showDescription && (
        <>
          <Field data-invalid={!!error('dueDate')}>
            <FieldLabel htmlFor={id('dueDate')}>{t('fields.dueDate')}</FieldLabel>
            <Input id={id('dueDate')} type="date" {...register(name('dueDate'))} aria-invalid={!!error('dueDate')} />
            <FieldError errors={[error('dueDate')]} />
          </Field>
          {/* Once completed, remind the customer (e.g. a brake check in 6 months or 10 000 km). */}
          {(['remindInMonths', 'remindInKm'] as const).map((field) => (
            <Field key={field} data-invalid={!!error(field)}>
              <FieldLabel htmlFor={id(field)}>{t(`fields.${field}`)}</FieldLabel>
              <Input
                id={id(field)}
                type="number"
                inputMode="numeric"
                min={1}
                {...register(name(field), { setValueAs: numberOr(null) })}
                aria-invalid={!!error(field)}
                data-testid={id(field)}
              />
              <FieldError errors={[error(field)]} />
            </Field>
          ))}
          <Field data-invalid={!!error('description')} className={cn(compact ? 'sm:col-span-2 lg:col-span-4' : 'sm:col-span-2')}>
            <FieldLabel htmlFor={id('description')}>{t('fields.description')}</FieldLabel>
            <Textarea id={id('description')} rows={2} {...register(name('description'))} aria-invalid={!!error('description')} />
            <FieldError errors={[error('description')]} />
          </Field>
        </>
      )}
    </div>
  );
}
