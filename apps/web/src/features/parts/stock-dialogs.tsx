// The three ways a person changes a part's stock from its page: receive (any staff: bought at the counter,
// no purchase order), adjust by a signed quantity with a reason (admins: damaged, lost, found), and count
// (admins: the quantity on the shelf; the API records the difference). Each is a movement in the ledger.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { UNIT_DECIMALS, hasAtMostDecimals } from '@garage/shared/inventory-rules';
import { msg } from '@garage/shared/messages';
import type { PartView } from '@garage/shared/schemas/inventory';
import { FormDialog } from '../../components/form-dialog.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { applyServerFieldErrors, errorMessageOf, fieldErrorOf, translateMessage } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { unitLabel, useQuantityFormat } from './units.ts';
import { usePartsRefresh } from './use-parts-refresh.ts';

export type StockAction = 'receive' | 'adjust' | 'count';

interface StockFormValues {
  quantity: string;
  unitCostCents: number | undefined;
  reason: string;
}

/** "2,5" or "2.5" as a number; NaN when it is not one. */
const parseQuantity = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

export function StockActionDialog({
  part,
  action,
  isAdmin,
  onClose,
}: {
  part: PartView;
  action: StockAction | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('parts');
  return (
    <FormDialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      title={action ? t(`stock.${action}.title`, { name: part.name }) : ''}
      description={action ? t(`stock.${action}.description`) : undefined}
    >
      {action && <StockActionForm part={part} action={action} isAdmin={isAdmin} onDone={onClose} />}
    </FormDialog>
  );
}

function StockActionForm({ part, action, isAdmin, onDone }: { part: PartView; action: StockAction; isAdmin: boolean; onDone: () => void }) {
  const { t } = useTranslation(['parts', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const refresh = usePartsRefresh();
  const quantities = useQuantityFormat();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<StockFormValues>({
    defaultValues: { quantity: action === 'count' ? quantities.number(part.onHand, part.unit) : '', unitCostCents: undefined, reason: '' },
  });
  const { errors } = form.formState;
  const receive = useMutation(trpc.parts.stock.receive.mutationOptions());
  const adjust = useMutation(trpc.parts.stock.adjust.mutationOptions());
  const count = useMutation(trpc.parts.stock.count.mutationOptions());
  const decimals = UNIT_DECIMALS[part.unit];

  // The unit's decimals are checked here as the API does (inventory.quantityDecimals), to say it before sending.
  const validQuantity = (text: string) => {
    const value = parseQuantity(text.replace(/\u00a0|\s/g, ''));
    if (!Number.isFinite(value)) return translateMessage(t, msg('number', { fieldName: 'quantity' }));
    if (action === 'receive' && value <= 0) return translateMessage(t, msg('minValue', { fieldName: 'quantity', minValue: 0 }));
    if (action === 'adjust' && value === 0) return translateMessage(t, msg('invalid', { fieldName: 'quantity' }));
    if (action === 'count' && value < 0) return translateMessage(t, msg('minValue', { fieldName: 'quantity', minValue: 0 }));
    if (!hasAtMostDecimals(value, decimals)) return t('parts:stock.decimals', { decimals });
    return true;
  };

  const submit = form.handleSubmit(async (values) => {
    const quantity = parseQuantity(values.quantity.replace(/\u00a0|\s/g, ''));
    const reason = values.reason.trim();
    setSubmitting(true);
    try {
      if (action === 'receive') {
        await receive.mutateAsync({
          partId: part.id,
          quantity,
          ...(isAdmin && values.unitCostCents !== undefined ? { unitCostCents: values.unitCostCents } : {}),
          reason: reason || null,
        });
      } else if (action === 'adjust') {
        await adjust.mutateAsync({ partId: part.id, quantity, reason });
      } else {
        await count.mutateAsync({ counts: [{ partId: part.id, counted: quantity }], reason: reason || null });
      }
      await refresh();
      toast.success(t(`parts:stock.${action}.done`));
      onDone();
    } catch (error) {
      applyServerFieldErrors(form.setError, error, t);
      // The count's field is nested in its list (counts.0.counted): shown on the one quantity field.
      const countError = fieldErrorOf(t, error, 'counts.0.counted');
      if (countError) form.setError('quantity', { type: 'server', message: countError });
      toast.error(errorMessageOf(t, error) ?? t('parts:stock.failed'));
    } finally {
      setSubmitting(false);
    }
  });

  const unit = unitLabel(t, part.unit);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid={`stock-${action}-form`}>
      <p className="text-sm text-muted-foreground">{t('parts:stock.current', { onHand: quantities.quantity(part.onHand, part.unit) })}</p>
      <Field data-invalid={!!errors.quantity}>
        <FieldLabel htmlFor="stock-quantity">{t(`parts:stock.${action}.quantity`, { unit })}</FieldLabel>
        <Input
          id="stock-quantity"
          type="text"
          inputMode={action === 'adjust' ? 'text' : 'decimal'}
          dir="ltr"
          autoComplete="off"
          className="h-11 text-lg"
          aria-invalid={!!errors.quantity}
          data-testid="stock-quantity"
          {...form.register('quantity', { validate: validQuantity })}
        />
        {action === 'adjust' && <FieldDescription>{t('parts:stock.adjust.hint')}</FieldDescription>}
        <FieldError errors={[errors.quantity]} />
      </Field>
      {action === 'receive' && isAdmin && (
        <Field data-invalid={!!errors.unitCostCents}>
          <FieldLabel htmlFor="stock-unit-cost">{t('parts:stock.receive.unitCost')}</FieldLabel>
          <MoneyInput
            id="stock-unit-cost"
            value={form.watch('unitCostCents')}
            onChange={(cents) => form.setValue('unitCostCents', cents)}
            className="h-11"
            data-testid="stock-unit-cost"
          />
          <FieldDescription>{t('parts:stock.receive.unitCostHint')}</FieldDescription>
          <FieldError errors={[errors.unitCostCents]} />
        </Field>
      )}
      <Field data-invalid={!!errors.reason}>
        <FieldLabel htmlFor="stock-reason">
          {action === 'adjust' ? t('parts:stock.reasonRequired') : t('parts:stock.reasonOptional')}
        </FieldLabel>
        <Input
          id="stock-reason"
          autoComplete="off"
          className="h-11"
          aria-invalid={!!errors.reason}
          data-testid="stock-reason"
          {...form.register('reason', {
            validate: (value) =>
              action !== 'adjust' || value.trim() !== '' || translateMessage(t, msg('required', { fieldName: 'reason' })),
          })}
        />
        <FieldError errors={[errors.reason]} />
      </Field>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" className="h-11" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" className="h-11" disabled={submitting} data-testid="stock-submit">
          {submitting && <Spinner />}
          {t(`parts:stock.${action}.submit`)}
        </Button>
      </div>
    </form>
  );
}
