// Add or edit a catalogue item: title and description per language, category, price with its currency (the
// shop's currency by default), duration, the task service it becomes as a template, picture, featured and
// visible, and the default lines (parts, labour) of a task made from it. Editing sends only what changed (the
// lines all together); the category's price range follows on the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { TASK_SERVICES } from '@garage/shared/constants';
import { itemInputSchema, OFFERING_LIMITS, type ItemInput, type ItemInputParsed, type ItemPatch } from '@garage/shared/schemas/offering';
import { useMemo } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useBranding } from '../branding/index.ts';
import { TaxRateSelect } from '../tax/index.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { changedLanguages, LocalizedFields, toFormTexts } from './localized-fields.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { ItemLinesField } from './item-lines-field.tsx';
import { useOfferingRefresh, type Category, type Item } from './use-offering.ts';

interface ItemFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: Pick<Category, 'id' | 'title'>[];
  /** The category a new item goes to. */
  categoryId?: string;
  item?: Item;
}

export function ItemFormDialog({ open, onOpenChange, categories, categoryId, item }: ItemFormDialogProps) {
  const { t } = useTranslation(['offering', 'common']);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? t('item.editTitle') : t('item.addTitle')}
      description={t('item.formDescription')}
    >
      {open && <ItemForm categories={categories} categoryId={categoryId} item={item} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

const currencyCodes = () => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('currency') : [];
};

function ItemForm({ categories, categoryId, item, onDone }: Omit<ItemFormDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const { t, i18n } = useTranslation(['offering', 'tasks', 'users', 'validation', 'fields', 'common', 'tax']);
  const trpc = useTRPC();
  const refresh = useOfferingRefresh();
  const { merchant } = useBranding();
  const codes = useMemo(currencyCodes, []);
  const form = useForm<ItemInput, unknown, ItemInputParsed>({
    resolver: zodResolver(itemInputSchema),
    defaultValues: {
      categoryId: item?.categoryId ?? categoryId ?? categories[0]?.id ?? '',
      title: toFormTexts(item?.title),
      description: toFormTexts(item?.description),
      priceCents: item?.priceCents ?? (undefined as unknown as number),
      currency: item?.currency ?? merchant.currency ?? 'USD',
      durationMinutes: item?.durationMinutes ?? 30,
      service: item?.service ?? 'MAINTENANCE',
      imageUrl: item?.imageUrl ?? null,
      featured: item?.featured ?? false,
      visible: item?.visible ?? true,
      taxRateId: item?.taxRateId ?? null,
      lines: (item?.lines ?? []).map((line) => ({
        kind: line.kind,
        partId: line.partId,
        labourRateId: line.labourRateId,
        description: line.description,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
      })),
    },
  });
  // The part number and name of the item's part lines (the form holds only their ids).
  const initialParts = useMemo(
    () =>
      Object.fromEntries(
        (item?.lines ?? []).flatMap((line) =>
          line.partId ? [[line.partId, { partNumber: line.partNumber ?? '', name: line.description }]] : [],
        ),
      ),
    [item],
  );
  const { errors, dirtyFields } = form.formState;
  const create = useMutation(trpc.offering.items.create.mutationOptions());
  const update = useMutation(trpc.offering.items.update.mutationOptions());
  const busy = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (item) {
        const data: ItemPatch = {};
        const title = changedLanguages(values.title, dirtyFields.title);
        if (title) data.title = title;
        const description = changedLanguages(values.description ?? null, dirtyFields.description);
        if (description) data.description = description;
        for (const key of [
          'categoryId',
          'priceCents',
          'currency',
          'durationMinutes',
          'service',
          'imageUrl',
          'featured',
          'visible',
          'taxRateId',
          'lines',
        ] as const) {
          if (dirtyFields[key]) (data as Record<string, unknown>)[key] = values[key];
        }
        if (Object.keys(data).length) await update.mutateAsync({ id: item.id, data });
      } else {
        await create.mutateAsync(values);
      }
      await refresh();
      toast.success(t(item ? 'offering:toasts.itemUpdated' : 'offering:toasts.itemCreated'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(form.setError, error, t);
      toast.error(t(item ? 'offering:toasts.itemUpdateFailed' : 'offering:toasts.itemCreateFailed'));
    }
  });

  const switchRow = (name: 'featured' | 'visible', hint: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <label className="flex items-center justify-between gap-4 rounded-lg border p-3">
          <span className="flex flex-col">
            <span className="text-sm font-medium">{t(`offering:form.${name}`)}</span>
            <span className="text-xs text-muted-foreground">{hint}</span>
          </span>
          <Switch checked={!!field.value} onCheckedChange={field.onChange} data-testid={`item-${name}`} />
        </label>
      )}
    />
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="item-form">
        <LocalizedFields idPrefix="item" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field data-invalid={!!errors.categoryId}>
            <FieldLabel htmlFor="item-category">{t('fields:categoryId')}</FieldLabel>
            <Controller
              control={form.control}
              name="categoryId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="item-category" className="w-full" aria-invalid={!!errors.categoryId} data-testid="item-category">
                    <SelectValue placeholder={t('offering:form.chooseCategory')} />
                  </SelectTrigger>
                  <SelectContent>
                    {categories.map((category) => (
                      <SelectItem key={category.id} value={category.id}>
                        {pickLocalized(category.title, i18n.language)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError errors={[errors.categoryId]} />
          </Field>
          <Field data-invalid={!!errors.service}>
            <FieldLabel htmlFor="item-service">{t('offering:form.service')}</FieldLabel>
            <Controller
              control={form.control}
              name="service"
              render={({ field }) => (
                <Select value={field.value ?? 'MAINTENANCE'} onValueChange={field.onChange}>
                  <SelectTrigger id="item-service" className="w-full" data-testid="item-service">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TASK_SERVICES.map((service) => (
                      <SelectItem key={service} value={service}>
                        {t(`tasks:service.${service}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError errors={[errors.service]} />
          </Field>
          <Field data-invalid={!!errors.priceCents}>
            <FieldLabel htmlFor="item-price">{t('fields:price')}</FieldLabel>
            <Controller
              control={form.control}
              name="priceCents"
              render={({ field }) => (
                <MoneyInput
                  id="item-price"
                  // The item's own currency decides the decimals (12.345 KWD, 1500 JPY).
                  currency={form.watch('currency')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-invalid={!!errors.priceCents}
                  data-testid="item-price"
                />
              )}
            />
            <FieldError errors={[errors.priceCents]} />
          </Field>
          <Field data-invalid={!!errors.currency}>
            <FieldLabel htmlFor="item-currency">{t('fields:currency')}</FieldLabel>
            <Input
              id="item-currency"
              dir="ltr"
              list="item-currency-codes"
              autoComplete="off"
              maxLength={3}
              className="uppercase"
              aria-invalid={!!errors.currency}
              data-testid="item-currency"
              {...form.register('currency')}
            />
            <datalist id="item-currency-codes">
              {codes.map((code) => (
                <option key={code} value={code} />
              ))}
            </datalist>
            <FieldError errors={[errors.currency]} />
          </Field>
          <Field data-invalid={!!errors.durationMinutes}>
            <FieldLabel htmlFor="item-duration">{t('fields:durationMinutes')}</FieldLabel>
            <Input
              id="item-duration"
              type="number"
              inputMode="numeric"
              dir="ltr"
              min={0}
              max={OFFERING_LIMITS.durationMaxMinutes}
              step={5}
              aria-invalid={!!errors.durationMinutes}
              data-testid="item-duration"
              {...form.register('durationMinutes', { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) })}
            />
            <FieldError errors={[errors.durationMinutes]} />
          </Field>
          <Field data-invalid={!!errors.taxRateId}>
            <FieldLabel htmlFor="item-tax-rate">{t('tax:line.field')}</FieldLabel>
            <Controller
              control={form.control}
              name="taxRateId"
              render={({ field }) => (
                <TaxRateSelect
                  id="item-tax-rate"
                  value={field.value}
                  onChange={field.onChange}
                  // null: the shop's default rate for catalogue items (Taxes and invoices settings).
                  noneLabel={t('tax:line.shopDefault')}
                  aria-invalid={!!errors.taxRateId}
                  data-testid="item-tax-rate"
                />
              )}
            />
            <FieldDescription>{t('tax:line.itemHint')}</FieldDescription>
            <FieldError errors={[errors.taxRateId]} />
          </Field>
          <Field>
            <FieldLabel>{t('fields:image')}</FieldLabel>
            <Controller
              control={form.control}
              name="imageUrl"
              render={({ field }) => <ImageUploadField value={field.value} onChange={field.onChange} section="offering" removable />}
            />
          </Field>
        </div>
        <ItemLinesField initialParts={initialParts} />
        <div className="grid gap-3 sm:grid-cols-2">
          {switchRow('featured', t('offering:form.featuredHint'))}
          {switchRow('visible', t('offering:form.itemVisibleHint'))}
        </div>
        <div className="flex justify-end gap-2 border-t pt-4">
          <Button type="button" variant="outline" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="item-submit">
            {busy && <Spinner />}
            {item ? t('common:actions.save') : t('offering:item.add')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
