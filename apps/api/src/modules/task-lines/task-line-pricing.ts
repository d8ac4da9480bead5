// Pricing a task's lines, without the task: catalogue parts (their price, cost and part number), labour at a
// rate, typed parts and flat amounts, checked against the units' decimals and the money limits. Used by
// tasks (tasks.service.ts, task-lines.service.ts) and visits (a visit is created with its tasks' lines), so it
// imports neither: only the stock core, which locks the parts.
import type { Prisma } from '@garage/db';
import { shopCurrency } from '@garage/db/fiscal-journal';
import {
  HOURS_DECIMALS,
  INVENTORY_LIMITS,
  TASK_LIMITS,
  UNIT_DECIMALS,
  formatMinorPlain,
  hasAtMostDecimals,
  dueDateValue,
  lineTotalCents,
  partSellingPriceCents,
  toMilli,
  type MarkupBand,
  type PartLineStock,
  type PartUnit,
  type TaskInputParsed,
  type TaskLineInputParsed,
  type TaskLineKind,
} from '@garage/shared';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';
import { assertPartUsable, lockParts, type LockedPart } from '../stock/stock.service.ts';
import { TaxResolver } from '../tax/tax-resolution.ts';

type Tx = Prisma.TransactionClient;

const lineOrder = [{ position: 'asc' as const }, { id: 'asc' as const }];

/** Who changes the lines: their id for stock movements, and whether they see and set costs (admins). */
export interface LineActor {
  userId: string | null;
  seesCosts: boolean;
}

/** A line ready to be written (without its task and position). */
export interface LineData {
  kind: TaskLineKind;
  description: string;
  partId: string | null;
  partNumber: string | null;
  labourRateId: string | null;
  quantityMilli: number;
  unitCostCents: number;
  unitPriceCents: number;
  totalCents: number;
  /** Resolved when the line is written (modules/tax/tax-resolution.ts); null: no tax. */
  taxRateId: string | null;
  stock: PartLineStock | null;
}

/** Who acts on lines from a session: stock movements name them; costs are shown to and set by admins only. */
export const lineActor = (session: Session): LineActor => ({ userId: session.userId, seesCosts: session.roles.includes('ADMIN') });

/** Nobody in particular, seeing no costs: callers that do not say who acts (tests, internal callers). */
export const NO_ACTOR: LineActor = { userId: null, seesCosts: false };

/**
 * Refuses a line or task total the task's money columns cannot hold (TASK_LIMITS.moneyMaxCents, minor units).
 * The message names the limit in the shop's currency ("100000.000" in KWD, "1000000.00" in EUR): the
 * currency is read only then, so the usual case costs no query.
 */
export async function assertWithinMoneyLimit(tx: Pick<Tx, 'merchant'>, ...amounts: number[]): Promise<void> {
  if (amounts.some((amount) => amount > TASK_LIMITS.moneyMaxCents)) {
    const max = formatMinorPlain(TASK_LIMITS.moneyMaxCents, await shopCurrency(tx));
    throw new AppError('VALIDATION', 'taskLines.totalTooLarge', { field: 'line', params: { max } });
  }
}

/** A catalogue part's quantity has at most its unit's decimals; labour at most HOURS_DECIMALS. */
export function assertQuantityDecimals(quantity: number, unit: PartUnit | null, kind: TaskLineKind, field: string): void {
  if (unit !== null && !hasAtMostDecimals(quantity, UNIT_DECIMALS[unit])) {
    throw new AppError('VALIDATION', 'inventory.quantityDecimals', { field, params: { decimals: UNIT_DECIMALS[unit] } });
  }
  if (kind === 'LABOUR' && !hasAtMostDecimals(quantity, HOURS_DECIMALS)) {
    throw new AppError('VALIDATION', 'taskLines.quantityDecimals', { field, params: { decimals: HOURS_DECIMALS } });
  }
}

/**
 * Turns line inputs into rows: a catalogue part's price (its own, or cost + its band's markup), cost (the
 * average cost; admins may set another), part number and name; labour at the rate named or the shop's
 * default one. Every part named must be in `parts` (locked by the caller). `fieldPrefix` names the lines in
 * errors ("lines.2." when a task is created with several). Each line's tax rate: resolveLineTaxRateId's order,
 * `offeringItemId` being the catalogue item the task is made from.
 */
export async function resolveLines(
  tx: Tx,
  inputs: readonly TaskLineInputParsed[],
  parts: ReadonlyMap<string, LockedPart>,
  actor: LineActor,
  fieldPrefix: (index: number) => string = () => '',
  tax: { resolver?: TaxResolver; offeringItemId?: string | null } = {},
): Promise<LineData[]> {
  const taxResolver = tax.resolver ?? new TaxResolver(tx);
  const partIds = inputs.flatMap((line) => (line.kind === 'PART' && line.partId ? [line.partId] : []));
  const details = new Map(
    (partIds.length
      ? await tx.part.findMany({ where: { id: { in: partIds } }, select: { id: true, name: true, priceCents: true } })
      : []
    ).map((part) => [part.id, part]),
  );
  let bands: MarkupBand[] | undefined;
  const markupBands = async () => {
    bands ??= await tx.partMarkupBand.findMany({ select: { upToCostCents: true, markupBasisPoints: true } });
    return bands;
  };
  type Rate = { id: string; name: string; rateCents: number; archivedAt: Date | null };
  let defaultRate: Rate | null | undefined;
  const rateSelect = { id: true, name: true, rateCents: true, archivedAt: true };

  const rows: LineData[] = [];
  for (const [index, line] of inputs.entries()) {
    const field = (name: string) => `${fieldPrefix(index)}${name}`;
    const quantityMilli = toMilli(line.quantity);
    const typedCost = actor.seesCosts ? (line.unitCostCents ?? 0) : 0;
    let row: Omit<LineData, 'totalCents' | 'quantityMilli' | 'taxRateId'>;
    if (line.kind === 'PART' && line.partId) {
      const part = parts.get(line.partId);
      const detail = details.get(line.partId);
      if (!part || !detail) throw notFound('part');
      assertPartUsable(part);
      assertQuantityDecimals(line.quantity, part.unit as PartUnit, 'PART', field('quantity'));
      row = {
        kind: 'PART',
        description: line.description ?? detail.name.slice(0, INVENTORY_LIMITS.nameMax),
        partId: part.id,
        partNumber: part.partNumber,
        labourRateId: null,
        unitPriceCents:
          line.unitPriceCents ?? partSellingPriceCents({ priceCents: detail.priceCents, costCents: part.costCents }, await markupBands()),
        unitCostCents: actor.seesCosts && line.unitCostCents != null ? line.unitCostCents : part.costCents,
        stock: 'QUOTED',
      };
    } else if (line.kind === 'LABOUR') {
      let rate: Rate | null;
      if (line.labourRateId) {
        rate = await tx.labourRate.findUnique({ where: { id: line.labourRateId }, select: rateSelect });
        if (!rate) throw notFound('labourRate');
        if (rate.archivedAt) throw new AppError('CONFLICT', 'inventory.labourRateArchived', { field: field('labourRateId') });
      } else {
        defaultRate ??= await tx.labourRate.findFirst({ where: { isDefault: true, archivedAt: null }, select: rateSelect });
        rate = defaultRate;
      }
      const price = line.unitPriceCents ?? rate?.rateCents;
      if (price == null) throw fieldError(field('unitPriceCents'), 'required', { fieldName: 'unitPrice' });
      const description = line.description ?? rate?.name;
      if (!description) throw fieldError(field('description'), 'required', { fieldName: 'description' });
      row = {
        kind: 'LABOUR',
        description,
        partId: null,
        partNumber: null,
        labourRateId: rate?.id ?? null,
        unitPriceCents: price,
        unitCostCents: typedCost,
        stock: null,
      };
    } else {
      // A part typed by hand or a flat amount: the schema made sure of the description and price.
      row = {
        kind: line.kind,
        description: line.description as string,
        partId: null,
        partNumber: line.kind === 'PART' ? (line.partNumber ?? null) : null,
        labourRateId: null,
        unitPriceCents: line.unitPriceCents as number,
        unitCostCents: typedCost,
        stock: null,
      };
    }
    const totalCents = lineTotalCents(quantityMilli, row.unitPriceCents);
    await assertWithinMoneyLimit(tx, totalCents, lineTotalCents(quantityMilli, row.unitCostCents));
    const taxRateId = await taxResolver.resolve({
      explicit: line.taxRateId,
      kind: row.kind,
      partId: row.partId,
      offeringItemId: tax.offeringItemId,
      field: field('taxRateId'),
    });
    rows.push({ ...row, quantityMilli, totalCents, taxRateId });
  }
  return rows;
}

/** The task's price and cost from its lines; refused when over the money limit. */
export async function taskTotals(
  tx: Pick<Tx, 'merchant'>,
  lines: readonly { quantityMilli: number; unitCostCents: number; totalCents: number }[],
) {
  let soldForCents = 0;
  let costCents = 0;
  for (const line of lines) {
    soldForCents += line.totalCents;
    costCents += lineTotalCents(line.quantityMilli, line.unitCostCents);
  }
  await assertWithinMoneyLimit(tx, soldForCents, costCents);
  return { soldForCents, costCents };
}

/**
 * The one FLAT line of a task made with a price only (the way every task was made before lines). Its tax rate
 * is the caller's to resolve (flatLineTaxRateId).
 */
export function flatLine(description: string, soldForCents: number, costCents: number, taxRateId: string | null): LineData {
  return {
    kind: 'FLAT',
    description: description.slice(0, INVENTORY_LIMITS.nameMax),
    partId: null,
    partNumber: null,
    labourRateId: null,
    quantityMilli: 1000,
    unitCostCents: costCents,
    unitPriceCents: soldForCents,
    totalCents: soldForCents,
    taxRateId,
    stock: null,
  };
}

/** A flat line's rate: its catalogue item's, else the shop's default for flat lines. */
export const flatLineTaxRateId = (tx: Tx, offeringItemId?: string | null, resolver = new TaxResolver(tx)) =>
  resolver.resolve({ kind: 'FLAT', offeringItemId });

/** A catalogue item's default lines, as line inputs (priced when the task is made). */
export async function offeringItemLines(tx: Tx, itemId: string): Promise<{ lines: TaskLineInputParsed[]; priceCents: number }> {
  const item = await tx.offeringItem.findUnique({
    where: { id: itemId },
    select: {
      priceCents: true,
      lines: {
        orderBy: lineOrder,
        select: { kind: true, description: true, partId: true, labourRateId: true, quantityMilli: true, unitPriceCents: true },
      },
    },
  });
  if (!item) throw notFound('item');
  return {
    priceCents: item.priceCents,
    lines: item.lines.map((line) => ({
      kind: line.kind,
      partId: line.partId,
      partNumber: undefined,
      labourRateId: line.labourRateId,
      description: line.description || null,
      quantity: line.quantityMilli / 1000,
      unitPriceCents: line.unitPriceCents,
      unitCostCents: undefined,
      taxRateId: undefined,
    })),
  };
}

/** The task's own columns; its price and cost come from its lines (taskTotals). */
export function taskData(input: TaskInputParsed) {
  return {
    title: input.title,
    description: input.description,
    service: input.service,
    priority: input.priority,
    dueDate: input.dueDate ? dueDateValue(input.dueDate) : null,
    remindInMonths: input.remindInMonths,
    remindInKm: input.remindInKm,
  };
}

/**
 * A new task's lines: the catalogue item's default lines, then the lines sent; with neither, one FLAT line
 * at the price sent (the way every task was made before lines, so old callers get the same task and
 * totals). Locks the parts they name (id order): a caller making several tasks locks all their parts first.
 */
export async function prepareTaskLines(
  tx: Tx,
  input: TaskInputParsed,
  actor: LineActor,
  fieldPrefix = '',
  taxResolver = new TaxResolver(tx),
): Promise<{ lines: LineData[]; soldForCents: number; costCents: number }> {
  const offering = input.offeringItemId ? await offeringItemLines(tx, input.offeringItemId) : undefined;
  const inputs = [...(offering?.lines ?? []), ...(input.lines ?? [])];
  if (inputs.length > INVENTORY_LIMITS.linesPerTask) {
    throw new AppError('CONFLICT', 'taskLines.tooManyLines', { params: { max: INVENTORY_LIMITS.linesPerTask } });
  }
  const lines =
    inputs.length === 0
      ? [
          flatLine(
            input.title,
            input.soldForCents ?? offering?.priceCents ?? 0,
            input.costCents,
            await flatLineTaxRateId(tx, input.offeringItemId, taxResolver),
          ),
        ]
      : await resolveLines(
          tx,
          inputs,
          await lockParts(
            tx,
            inputs.flatMap((line) => (line.kind === 'PART' && line.partId ? [line.partId] : [])),
          ),
          actor,
          // Offering lines come first: errors name the lines sent, counted from 0.
          (index) => `${fieldPrefix}lines.${index - (offering?.lines.length ?? 0)}.`,
          { resolver: taxResolver, offeringItemId: input.offeringItemId },
        );
  return { lines, ...(await taskTotals(tx, lines)) };
}

/**
 * Locks (id order) every part new tasks name, in their lines or their catalogue items' lines: creating
 * several tasks at once then never takes a part lock out of order.
 */
export async function lockPartsOfNewTasks(tx: Tx, inputs: readonly TaskInputParsed[]): Promise<void> {
  const itemIds = inputs.flatMap((input) => (input.offeringItemId ? [input.offeringItemId] : []));
  const itemLines = itemIds.length
    ? await tx.offeringItemLine.findMany({ where: { itemId: { in: itemIds }, partId: { not: null } }, select: { partId: true } })
    : [];
  const sent = inputs.flatMap((input) => (input.lines ?? []).flatMap((line) => (line.kind === 'PART' && line.partId ? [line.partId] : [])));
  await lockParts(tx, [...sent, ...itemLines.map((line) => line.partId as string)]);
}
