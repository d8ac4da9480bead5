// Add or edit a part (admins): identity (number, name, brand, category, barcode), unit, cost and price (no
// price: the markup band of its cost gives it), where it lives, when to reorder and from whom. Editing sends only
// what changed. The barcode can be scanned into its field.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PART_UNITS } from '@garage/shared/inventory-rules';
import { partInputSchema, type PartInput, type PartView } from '@garage/shared/schemas/inventory';
import type { z } from 'zod';
import { BarcodeScanButton } from '../../components/barcode-scanner.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { TaxRateSelect } from '../tax/index.ts';
import { usePartsRefresh } from './use-parts-refresh.ts';

type PartFormValues = z.output<typeof partInputSchema>;
const NO_SUPPLIER = 'none';

interface PartFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The part to edit; a new part when absent (the dialog then opens the new part's page). */
  part?: PartView;
}

export function PartFormDialog({ open, onOpenChange, part }: PartFormDialogProps) {
  const { t } = useTranslation('parts');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={part ? t('form.editTitle') : t('form.addTitle')}
      description={t('form.description')}
    >
      {open && <PartForm part={part} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

const toNumberOrNull = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));

function PartForm({ part, onDone }: { part?: PartView; onDone: () => void }) {
  const { t } = useTranslation(['parts', 'validation', 'fields', 'common', 'tax']);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const refresh = usePartsRefresh();
  const categories = useQuery(trpc.parts.categories.queryOptions());
  const suppliers = useQuery(trpc.suppliers.list.queryOptions({ pageSize: 100 }));
  const form = useForm<PartInput, unknown, PartFormValues>({
    resolver: zodResolver(partInputSchema),
    defaultValues: {
      partNumber: part?.partNumber ?? '',
      name: part?.name ?? '',
      brand: part?.brand ?? '',
      category: part?.category ?? '',
      barcode: part?.barcode ?? '',
      unit: part?.unit ?? 'PIECE',
      costCents: part?.costCents ?? 0,
      priceCents: part?.priceCents ?? null,
      binLocation: part?.binLocation ?? '',
      reorderPoint: part?.reorderPoint ?? null,
      reorderQuantity: part?.reorderQuantity ?? null,
      supplierId: part?.supplier?.id ?? null,
      taxRateId: part?.taxRateId ?? null,
      notes: part?.notes ?? '',
    },
  });
  const { errors, dirtyFields } = form.formState;
  const create = useMutation(trpc.parts.create.mutationOptions());
  const update = useMutation(trpc.parts.update.mutationOptions());
  const busy = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (part) {
        const changes: Partial<PartFormValues> = {};
        for (const key of Object.keys(values) as (keyof PartFormValues)[]) {
          if (dirtyFields[key]) (changes as Record<string, unknown>)[key] = values[key];
        }
        if (Object.keys(changes).length) await update.mutateAsync({ id: part.id, ...changes });
        await refresh();
        toast.success(t('parts:toasts.updated'));
        onDone();
      } else {
        const created = await create.mutateAsync(values);
        await refresh();
        toast.success(t('parts:toasts.created'));
        onDone();
        navigate(`/admin/parts/${created.id}`);
      }
    } catch (error) {
      applyServerFieldErrors(form.setError, error, t);
      toast.error(t(part ? 'parts:toasts.updateFailed' : 'parts:toasts.createFailed'));
    }
  });

  const textField = (name: 'partNumber' | 'name' | 'brand' | 'binLocation', extra: { ltr?: boolean } = {}) => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`part-${name}`}>{t(`parts:fields.${name}`)}</FieldLabel>
      <Input
        id={`part-${name}`}
        dir={extra.ltr ? 'ltr' : undefined}
        autoComplete="off"
        className="h-11"
        aria-invalid={!!errors[name]}
        data-testid={`part-${name}`}
        {...form.register(name)}
      />
      <FieldError errors={[errors[name]]} />
    </Field>
  );

  const quantityField = (name: 'reorderPoint' | 'reorderQuantity') => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`part-${name}`}>{t(`parts:fields.${name}`)}</FieldLabel>
      <Input
        id={`part-${name}`}
        type="text"
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        className="h-11"
        aria-invalid={!!errors[name]}
        data-testid={`part-${name}`}
        {...form.register(name, { setValueAs: (value: unknown) => (typeof value === 'string' ? toNumberOrNull(value) : value) })}
      />
      <FieldError errors={[errors[name]]} />
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="part-form">
      <div className="grid gap-4 sm:grid-cols-2">
        {textField('partNumber', { ltr: true })}
        {textField('name')}
        {textField('brand')}
        <Field data-invalid={!!errors.category}>
          <FieldLabel htmlFor="part-category">{t('parts:fields.category')}</FieldLabel>
          <Input
            id="part-category"
            list="part-category-names"
            autoComplete="off"
            className="h-11"
            aria-invalid={!!errors.category}
            data-testid="part-category"
            {...form.register('category')}
          />
          <datalist id="part-category-names">
            {(categories.data ?? []).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <FieldError errors={[errors.category]} />
        </Field>
        <Field data-invalid={!!errors.barcode}>
          <FieldLabel htmlFor="part-barcode">{t('parts:fields.barcode')}</FieldLabel>
          <div className="flex gap-2">
            <Input
              id="part-barcode"
              dir="ltr"
              inputMode="numeric"
              autoComplete="off"
              className="h-11"
              aria-invalid={!!errors.barcode}
              data-testid="part-barcode"
              {...form.register('barcode')}
            />
            <BarcodeScanButton onCode={(code) => form.setValue('barcode', code, { shouldDirty: true, shouldValidate: true })} />
          </div>
          <FieldError errors={[errors.barcode]} />
        </Field>
        <Field data-invalid={!!errors.unit}>
          <FieldLabel htmlFor="part-unit">{t('parts:fields.unit')}</FieldLabel>
          <Controller
            control={form.control}
            name="unit"
            render={({ field }) => (
              <Select value={field.value ?? 'PIECE'} onValueChange={field.onChange}>
                <SelectTrigger id="part-unit" className="h-11 w-full" data-testid="part-unit">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PART_UNITS.map((unit) => (
                    <SelectItem key={unit} value={unit}>
                      {t(`parts:units.${unit}.name`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError errors={[errors.unit]} />
        </Field>
        <Field data-invalid={!!errors.costCents}>
          <FieldLabel htmlFor="part-cost">{t('parts:fields.cost')}</FieldLabel>
          <Controller
            control={form.control}
            name="costCents"
            render={({ field }) => (
              <MoneyInput
                id="part-cost"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                className="h-11"
                aria-invalid={!!errors.costCents}
                data-testid="part-cost"
              />
            )}
          />
          <FieldDescription>{t('parts:form.costHint')}</FieldDescription>
          <FieldError errors={[errors.costCents]} />
        </Field>
        <Field data-invalid={!!errors.priceCents}>
          <FieldLabel htmlFor="part-price">{t('parts:fields.price')}</FieldLabel>
          <Controller
            control={form.control}
            name="priceCents"
            render={({ field }) => (
              <MoneyInput
                id="part-price"
                value={field.value}
                // Empty: no own price, the markup band of the cost gives it.
                onChange={(cents) => field.onChange(cents ?? null)}
                onBlur={field.onBlur}
                className="h-11"
                aria-invalid={!!errors.priceCents}
                data-testid="part-price"
                placeholder={t('parts:form.pricePlaceholder')}
              />
            )}
          />
          <FieldDescription>{t('parts:form.priceHint')}</FieldDescription>
          <FieldError errors={[errors.priceCents]} />
        </Field>
        {textField('binLocation')}
        <Field data-invalid={!!errors.supplierId}>
          <FieldLabel htmlFor="part-supplier">{t('parts:fields.supplier')}</FieldLabel>
          <Controller
            control={form.control}
            name="supplierId"
            render={({ field }) => (
              <Select value={field.value ?? NO_SUPPLIER} onValueChange={(next) => field.onChange(next === NO_SUPPLIER ? null : next)}>
                <SelectTrigger id="part-supplier" className="h-11 w-full" data-testid="part-supplier">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_SUPPLIER}>{t('parts:form.noSupplier')}</SelectItem>
                  {(suppliers.data?.items ?? []).map((supplier) => (
                    <SelectItem key={supplier.id} value={supplier.id}>
                      {supplier.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError errors={[errors.supplierId]} />
        </Field>
        <Field data-invalid={!!errors.taxRateId}>
          <FieldLabel htmlFor="part-tax-rate">{t('tax:line.field')}</FieldLabel>
          <Controller
            control={form.control}
            name="taxRateId"
            render={({ field }) => (
              <TaxRateSelect
                id="part-tax-rate"
                value={field.value}
                onChange={field.onChange}
                // null: the shop's default rate for parts (Taxes and invoices settings).
                noneLabel={t('tax:line.shopDefault')}
                aria-invalid={!!errors.taxRateId}
                data-testid="part-tax-rate"
              />
            )}
          />
          <FieldDescription>{t('tax:line.partHint')}</FieldDescription>
          <FieldError errors={[errors.taxRateId]} />
        </Field>
        {quantityField('reorderPoint')}
        {quantityField('reorderQuantity')}
      </div>
      <Field data-invalid={!!errors.notes}>
        <FieldLabel htmlFor="part-notes">{t('parts:fields.notes')}</FieldLabel>
        <Textarea id="part-notes" rows={3} aria-invalid={!!errors.notes} {...form.register('notes')} />
        <FieldError errors={[errors.notes]} />
      </Field>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" className="h-11" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" className="h-11" disabled={busy} data-testid="part-submit">
          {busy && <Spinner />}
          {part ? t('common:actions.save') : t('parts:form.create')}
        </Button>
      </div>
    </form>
  );
}
