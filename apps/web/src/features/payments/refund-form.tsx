// Refunds part or all of what is left of a successful payment; the refund is its own record.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { msg } from '@garage/shared/messages';
import { formatMinorPlain } from '@garage/shared/money';
import { centsSchema } from '@garage/shared/schemas/tasks';
import type { PaymentView } from '@garage/shared/schemas/payments';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldGroup, FieldLabel } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { failureMessage } from '../../lib/form-errors.ts';

export function RefundForm({ payment, onDone }: { payment: PaymentView; onDone: () => void }) {
  const { t } = useTranslation('payments');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { currency } = useFormatters();
  const schema = z.object({
    amountCents: centsSchema('amount', 1).max(
      payment.refundableCents,
      // What is left, in the shop's currency units and decimals ("12.345" in KWD), as the amount is typed.
      msg('maxValue', { fieldName: 'amount', maxValue: formatMinorPlain(payment.refundableCents, currency) }),
    ),
    notes: z.string().max(1000).optional(),
  });
  const form = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amountCents: payment.refundableCents, notes: '' },
  });
  const { errors } = form.formState;
  const refund = useMutation(
    trpc.payments.refund.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.refunded'));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() }),
        ]);
        onDone();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form.setError, error, t)) toast.error(failureMessage(t, error, t('toast.refundFailed')));
      },
    }),
  );
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      data-testid="refund-form"
      onSubmit={form.handleSubmit((data) => refund.mutate({ id: payment.id, amountCents: data.amountCents, notes: data.notes || null }))}
    >
      <FieldGroup>
        <Field data-invalid={!!errors.amountCents}>
          <FieldLabel htmlFor="refund-amount">{t('fields.amount')}</FieldLabel>
          <Controller
            control={form.control}
            name="amountCents"
            render={({ field }) => (
              <MoneyInput
                id="refund-amount"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                aria-invalid={!!errors.amountCents}
              />
            )}
          />
          <FieldError errors={[errors.amountCents]} />
        </Field>
        <Field>
          <FieldLabel htmlFor="refund-notes">{t('fields.notes')}</FieldLabel>
          <Textarea id="refund-notes" rows={2} {...form.register('notes')} />
        </Field>
      </FieldGroup>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={refund.isPending}>
          {refund.isPending && <Spinner />}
          {t('refund')}
        </Button>
      </div>
    </form>
  );
}
