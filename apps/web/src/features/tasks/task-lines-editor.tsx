// A task's lines (the repair order): catalogue parts, labour hours at a rate and flat amounts. The task's price
// is the sum of its lines, so every change answers the whole task view and the totals shown come from it, never
// from arithmetic here. Staff add parts by search or by scanning, edit quantity and price inline, delete lines;
// costs and margins are shown to admins only (the API sends null costs to everyone else).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HOURS_DECIMALS, UNIT_DECIMALS, hasAtMostDecimals, marginBasisPoints } from '@garage/shared/inventory-rules';
import type { PartView, TaskLineView } from '@garage/shared/schemas/inventory';
import type { TaskView } from '@garage/shared/schemas/tasks';
import { Clock, Package, Plus, Receipt, Search, Trash2, Wrench } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { BarcodeScanButton } from '../../components/barcode-scanner.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { errorCode, failureMessage } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { unitLabel, useQuantityFormat } from '../parts/index.ts';
import { TaxRateSelect, useRateFormat, useTaxRates, useTaxSettings } from '../tax/index.ts';
import { SuggestedParts } from './suggested-parts.tsx';

type LineTask = Pick<TaskView, 'id' | 'status' | 'approval' | 'lines' | 'soldForCents' | 'costCents'>;

// The row's columns on a wide screen; a tax column when the shop has tax rates (none: no tax to show).
const LINE_GRID = 'md:grid-cols-[minmax(0,1fr)_10rem_9rem_7rem_2.75rem]';
const TAXED_LINE_GRID = 'md:grid-cols-[minmax(0,1fr)_8rem_8rem_9rem_7rem_2.75rem]';
type AddMode = 'part' | 'labour' | 'flat';

/** Why the lines cannot change (the API refuses the same: taskLines.closedTask, tasks.priceDecided), or null. */
export function useLinesLockedReason(task: Pick<TaskView, 'status' | 'approval'>): string | null {
  const { t } = useTranslation('tasks');
  if (task.status === 'COMPLETED' || task.status === 'CANCELLED') return t('lines.locked.closed', { status: t(`status.${task.status}`) });
  if (task.approval?.state === 'APPROVED' || task.approval?.state === 'DECLINED') return t('lines.locked.decided');
  return null;
}

/** The line mutations; each answer is the task as it now is, put in the cache, and the visit's totals refreshed. */
function useLineMutations(taskId: string) {
  const { t } = useTranslation('tasks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = async (task: TaskView) => {
    // tasks.get adds the visit's name to the task view: keep it, take the rest from the answer.
    queryClient.setQueryData(trpc.tasks.get.queryKey({ id: taskId }), (cached) => (cached ? { ...cached, ...task } : cached));
    // The visit's total and its tasks' prices follow; a catalogue part's reserved quantity too.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.parts.pathKey() }),
    ]);
  };
  const onError = (fallback: string) => async (error: unknown) => {
    toast.error(failureMessage(t, error, fallback));
    await queryClient.invalidateQueries({ queryKey: trpc.tasks.get.queryKey({ id: taskId }) });
  };
  const add = useMutation(
    trpc.taskLines.add.mutationOptions({
      onSuccess: async (task) => {
        toast.success(t('lines.toast.added'));
        await onSuccess(task);
      },
      onError: onError(t('lines.toast.addFailed')),
    }),
  );
  const update = useMutation(trpc.taskLines.update.mutationOptions({ onSuccess, onError: onError(t('lines.toast.updateFailed')) }));
  const remove = useMutation(
    trpc.taskLines.delete.mutationOptions({
      onSuccess: async (task) => {
        toast.success(t('lines.toast.deleted'));
        await onSuccess(task);
      },
      onError: onError(t('lines.toast.deleteFailed')),
    }),
  );
  return { add, update, remove };
}

function KindIcon({ kind }: { kind: TaskLineView['kind'] }) {
  const { t } = useTranslation('tasks');
  const Icon = kind === 'PART' ? Package : kind === 'LABOUR' ? Wrench : Receipt;
  return (
    <span className="grid size-8 shrink-0 place-items-center rounded-md bg-muted text-muted-foreground" title={t(`lines.kind.${kind}`)}>
      <Icon className="size-4" aria-hidden="true" />
      <span className="sr-only">{t(`lines.kind.${kind}`)}</span>
    </span>
  );
}

const STOCK_TONE = { QUOTED: 'neutral', RESERVED: 'info', BACKORDERED: 'progress', USED: 'success' } as const;

export function LineStockBadge({ stock }: { stock: NonNullable<TaskLineView['stock']> }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge variant={STOCK_TONE[stock]} data-testid="line-stock" data-stock={stock} title={t(`lines.stockHint.${stock}`)}>
      {t(`lines.stock.${stock}`)}
    </Badge>
  );
}

/** A quantity typed by hand: "1,5" and "1.5" both read 1.5; anything else is not a number. */
export function quantityFromText(text: string): number {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN;
}

/** Decimals a line's quantity may have: hours to the hundredth, a catalogue part by its unit, else thousandths. */
function quantityDecimals(line: Pick<TaskLineView, 'kind' | 'unit'>): number {
  if (line.kind === 'LABOUR') return HOURS_DECIMALS;
  return line.unit ? UNIT_DECIMALS[line.unit] : 3;
}

/** A quantity edited in place: saved when the field is left (or Enter), put back when it is not a valid quantity. */
function QuantityCell({ line, disabled, onSave }: { line: TaskLineView; disabled: boolean; onSave: (quantity: number) => void }) {
  const { t } = useTranslation('tasks');
  const id = useId();
  const [text, setText] = useState(String(line.quantity));
  useEffect(() => setText(String(line.quantity)), [line.quantity]);
  const unit = line.kind === 'LABOUR' ? t('lines.hoursShort') : line.unit ? unitLabel(t, line.unit) : '';
  const commit = () => {
    const value = quantityFromText(text);
    if (!Number.isFinite(value) || value <= 0 || !hasAtMostDecimals(value, quantityDecimals(line))) {
      if (text.trim() !== String(line.quantity)) toast.error(t('lines.badQuantity'));
      setText(String(line.quantity));
      return;
    }
    if (value !== line.quantity) onSave(value);
  };
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs text-muted-foreground md:sr-only">
        {t('lines.columns.quantity')}
      </label>
      <Input
        id={id}
        inputMode="decimal"
        className="h-11 w-20 text-end tabular-nums md:h-9"
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
        data-testid="line-quantity"
      />
      {unit && <span className="text-sm text-muted-foreground">{unit}</span>}
    </div>
  );
}

function PriceCell({ line, disabled, onSave }: { line: TaskLineView; disabled: boolean; onSave: (cents: number) => void }) {
  const { t } = useTranslation('tasks');
  const id = useId();
  const [cents, setCents] = useState<number | undefined>(line.unitPriceCents);
  useEffect(() => setCents(line.unitPriceCents), [line.unitPriceCents]);
  const commit = () => {
    if (cents === undefined || !Number.isInteger(cents) || cents < 0) {
      setCents(line.unitPriceCents);
      return;
    }
    if (cents !== line.unitPriceCents) onSave(cents);
  };
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs text-muted-foreground md:sr-only">
        {t('lines.columns.unitPrice')}
      </label>
      <MoneyInput
        id={id}
        className="h-11 w-28 text-end tabular-nums md:h-9"
        value={cents}
        onChange={setCents}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
        disabled={disabled}
        data-testid="line-unit-price"
      />
    </div>
  );
}

function LineRow({
  line,
  editable,
  isAdmin,
  mutations,
  isLast,
  taxed,
}: {
  line: TaskLineView;
  editable: boolean;
  isAdmin: boolean;
  mutations: ReturnType<typeof useLineMutations>;
  isLast: boolean;
  taxed: boolean;
}) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  const quantity = useQuantityFormat();
  const busy = mutations.update.isPending || mutations.remove.isPending;
  const margin = line.unitCostCents === null ? null : marginBasisPoints(line.unitPriceCents, line.unitCostCents);
  return (
    <li
      className={cn('grid gap-3 p-3 md:items-center', taxed ? TAXED_LINE_GRID : LINE_GRID)}
      data-testid="task-line"
      data-kind={line.kind}
      data-line-id={line.id}
    >
      <div className="flex min-w-0 items-start gap-3">
        <KindIcon kind={line.kind} />
        <div className="flex min-w-0 flex-col gap-1">
          <span className="font-medium" dir="auto" data-testid="line-description">
            {line.description}
          </span>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            {line.partNumber && (
              <span className="font-mono" dir="ltr">
                {line.partNumber}
              </span>
            )}
            {line.stock && <LineStockBadge stock={line.stock} />}
            {isAdmin && line.unitCostCents !== null && (
              <span data-testid="line-cost">
                {t('lines.costAndMargin', {
                  cost: format.money(line.unitCostCents),
                  margin: margin === null ? '—' : `${(margin / 100).toFixed(1)}%`,
                })}
              </span>
            )}
          </div>
        </div>
      </div>
      {editable ? (
        <QuantityCell line={line} disabled={busy} onSave={(value) => mutations.update.mutate({ id: line.id, quantity: value })} />
      ) : (
        <span className="tabular-nums">
          {line.kind === 'LABOUR'
            ? t('lines.hours', { hours: quantity.number(line.quantity) })
            : quantity.quantity(line.quantity, line.unit)}
        </span>
      )}
      {editable ? (
        <PriceCell line={line} disabled={busy} onSave={(cents) => mutations.update.mutate({ id: line.id, unitPriceCents: cents })} />
      ) : (
        <span className="tabular-nums">{format.money(line.unitPriceCents)}</span>
      )}
      {taxed && (
        <TaxCell
          line={line}
          editable={editable}
          disabled={busy}
          onSave={(taxRateId) => mutations.update.mutate({ id: line.id, taxRateId })}
        />
      )}
      {/* On a phone the total and the delete button share a row; on a wide screen each is a column of the grid. */}
      <div className="flex items-center justify-between gap-2 md:contents">
        <span className="flex flex-1 items-center justify-between gap-2 font-medium tabular-nums md:justify-end" data-testid="line-total">
          <span className="text-xs font-normal text-muted-foreground md:sr-only">{t('lines.columns.total')}</span>
          {format.money(line.totalCents)}
        </span>
        <div className="flex min-w-11 justify-end">
          {editable && !isLast && (
            <ConfirmDialog
              title={t('lines.confirmDelete.title')}
              description={t('lines.confirmDelete.body', { description: line.description })}
              confirmLabel={t('lines.confirmDelete.confirm')}
              onConfirm={() => mutations.remove.mutateAsync({ id: line.id })}
              trigger={
                <Button variant="ghost" size="icon" className="size-11" aria-label={t('lines.delete', { description: line.description })}>
                  <Trash2 aria-hidden="true" />
                </Button>
              }
            />
          )}
        </div>
      </div>
    </li>
  );
}

/** The line's tax rate: a picker while the lines can change, else its percentage. */
function TaxCell({
  line,
  editable,
  disabled,
  onSave,
}: {
  line: TaskLineView;
  editable: boolean;
  disabled: boolean;
  onSave: (taxRateId: string) => void;
}) {
  const { t } = useTranslation('tax');
  const id = useId();
  const rateFormat = useRateFormat();
  return (
    <div className="flex items-center gap-2" data-testid="line-tax" data-basis-points={line.taxBasisPoints ?? ''}>
      {/* A label names the picker; read-only, the percentage follows a plain caption. */}
      {editable ? (
        <label htmlFor={id} className="text-xs text-muted-foreground md:sr-only">
          {t('line.taxRate')}
        </label>
      ) : (
        <span className="text-xs text-muted-foreground md:sr-only">{t('line.taxRate')}</span>
      )}
      {!editable ? (
        <span className="tabular-nums">
          {line.taxBasisPoints === null ? '—' : <bdi dir="ltr">{rateFormat.percent(line.taxBasisPoints)}</bdi>}
        </span>
      ) : (
        <TaxRateSelect
          id={id}
          value={line.taxRateId}
          onChange={(next) => next && next !== line.taxRateId && onSave(next)}
          disabled={disabled}
          className="h-11 md:h-9"
          data-testid="line-tax-rate"
        />
      )}
    </div>
  );
}

function Total({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={cn('flex items-center justify-between gap-4', strong && 'text-base font-semibold')}>
      <dt className={cn(!strong && 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function TaskLinesEditor({ task, className }: { task: LineTask; className?: string }) {
  const { t } = useTranslation(['tasks', 'tax']);
  const format = useFormatters();
  const { roles } = useAuth();
  const isAdmin = roles.includes('ADMIN');
  const locked = useLinesLockedReason(task);
  const taxRates = useTaxRates();
  const taxSettings = useTaxSettings();
  const taxed = (taxRates.data ?? []).some((rate) => !rate.archivedAt) || task.lines.some((line) => line.taxRateId !== null);
  // The lines' prices are typed with or without tax (the shop's setting): the totals say which.
  const totalsSuffix =
    !taxed || !taxSettings.data ? '' : ` (${t(taxSettings.data.pricesIncludeTax ? 'tax:totals.inclTax' : 'tax:totals.exclTax')})`;
  const mutations = useLineMutations(task.id);
  const [adding, setAdding] = useState<AddMode | null>(null);
  const sum = (kind: TaskLineView['kind']) =>
    task.lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.totalCents, 0);
  const margin = task.costCents === null ? null : marginBasisPoints(task.soldForCents, task.costCents);

  return (
    <section className={cn('flex flex-col gap-3', className)} aria-label={t('lines.title')} data-testid="task-lines">
      {locked && (
        <p className="rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground" data-testid="lines-locked">
          {locked}
        </p>
      )}
      <div className="rounded-lg border">
        <div
          className={cn(
            'hidden border-b bg-muted/40 p-3 text-xs font-medium text-muted-foreground md:grid',
            taxed ? TAXED_LINE_GRID : LINE_GRID,
          )}
          aria-hidden="true"
        >
          <span>{t('lines.columns.description')}</span>
          <span>{t('lines.columns.quantity')}</span>
          <span>{t('lines.columns.unitPrice')}</span>
          {taxed && <span>{t('tax:line.taxRate')}</span>}
          <span className="text-end">{t('lines.columns.total')}</span>
          <span />
        </div>
        <ul className="divide-y">
          {task.lines.map((line) => (
            <LineRow
              key={line.id}
              line={line}
              editable={!locked}
              isAdmin={isAdmin}
              mutations={mutations}
              isLast={task.lines.length === 1}
              taxed={taxed}
            />
          ))}
        </ul>
        <dl className="flex flex-col gap-1 border-t p-3 text-sm">
          <Total label={t('lines.totals.parts')} value={format.money(sum('PART'))} testId="lines-parts-total" />
          <Total label={t('lines.totals.labour')} value={format.money(sum('LABOUR'))} testId="lines-labour-total" />
          {sum('FLAT') > 0 && <Total label={t('lines.totals.flat')} value={format.money(sum('FLAT'))} testId="lines-flat-total" />}
          {isAdmin && task.costCents !== null && (
            <Total
              label={t('lines.totals.costAndMargin')}
              value={`${format.money(task.costCents)} · ${margin === null ? '—' : `${(margin / 100).toFixed(1)}%`}`}
              testId="lines-cost-total"
            />
          )}
          <Total label={`${t('lines.totals.total')}${totalsSuffix}`} value={format.money(task.soldForCents)} testId="lines-total" strong />
        </dl>
      </div>
      {!locked && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            {(
              [
                ['part', Package, 'lines.add.part'],
                ['labour', Clock, 'lines.add.labour'],
                ['flat', Receipt, 'lines.add.flat'],
              ] as const
            ).map(([mode, Icon, label]) => (
              <Button
                key={mode}
                variant={adding === mode ? 'secondary' : 'outline'}
                className="h-11"
                aria-expanded={adding === mode}
                onClick={() => setAdding((open) => (open === mode ? null : mode))}
                data-testid={`add-line-${mode}`}
              >
                <Icon aria-hidden="true" />
                {t(label)}
              </Button>
            ))}
          </div>
          {adding && (
            <div className="rounded-lg border p-3" data-testid={`add-line-${adding}-panel`}>
              {adding === 'part' && <AddPartLine taskId={task.id} mutations={mutations} onDone={() => setAdding(null)} />}
              {adding === 'labour' && <AddLabourLine taskId={task.id} mutations={mutations} onDone={() => setAdding(null)} />}
              {adding === 'flat' && <AddFlatLine taskId={task.id} mutations={mutations} onDone={() => setAdding(null)} />}
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/** A search term that settles 300 ms after the last keystroke (one request per pause, not per key). */
function useDebounced(value: string, delayMs = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

type AddProps = { taskId: string; mutations: ReturnType<typeof useLineMutations>; onDone: () => void };

function AddFooter({ pending, label, children }: { pending: boolean; label: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      {children}
      <Button type="submit" className="h-11" disabled={pending} data-testid="submit-line">
        {pending ? <Spinner /> : <Plus aria-hidden="true" />}
        {label}
      </Button>
    </div>
  );
}

/**
 * Finds a catalogue part by a debounced search (number, name, brand, barcode) or by scanning its barcode; the
 * results show what is available and the selling price. Used by the task lines and the catalogue items' lines.
 */
export function PartSearch({ onPick }: { onPick: (part: PartView) => void }) {
  const { t } = useTranslation('tasks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const format = useFormatters();
  const quantityFormat = useQuantityFormat();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const results = useQuery({ ...trpc.parts.list.queryOptions({ search: term, pageSize: 10 }), enabled: term.length > 0 });

  const onScan = async (barcode: string) => {
    try {
      onPick(await queryClient.fetchQuery(trpc.parts.byBarcode.queryOptions({ barcode })));
    } catch (error) {
      toast.error(
        errorCode(error) === 'NOT_FOUND' ? t('lines.noPartWithBarcode', { barcode }) : failureMessage(t, error, t('lines.scanFailed')),
      );
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={searchId} className="text-sm font-medium">
        {t('lines.searchPart')}
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            className="h-11 ps-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('lines.searchPlaceholder')}
            autoComplete="off"
            data-testid="part-search"
          />
        </div>
        <BarcodeScanButton onCode={onScan} label={t('lines.scanPart')} />
      </div>
      {term.length > 0 && (
        <ul className="flex max-h-72 flex-col overflow-y-auto rounded-md border" aria-label={t('lines.results')} data-testid="part-results">
          {results.isLoading && (
            <li className="p-3">
              <Spinner />
            </li>
          )}
          {results.data?.items.length === 0 && <li className="p-3 text-sm text-muted-foreground">{t('lines.noParts')}</li>}
          {results.data?.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="flex min-h-11 w-full flex-wrap items-center justify-between gap-2 p-3 text-start hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                onClick={() => onPick(item)}
                data-testid="part-result"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium" dir="auto">
                    {item.name}
                  </span>
                  <span className="font-mono text-xs text-muted-foreground" dir="ltr">
                    {item.partNumber}
                  </span>
                </span>
                <span className="flex flex-col items-end text-xs">
                  <span className={cn(item.available <= 0 && 'text-amber-800 dark:text-amber-300')}>
                    {t('lines.available', { quantity: quantityFormat.quantity(item.available, item.unit) })}
                  </span>
                  <span className="tabular-nums">{format.money(item.sellingPriceCents)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddPartLine({ taskId, mutations, onDone }: AddProps) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  const quantityFormat = useQuantityFormat();
  const quantityId = useId();
  const [part, setPart] = useState<PartView | null>(null);
  const [quantity, setQuantity] = useState('1');

  const submit = () => {
    if (!part) return;
    const value = quantityFromText(quantity);
    if (!Number.isFinite(value) || value <= 0 || !hasAtMostDecimals(value, UNIT_DECIMALS[part.unit])) {
      toast.error(t('lines.badQuantity'));
      return;
    }
    mutations.add.mutate({ id: taskId, line: { kind: 'PART', partId: part.id, quantity: value } }, { onSuccess: onDone });
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {!part && <SuggestedParts taskId={taskId} onPick={setPart} />}
      {part ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/40 p-3" data-testid="picked-part">
          <div className="flex min-w-0 flex-col">
            <span className="font-medium" dir="auto">
              {part.name}
            </span>
            <span className="text-xs text-muted-foreground">
              <span dir="ltr" className="font-mono">
                {part.partNumber}
              </span>{' '}
              · {t('lines.available', { quantity: quantityFormat.quantity(part.available, part.unit) })} ·{' '}
              {format.money(part.sellingPriceCents)}
            </span>
          </div>
          <Button type="button" variant="ghost" className="h-11" onClick={() => setPart(null)}>
            {t('lines.changePart')}
          </Button>
        </div>
      ) : (
        <PartSearch
          onPick={(picked) => {
            setPart(picked);
            setQuantity('1');
          }}
        />
      )}
      {part && (
        <AddFooter pending={mutations.add.isPending} label={t('lines.add.submit')}>
          <div className="flex flex-col gap-1">
            <label htmlFor={quantityId} className="text-sm font-medium">
              {t('lines.columns.quantity')}
            </label>
            <Input
              id={quantityId}
              inputMode="decimal"
              className="h-11 w-28"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
              data-testid="new-line-quantity"
            />
          </div>
        </AddFooter>
      )}
    </form>
  );
}

function AddLabourLine({ taskId, mutations, onDone }: AddProps) {
  const { t } = useTranslation('tasks');
  const trpc = useTRPC();
  const format = useFormatters();
  const hoursId = useId();
  const rateId = useId();
  const descriptionId = useId();
  const rates = useQuery(trpc.labourRates.list.queryOptions({}));
  const [hours, setHours] = useState('1');
  const [chosenRate, setChosenRate] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const defaultRate = rates.data?.find((rate) => rate.isDefault) ?? rates.data?.[0];
  const labourRateId = chosenRate || defaultRate?.id || '';

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const value = quantityFromText(hours);
        if (!Number.isFinite(value) || value <= 0 || !hasAtMostDecimals(value, HOURS_DECIMALS)) {
          toast.error(t('lines.badHours', { decimals: HOURS_DECIMALS }));
          return;
        }
        mutations.add.mutate(
          { id: taskId, line: { kind: 'LABOUR', quantity: value, labourRateId: labourRateId || null, description: description || null } },
          { onSuccess: onDone },
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-1">
          <label htmlFor={hoursId} className="text-sm font-medium">
            {t('lines.hoursLabel')}
          </label>
          <Input
            id={hoursId}
            inputMode="decimal"
            className="h-11"
            value={hours}
            onChange={(event) => setHours(event.target.value)}
            data-testid="labour-hours"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={rateId} className="text-sm font-medium">
            {t('lines.rate')}
          </label>
          {/* An empty value (the select resetting itself while its options load) never replaces the chosen rate. */}
          <Select value={labourRateId} onValueChange={(value) => value && setChosenRate(value)}>
            <SelectTrigger id={rateId} className="h-11 w-full" data-testid="labour-rate">
              <SelectValue placeholder={rates.isLoading ? t('lines.loadingRates') : t('lines.chooseRate')} />
            </SelectTrigger>
            <SelectContent>
              {rates.data?.map((rate) => (
                <SelectItem key={rate.id} value={rate.id}>
                  {t('lines.rateOption', { name: rate.name, rate: format.money(rate.rateCents) })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={descriptionId} className="text-sm font-medium">
            {t('lines.labourDescription')}
          </label>
          <Input id={descriptionId} className="h-11" value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
      </div>
      <AddFooter pending={mutations.add.isPending} label={t('lines.add.submit')} />
    </form>
  );
}

function AddFlatLine({ taskId, mutations, onDone }: AddProps) {
  const { t } = useTranslation('tasks');
  const descriptionId = useId();
  const amountId = useId();
  const [description, setDescription] = useState('');
  const [cents, setCents] = useState<number | undefined>(undefined);
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!description.trim() || cents === undefined || !Number.isInteger(cents)) {
          toast.error(t('lines.flatIncomplete'));
          return;
        }
        mutations.add.mutate(
          { id: taskId, line: { kind: 'FLAT', description: description.trim(), unitPriceCents: cents } },
          { onSuccess: onDone },
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <div className="flex flex-col gap-1">
          <label htmlFor={descriptionId} className="text-sm font-medium">
            {t('lines.columns.description')}
          </label>
          <Input
            id={descriptionId}
            className="h-11"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            data-testid="flat-description"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={amountId} className="text-sm font-medium">
            {t('lines.amount')}
          </label>
          <MoneyInput id={amountId} className="h-11" value={cents} onChange={setCents} data-testid="flat-amount" />
        </div>
      </div>
      <AddFooter pending={mutations.add.isPending} label={t('lines.add.submit')} />
    </form>
  );
}
