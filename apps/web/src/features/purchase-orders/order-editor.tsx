// A draft order's form (admins): supplier, expected date, notes and the lines (part, quantity in its unit,
// unit cost). Used to create an order (/admin/purchase-orders/new) and to change a draft on its own page.
// The lines are a small list held in state rather than a react-hook-form array: picking or scanning a part
// adds a line (or one more of a part already on the order), and the server's field errors ("lines.2.quantity")
// are shown next to the field they name.
import type { PurchaseOrderView } from '@garage/shared/schemas/inventory';
import type { PartView } from '@garage/shared/schemas/inventory';
import type { PartUnit } from '@garage/shared/inventory-rules';
import type { CodedMessage } from '@garage/shared/message-catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MoneyInput } from '../../components/money-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { extractFieldErrorCodes, failureMessage, renderCode } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { unitLabel } from '../parts/index.ts';
import { addQuantities, parseQuantity } from './order-helpers.tsx';
import { OrderPartPicker } from './order-part-picker.tsx';

interface DraftLine {
  /** A key for React: the part (a part is on an order once). */
  partId: string;
  partNumber: string;
  name: string;
  unit: PartUnit;
  quantityText: string;
  unitCostCents: number | undefined;
}

type FieldErrors = Record<string, CodedMessage[]>;

const lineFromOrder = (line: PurchaseOrderView['lines'][number]): DraftLine => ({
  partId: line.part.id,
  partNumber: line.part.partNumber,
  name: line.part.name,
  unit: line.part.unit,
  quantityText: String(line.quantity),
  unitCostCents: line.unitCostCents ?? undefined,
});

export function OrderEditor({ order }: { order?: PurchaseOrderView }) {
  const { t } = useTranslation(['purchaseOrders', 'parts', 'common', 'validation', 'fields']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useFormatters();
  const formId = useId();
  const [supplierId, setSupplierId] = useState(order?.supplier.id ?? '');
  const [expectedOn, setExpectedOn] = useState(order?.expectedOn?.slice(0, 10) ?? '');
  const [notes, setNotes] = useState(order?.notes ?? '');
  const [lines, setLines] = useState<DraftLine[]>(() => order?.lines.map(lineFromOrder) ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const suppliers = useQuery(trpc.suppliers.list.queryOptions({ pageSize: 100 }));

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.purchaseOrders.pathKey() });
  const create = useMutation(trpc.purchaseOrders.create.mutationOptions());
  const update = useMutation(trpc.purchaseOrders.update.mutationOptions());
  const saving = create.isPending || update.isPending;

  const errorOf = (field: string) => {
    const first = errors[field]?.[0];
    return first ? renderCode(t, first.code, first.params) : undefined;
  };

  const addPart = (part: PartView) =>
    setLines((current) => {
      const existing = current.find((line) => line.partId === part.id);
      if (existing) {
        // One more of a part already on the order (a second scan of the same box).
        const quantity = parseQuantity(existing.quantityText, existing.unit) ?? 0;
        return current.map((line) => (line === existing ? { ...line, quantityText: String(addQuantities(quantity, 1)) } : line));
      }
      const quantity = part.reorderQuantity ?? 1;
      return [
        ...current,
        {
          partId: part.id,
          partNumber: part.partNumber,
          name: part.name,
          unit: part.unit,
          quantityText: String(quantity),
          unitCostCents: part.costCents ?? undefined,
        },
      ];
    });
  const changeLine = (partId: string, change: Partial<DraftLine>) =>
    setLines((current) => current.map((line) => (line.partId === partId ? { ...line, ...change } : line)));
  const removeLine = (partId: string) => setLines((current) => current.filter((line) => line.partId !== partId));

  /** Checks what the browser can check (a supplier, at least one line, quantities in their unit) before asking the server. */
  const localErrors = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!supplierId) found.supplierId = [{ code: 'required', params: { fieldName: 'supplierId' } }];
    if (lines.length === 0) found.lines = [{ code: 'required', params: { fieldName: 'lines' } }];
    lines.forEach((line, index) => {
      if (parseQuantity(line.quantityText, line.unit) === undefined)
        found[`lines.${index}.quantity`] = [{ code: 'format', params: { fieldName: 'quantity' } }];
      if (line.unitCostCents !== undefined && !Number.isFinite(line.unitCostCents))
        found[`lines.${index}.unitCostCents`] = [{ code: 'number', params: { fieldName: 'unitCost' } }];
    });
    return found;
  };

  const save = async () => {
    const found = localErrors();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = {
      supplierId,
      expectedOn: expectedOn || null,
      notes: notes.trim() || null,
      lines: lines.map((line) => ({
        partId: line.partId,
        quantity: parseQuantity(line.quantityText, line.unit)!,
        ...(line.unitCostCents !== undefined ? { unitCostCents: line.unitCostCents } : {}),
      })),
    };
    try {
      if (order) {
        await update.mutateAsync({ id: order.id, version: order.version, ...fields });
        toast.success(t('purchaseOrders:toasts.saved'));
      } else {
        const created = await create.mutateAsync(fields);
        toast.success(t('purchaseOrders:toasts.created', { number: created.number }));
        navigate(`/admin/purchase-orders/${created.id}`, { replace: true });
      }
      await refresh();
    } catch (error) {
      const fieldErrors = extractFieldErrorCodes(error);
      if (fieldErrors && Object.keys(fieldErrors).some((key) => key !== '_')) setErrors(fieldErrors);
      else toast.error(failureMessage(t, error, t('purchaseOrders:toasts.saveFailed')));
      // A changed order (someone else saved it) is read again so the next save names the new version.
      await refresh();
    }
  };

  const totalCents = lines.reduce((sum, line) => {
    const quantity = parseQuantity(line.quantityText, line.unit);
    return quantity !== undefined && line.unitCostCents !== undefined ? sum + Math.round(quantity * line.unitCostCents) : sum;
  }, 0);
  const supplierOptions = (suppliers.data?.items ?? []).filter((supplier) => !supplier.archivedAt || supplier.id === supplierId);
  // The order's supplier may be archived since: it stays shown by name.
  const orderSupplierMissing = order && !supplierOptions.some((supplier) => supplier.id === order.supplier.id);

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      aria-labelledby={`${formId}-title`}
      noValidate
      data-testid="order-editor"
    >
      <h2 id={`${formId}-title`} className="text-lg font-semibold">
        {order ? t('purchaseOrders:editor.editTitle') : t('purchaseOrders:editor.newTitle')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${formId}-supplier`} className="text-sm font-medium">
            {t('purchaseOrders:fields.supplier')}
          </label>
          <Select value={supplierId} onValueChange={setSupplierId}>
            <SelectTrigger
              id={`${formId}-supplier`}
              className="h-11 w-full"
              aria-invalid={!!errorOf('supplierId')}
              data-testid="order-supplier"
            >
              <SelectValue placeholder={t('purchaseOrders:editor.chooseSupplier')} />
            </SelectTrigger>
            <SelectContent>
              {orderSupplierMissing && <SelectItem value={order.supplier.id}>{order.supplier.name}</SelectItem>}
              {supplierOptions.map((supplier) => (
                <SelectItem key={supplier.id} value={supplier.id}>
                  {supplier.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {suppliers.data && suppliers.data.items.length === 0 && (
            <p className="text-sm text-muted-foreground">{t('purchaseOrders:editor.noSuppliers')}</p>
          )}
          <FieldMessage message={errorOf('supplierId')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${formId}-expected`} className="text-sm font-medium">
            {t('purchaseOrders:fields.expectedOn')}
          </label>
          <Input
            id={`${formId}-expected`}
            type="date"
            className="h-11"
            value={expectedOn}
            onChange={(event) => setExpectedOn(event.target.value)}
            aria-invalid={!!errorOf('expectedOn')}
            data-testid="order-expected"
          />
          <p className="text-xs text-muted-foreground">{t('purchaseOrders:editor.expectedHint')}</p>
          <FieldMessage message={errorOf('expectedOn')} />
        </div>
      </div>

      <section className="flex flex-col gap-3" aria-labelledby={`${formId}-lines`}>
        <h3 id={`${formId}-lines`} className="font-semibold">
          {t('purchaseOrders:lines.title')}
        </h3>
        {lines.length === 0 && <p className="text-sm text-muted-foreground">{t('purchaseOrders:editor.noLines')}</p>}
        <ul className="flex flex-col gap-3">
          {lines.map((line, index) => (
            <li
              key={line.partId}
              className="flex flex-col gap-3 rounded-lg border bg-card p-3 md:flex-row md:items-start"
              data-testid="order-line"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  <bdi>{line.name}</bdi>
                </p>
                <p className="text-xs text-muted-foreground">
                  <bdi dir="ltr">{line.partNumber}</bdi>
                </p>
              </div>
              <div className="flex flex-wrap items-start gap-3">
                <div className="flex w-32 flex-col gap-1">
                  <label htmlFor={`${formId}-q-${line.partId}`} className="text-xs font-medium text-muted-foreground">
                    {t('purchaseOrders:fields.quantity')} ({unitLabel(t, line.unit)})
                  </label>
                  <Input
                    id={`${formId}-q-${line.partId}`}
                    inputMode="decimal"
                    dir="ltr"
                    className="h-11"
                    value={line.quantityText}
                    onChange={(event) => changeLine(line.partId, { quantityText: event.target.value })}
                    aria-invalid={!!errorOf(`lines.${index}.quantity`)}
                    data-testid="order-line-quantity"
                  />
                  <FieldMessage message={errorOf(`lines.${index}.quantity`)} />
                </div>
                <div className="flex w-36 flex-col gap-1">
                  <label htmlFor={`${formId}-c-${line.partId}`} className="text-xs font-medium text-muted-foreground">
                    {t('purchaseOrders:fields.unitCost')}
                  </label>
                  <MoneyInput
                    id={`${formId}-c-${line.partId}`}
                    className="h-11"
                    value={line.unitCostCents}
                    onChange={(cents) => changeLine(line.partId, { unitCostCents: cents })}
                    placeholder={t('purchaseOrders:editor.averageCost')}
                    aria-invalid={!!errorOf(`lines.${index}.unitCostCents`)}
                    data-testid="order-line-cost"
                  />
                  <FieldMessage message={errorOf(`lines.${index}.unitCostCents`)} />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  className="mt-5 size-11"
                  onClick={() => removeLine(line.partId)}
                  aria-label={t('purchaseOrders:editor.removeLine', { name: line.name })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <FieldMessage message={errorOf(`lines.${index}.partId`) ?? errorOf(`lines.${index}`)} />
            </li>
          ))}
        </ul>
        <FieldMessage message={errorOf('lines')} />
        <OrderPartPicker onPick={addPart} />
        {lines.length > 0 && (
          <p className="text-end font-medium" data-testid="order-editor-total">
            {t('purchaseOrders:fields.total')}: <span className="tabular-nums">{format.money(totalCents)}</span>
          </p>
        )}
      </section>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${formId}-notes`} className="text-sm font-medium">
          {t('purchaseOrders:fields.notes')}
        </label>
        <Textarea
          id={`${formId}-notes`}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          maxLength={2000}
          aria-invalid={!!errorOf('notes')}
        />
        <FieldMessage message={errorOf('notes')} />
      </div>

      <div className="flex justify-end gap-2">
        {!order && (
          <Button type="button" variant="outline" size="lg" onClick={() => navigate('/admin/purchase-orders')}>
            {t('common:actions.cancel')}
          </Button>
        )}
        <Button type="submit" size="lg" disabled={saving} data-testid="order-save">
          {saving ? t('common:actions.saving') : order ? t('common:actions.save') : t('purchaseOrders:editor.create')}
        </Button>
      </div>
    </form>
  );
}

function FieldMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}
