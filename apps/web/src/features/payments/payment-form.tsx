// Records a payment on a visit (SPEC §5: amount and payment method required; the amount above zero). The
// visit's paid amount and payment status are recomputed by the server in the same transaction.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHODS } from '@garage/shared/constants';
import { paymentInputSchema, type PaymentInput } from '@garage/shared/schemas/payments';
import type { z } from 'zod';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldGroup, FieldLabel } from '../../components/ui/field.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { MoneyInput } from '../../components/money-input.tsx';

type PaymentParsed = z.output<typeof paymentInputSchema>;

export function PaymentForm({ visitId, suggestedCents, onDone }: { visitId: string; suggestedCents: number; onDone: () => void }) {
  const { t } = useTranslation('payments');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<PaymentInput, unknown, PaymentParsed>({
    resolver: zodResolver(paymentInputSchema),
    defaultValues: {
      amountCents: suggestedCents > 0 ? suggestedCents : (undefined as unknown as number),
      method: undefined as unknown as PaymentInput['method'],
      notes: '',
      status: 'SUCCESS',
    },
  });
  const { errors } = form.formState;
  const record = useMutation(
    trpc.payments.create.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.recorded'));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() }),
        ]);
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(form.setError, error, t);
        toast.error(t('toast.recordFailed'));
      },
    }),
  );

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      data-testid="payment-form"
      onSubmit={form.handleSubmit((data) => record.mutate({ id: visitId, data }))}
    >
      <FieldGroup className="grid gap-4 sm:grid-cols-2">
        <Field data-invalid={!!errors.amountCents}>
          <FieldLabel htmlFor="payment-amount">{t('fields.amount')}</FieldLabel>
          <Controller
            control={form.control}
            name="amountCents"
            render={({ field }) => (
              <MoneyInput
                id="payment-amount"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                aria-invalid={!!errors.amountCents}
                data-testid="payment-amount"
              />
            )}
          />
          <FieldError errors={[errors.amountCents]} />
        </Field>
        <Field data-invalid={!!errors.method}>
          <FieldLabel htmlFor="payment-method">{t('fields.method')}</FieldLabel>
          <Controller
            control={form.control}
            name="method"
            render={({ field }) => (
              <Select value={field.value ?? ''} onValueChange={field.onChange}>
                <SelectTrigger id="payment-method" className="w-full" aria-invalid={!!errors.method} data-testid="payment-method">
                  <SelectValue placeholder={t('fields.chooseMethod')} />
                </SelectTrigger>
                <SelectContent>
                  {PAYMENT_METHODS.map((method) => (
                    <SelectItem key={method} value={method} data-testid={`payment-method-${method}`}>
                      {t(`method.${method}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError errors={[errors.method]} />
        </Field>
        <Field>
          <FieldLabel htmlFor="payment-status">{t('fields.outcome')}</FieldLabel>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select value={field.value ?? 'SUCCESS'} onValueChange={field.onChange}>
                <SelectTrigger id="payment-status" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="SUCCESS">{t('recordStatus.SUCCESS')}</SelectItem>
                  <SelectItem value="FAILED">{t('recordStatus.FAILED')}</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field data-invalid={!!errors.notes} className="sm:col-span-2">
          <FieldLabel htmlFor="payment-notes">{t('fields.notes')}</FieldLabel>
          <Textarea id="payment-notes" rows={2} {...form.register('notes')} />
          <FieldError errors={[errors.notes]} />
        </Field>
      </FieldGroup>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={record.isPending} data-testid="submit-payment">
          {record.isPending && <Spinner />}
          {t('actions.record')}
        </Button>
      </div>
    </form>
  );
}
