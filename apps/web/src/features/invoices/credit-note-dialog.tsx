// The credit note of an invoice: in full (everything still left on it) or in part — the lines chosen and an
// amount per line, never more than is left on it (the API checks it again and names the line otherwise) —
// and the reason, which the credit note prints. An issued credit note cannot be undone either.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSummary } from '@garage/shared/schemas/invoices';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessageOf, fieldErrorOf } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { isolateLtr } from '../../lib/money.ts';
import { useTRPC } from '../../lib/trpc.ts';

export function CreditNoteDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: InvoiceSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('invoices');
  const format = useFormatters();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [reason, setReason] = useState('');
  // Amount to credit per line index (minor units, as the invoice's prices are typed); absent = not credited.
  const [amounts, setAmounts] = useState<Record<number, number | undefined>>({});
  const creditable = invoice.lines.filter((line) => line.amountLeft !== 0);
  const create = useMutation(
    trpc.invoices.creditNote.mutationOptions({
      onSuccess: async (note) => {
        toast.success(t('toast.credited', { number: isolateLtr(note.number) }));
        await queryClient.invalidateQueries({ queryKey: trpc.invoices.pathKey() });
        onOpenChange(false);
        setReason('');
        setAmounts({});
        setMode('full');
      },
    }),
  );
  const chosen = Object.entries(amounts)
    .filter(([, amount]) => typeof amount === 'number' && amount > 0)
    .map(([lineIndex, amount]) => ({ lineIndex: Number(lineIndex), amount: amount! }));
  const tooMuch = (line: InvoiceSummary['lines'][number]) => (amounts[line.lineIndex] ?? 0) > Math.abs(line.amountLeft);
  const canSubmit = reason.trim().length > 0 && (mode === 'full' || (chosen.length > 0 && !creditable.some(tooMuch))) && !create.isPending;
  const reasonError = fieldErrorOf(t, create.error, 'reason');
  // A refusal not tied to a field (already fully credited): said once above the buttons.
  const generalError =
    create.error && !reasonError && !Object.keys(amounts).some((_, i) => fieldErrorOf(t, create.error, `lines.${i}`))
      ? (errorMessageOf(t, create.error) ?? t('toast.creditFailed'))
      : null;

  const submit = () => create.mutate({ id: invoice.id, reason: reason.trim(), ...(mode === 'partial' ? { lines: chosen } : {}) });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !create.isPending && onOpenChange(next)}
      title={t('creditNote.title', { number: isolateLtr(invoice.number) })}
      description={t('creditNote.description')}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) submit();
        }}
        data-testid="credit-note-form"
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('creditNote.scope')}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="scope" checked={mode === 'full'} onChange={() => setMode('full')} data-testid="credit-full" />
            {t('creditNote.full', { amount: format.money(creditable.reduce((sum, line) => sum + line.amountLeft, 0)) })}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="scope"
              checked={mode === 'partial'}
              onChange={() => setMode('partial')}
              data-testid="credit-partial"
            />
            {t('creditNote.partial')}
          </label>
        </fieldset>
        {mode === 'partial' && (
          <ul className="flex flex-col divide-y rounded-lg border" data-testid="credit-lines">
            {creditable.map((line, position) => {
              const id = `credit-line-${invoice.id}-${line.lineIndex}`;
              const error = tooMuch(line) ? t('creditNote.tooMuch') : fieldErrorOf(t, create.error, `lines.${position}`);
              return (
                <li key={line.lineIndex} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1 text-sm">
                    <Label htmlFor={id}>{line.description}</Label>
                    <p className="text-xs text-muted-foreground">
                      <bdi>{t('creditNote.left', { amount: format.money(line.amountLeft) })}</bdi>
                    </p>
                  </div>
                  <div className="flex flex-col gap-1 sm:w-36">
                    <MoneyInput
                      id={id}
                      value={amounts[line.lineIndex]}
                      onChange={(amount) => setAmounts((current) => ({ ...current, [line.lineIndex]: amount }))}
                      aria-invalid={!!error}
                      placeholder="0"
                    />
                    {error && <p className="text-xs text-destructive">{error}</p>}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-col gap-1">
          <Label htmlFor={`credit-reason-${invoice.id}`}>{t('creditNote.reason')}</Label>
          <Textarea
            id={`credit-reason-${invoice.id}`}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            aria-invalid={!!reasonError}
            data-testid="credit-reason"
          />
          {reasonError && <p className="text-xs text-destructive">{reasonError}</p>}
        </div>
        {generalError && (
          <p role="alert" className="text-sm text-destructive">
            {generalError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            {t('creditNote.cancel')}
          </Button>
          <Button type="submit" variant="destructive" disabled={!canSubmit} data-testid="issue-credit-note">
            {create.isPending && <Spinner />}
            {t('creditNote.submit')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
