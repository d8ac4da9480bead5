// Add or edit a supplier (admins): name, contact, email (purchase orders are emailed to it), phone, account
// number at the supplier, lead time and notes. Editing sends only what changed.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { supplierInputSchema, type SupplierInput, type SupplierView } from '@garage/shared/schemas/inventory';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { usePartsRefresh } from './use-parts-refresh.ts';

type SupplierValues = z.output<typeof supplierInputSchema>;

export function SupplierFormDialog({
  open,
  onOpenChange,
  supplier,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  supplier?: SupplierView;
}) {
  const { t } = useTranslation('parts');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={supplier ? t('suppliers.editTitle') : t('suppliers.addTitle')}>
      {open && <SupplierForm supplier={supplier} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function SupplierForm({ supplier, onDone }: { supplier?: SupplierView; onDone: () => void }) {
  const { t } = useTranslation(['parts', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const refresh = usePartsRefresh();
  const form = useForm<SupplierInput, unknown, SupplierValues>({
    resolver: zodResolver(supplierInputSchema),
    defaultValues: {
      name: supplier?.name ?? '',
      contactName: supplier?.contactName ?? '',
      email: supplier?.email ?? '',
      phone: supplier?.phone ?? '',
      accountNumber: supplier?.accountNumber ?? '',
      leadTimeDays: supplier?.leadTimeDays ?? null,
      notes: supplier?.notes ?? '',
    },
  });
  const { errors, dirtyFields } = form.formState;
  const create = useMutation(trpc.suppliers.create.mutationOptions());
  const update = useMutation(trpc.suppliers.update.mutationOptions());
  const busy = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (supplier) {
        const changes: Partial<SupplierValues> = {};
        for (const key of Object.keys(values) as (keyof SupplierValues)[]) {
          if (dirtyFields[key]) (changes as Record<string, unknown>)[key] = values[key];
        }
        if (Object.keys(changes).length) await update.mutateAsync({ id: supplier.id, ...changes });
      } else {
        await create.mutateAsync(values);
      }
      await refresh();
      toast.success(t(supplier ? 'parts:suppliers.toasts.updated' : 'parts:suppliers.toasts.created'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(form.setError, error, t);
      toast.error(t('parts:suppliers.toasts.saveFailed'));
    }
  });

  const textField = (
    name: 'name' | 'contactName' | 'email' | 'phone' | 'accountNumber',
    options: { ltr?: boolean; type?: string } = {},
  ) => (
    <Field data-invalid={!!errors[name]}>
      <FieldLabel htmlFor={`supplier-${name}`}>{t(`parts:suppliers.fields.${name}`)}</FieldLabel>
      <Input
        id={`supplier-${name}`}
        type={options.type ?? 'text'}
        dir={options.ltr ? 'ltr' : undefined}
        autoComplete="off"
        className="h-11"
        aria-invalid={!!errors[name]}
        data-testid={`supplier-${name}`}
        {...form.register(name)}
      />
      <FieldError errors={[errors[name]]} />
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="supplier-form">
      <div className="grid gap-4 sm:grid-cols-2">
        {textField('name')}
        {textField('contactName')}
        {textField('email', { ltr: true, type: 'email' })}
        {textField('phone', { ltr: true, type: 'tel' })}
        {textField('accountNumber', { ltr: true })}
        <Field data-invalid={!!errors.leadTimeDays}>
          <FieldLabel htmlFor="supplier-leadTimeDays">{t('parts:suppliers.fields.leadTimeDays')}</FieldLabel>
          <Input
            id="supplier-leadTimeDays"
            type="number"
            inputMode="numeric"
            dir="ltr"
            min={0}
            className="h-11"
            aria-invalid={!!errors.leadTimeDays}
            {...form.register('leadTimeDays', { setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)) })}
          />
          <FieldError errors={[errors.leadTimeDays]} />
        </Field>
      </div>
      <Field data-invalid={!!errors.notes}>
        <FieldLabel htmlFor="supplier-notes">{t('parts:suppliers.fields.notes')}</FieldLabel>
        <Textarea id="supplier-notes" rows={3} aria-invalid={!!errors.notes} {...form.register('notes')} />
        <FieldError errors={[errors.notes]} />
      </Field>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" className="h-11" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" className="h-11" disabled={busy} data-testid="supplier-submit">
          {busy && <Spinner />}
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}
