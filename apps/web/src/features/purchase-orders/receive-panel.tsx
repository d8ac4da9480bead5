// Receiving a sent order (every staff member; issue #26): made for a phone held over the delivery. Each line
// still outstanding has a quantity box with big "+1" and "All" buttons; scanning a part's barcode adds one to
// its line (an unknown code, or one not on this order, says so). Confirming sends only the lines with a
// quantity: stock moves, the average cost follows (server) and the order becomes partly received or received.
import type { PurchaseOrderView } from '@garage/shared/schemas/inventory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PackageCheck, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BarcodeScanButton } from '../../components/barcode-scanner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { extractFieldErrorCodes, failureMessage, renderCode } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useQuantityFormat } from '../parts/index.ts';
import { addQuantities, parseQuantity } from './order-helpers.tsx';

type Line = PurchaseOrderView['lines'][number];

const outstandingOf = (line: Line) => Math.max(0, addQuantities(line.quantity, -line.received));

export function ReceivePanel({ order, onDone }: { order: PurchaseOrderView; onDone: () => void }) {
  const { t } = useTranslation(['purchaseOrders', 'parts', 'common', 'validation', 'fields']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const quantity = useQuantityFormat();
  const headingId = useId();
  const open = order.lines.filter((line) => outstandingOf(line) > 0);
  // What is typed per line ("" = nothing received on this line this time).
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [scanMessage, setScanMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const receive = useMutation(trpc.purchaseOrders.receive.mutationOptions());

  const countedOf = (line: Line) => parseQuantity(typed[line.id] ?? '', line.part.unit) ?? 0;
  const setValue = (line: Line, value: number) => setTyped((current) => ({ ...current, [line.id]: String(value) }));
  const addOne = (line: Line) => setValue(line, Math.min(outstandingOf(line), addQuantities(countedOf(line), 1)));

  const scanned = (code: string) => {
    const line = open.find((candidate) => candidate.part.barcode === code);
    if (!line) {
      const onOrder = order.lines.some((candidate) => candidate.part.barcode === code);
      setScanMessage({ tone: 'error', text: onOrder ? t('receive.alreadyReceived', { code }) : t('receive.unknownBarcode', { code }) });
      return;
    }
    if (countedOf(line) >= outstandingOf(line)) {
      setScanMessage({ tone: 'error', text: t('receive.allCounted', { name: line.part.name }) });
      return;
    }
    addOne(line);
    setScanMessage({ tone: 'ok', text: t('receive.scanned', { name: line.part.name }) });
  };

  const confirm = async () => {
    const found: Record<string, string> = {};
    const lines: { lineId: string; quantity: number }[] = [];
    for (const line of open) {
      const text = (typed[line.id] ?? '').trim();
      if (!text || text === '0') continue;
      const value = parseQuantity(text, line.part.unit);
      if (value === undefined) found[line.id] = renderCode(t, 'format', { fieldName: 'quantity' });
      else if (value > outstandingOf(line))
        found[line.id] = t('receive.tooMuch', { outstanding: quantity.quantity(outstandingOf(line), line.part.unit) });
      else lines.push({ lineId: line.id, quantity: value });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (lines.length === 0) {
      setScanMessage({ tone: 'error', text: t('receive.nothingTyped') });
      return;
    }
    try {
      await receive.mutateAsync({ id: order.id, version: order.version, lines });
      toast.success(t('toasts.received'));
      setTyped({});
      onDone();
    } catch (error) {
      // The server names a line by its place in what was sent ("lines.0.quantity").
      const fieldErrors = extractFieldErrorCodes(error) ?? {};
      const mapped: Record<string, string> = {};
      for (const [key, messages] of Object.entries(fieldErrors)) {
        const index = /^lines\.(\d+)/.exec(key)?.[1];
        const sent = index === undefined ? undefined : lines[Number(index)];
        if (sent && messages[0]) mapped[sent.lineId] = renderCode(t, messages[0].code, messages[0].params);
      }
      setErrors(mapped);
      if (Object.keys(mapped).length === 0) toast.error(failureMessage(t, error, t('toasts.receiveFailed')));
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.purchaseOrders.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.parts.pathKey() });
    }
  };

  return (
    <section
      className="flex flex-col gap-4 rounded-xl border-2 border-primary/40 bg-card p-4"
      aria-labelledby={headingId}
      data-testid="receive-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('receive.title')}
        </h2>
        <BarcodeScanButton onCode={scanned} label={t('receive.scan')} className="h-12" />
      </div>
      <p className="text-sm text-muted-foreground">{t('receive.hint')}</p>
      {scanMessage && (
        <p
          role={scanMessage.tone === 'error' ? 'alert' : 'status'}
          className={
            scanMessage.tone === 'error'
              ? 'text-sm font-medium text-destructive'
              : 'text-sm font-medium text-emerald-700 dark:text-emerald-300'
          }
          data-testid="receive-scan-message"
        >
          {scanMessage.text}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {open.map((line) => {
          const inputId = `${headingId}-${line.id}`;
          return (
            <li
              key={line.id}
              className="flex flex-col gap-3 rounded-lg border p-3"
              data-testid="receive-line"
              data-part-number={line.part.partNumber}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/admin/parts/${line.part.id}`} className="font-medium hover:underline">
                  <bdi>{line.part.name}</bdi>
                </Link>
                <span className="text-sm text-muted-foreground">
                  {t('receive.outstanding', { quantity: quantity.quantity(outstandingOf(line), line.part.unit) })}
                </span>
              </div>
              <div className="flex items-end gap-2">
                <div className="flex flex-1 flex-col gap-1">
                  <label htmlFor={inputId} className="text-xs font-medium text-muted-foreground">
                    {t('receive.quantityReceived', { name: line.part.name })}
                  </label>
                  <Input
                    id={inputId}
                    inputMode="decimal"
                    dir="ltr"
                    className="h-12 text-lg tabular-nums"
                    placeholder="0"
                    value={typed[line.id] ?? ''}
                    onChange={(event) => setTyped((current) => ({ ...current, [line.id]: event.target.value }))}
                    aria-invalid={!!errors[line.id]}
                    data-testid="receive-quantity"
                  />
                </div>
                <Button
                  type="button"
                  variant="outline"
                  className="h-12 min-w-14 text-base"
                  onClick={() => addOne(line)}
                  data-testid="receive-plus-one"
                >
                  <Plus aria-hidden="true" />1
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  className="h-12 min-w-14 text-base"
                  onClick={() => setValue(line, outstandingOf(line))}
                  data-testid="receive-all"
                >
                  {t('receive.all')}
                </Button>
              </div>
              {errors[line.id] && (
                <p role="alert" className="text-sm text-destructive">
                  {errors[line.id]}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="lg" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="button" size="lg" onClick={() => void confirm()} disabled={receive.isPending} data-testid="receive-confirm">
          <PackageCheck aria-hidden="true" />
          {receive.isPending ? t('receive.confirming') : t('receive.confirm')}
        </Button>
      </div>
    </section>
  );
}
