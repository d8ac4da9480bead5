// Parts, labour and stock: the pure rules (no database). Quantities travel through the API as decimal
// numbers in the part's unit (1.5 litres, 2 pieces, 0.25 hours) and are stored as integer thousandths
// ("milli"), so every sum is exact; money is integer cents. One rounding rule turns a line into money.
import type { TaskApproval, TaskStatus } from './visit-rules.ts';

export const PART_UNITS = ['PIECE', 'SET', 'LITRE', 'KILOGRAM', 'METRE'] as const;
export type PartUnit = (typeof PART_UNITS)[number];

/** Decimals a quantity may have in each unit: pieces and sets are counted, fluids measured. */
export const UNIT_DECIMALS: Record<PartUnit, number> = { PIECE: 0, SET: 0, LITRE: 2, KILOGRAM: 3, METRE: 2 };
/** Labour is sold by the hour, to the hundredth (6 minutes = 0.1 h, a quarter hour = 0.25 h). */
export const HOURS_DECIMALS = 2;

export const TASK_LINE_KINDS = ['PART', 'LABOUR', 'FLAT'] as const;
export type TaskLineKind = (typeof TASK_LINE_KINDS)[number];
export const PART_LINE_STOCK_STATES = ['QUOTED', 'RESERVED', 'BACKORDERED', 'USED'] as const;
export type PartLineStock = (typeof PART_LINE_STOCK_STATES)[number];
export const STOCK_MOVEMENT_KINDS = ['RECEIVED', 'USED', 'RETURNED', 'ADJUSTED', 'COUNTED'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
export const PURCHASE_ORDER_STATUSES = ['DRAFT', 'SENT', 'PARTLY_RECEIVED', 'RECEIVED', 'CANCELLED'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const INVENTORY_LIMITS = {
  /** Largest quantity on one line, one movement or one order line (in the unit). */
  quantityMax: 100_000,
  /** Largest unit cost or price of a part, or rate of an hour (cents). */
  unitMoneyMaxCents: 10_000_000,
  linesPerTask: 100,
  linesPerOrder: 200,
  markupBandsMax: 10,
  /** Basis points: 100000 = 1000 %. */
  markupMaxBasisPoints: 100_000,
  partNumberMax: 60,
  nameMax: 200,
  brandMax: 80,
  categoryMax: 80,
  binMax: 40,
  notesMax: 2000,
  reasonMax: 300,
  supplierNameMax: 120,
  leadTimeDaysMax: 365,
  labourRateNameMax: 80,
} as const;

export const toMilli = (quantity: number): number => Math.round(quantity * 1000);
export const fromMilli = (milli: number): number => milli / 1000;

/** True when `quantity` has no more decimals than `decimals` (tolerating binary floating point). */
export function hasAtMostDecimals(quantity: number, decimals: number): boolean {
  const scaled = quantity * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * The money of a quantity at a unit price: quantity (thousandths) × unit price (cents) ÷ 1000, rounded half
 * up to the cent once per line. A task's and a visit's totals are sums of these integers, so they never
 * drift from their lines. Exact in double precision: both factors are bounded by INVENTORY_LIMITS
 * (1e8 × 1e7 < 2^53).
 */
export function lineTotalCents(quantityMilli: number, unitPriceCents: number): number {
  return Math.floor((quantityMilli * unitPriceCents + 500) / 1000);
}

/**
 * What a catalogue part line should hold, from its task: nothing while the customer has not approved the
 * work or it is cancelled, stock used once the task is completed, a reservation otherwise.
 */
export function wantedLineStock(task: { status: TaskStatus; approval: TaskApproval | null }): 'QUOTED' | 'RESERVED' | 'USED' {
  if (task.approval === 'PENDING' || task.approval === 'DECLINED') return 'QUOTED';
  if (task.status === 'CANCELLED') return 'QUOTED';
  if (task.status === 'COMPLETED') return 'USED';
  return 'RESERVED';
}

export interface MarkupBand {
  /** null: every cost above the other bands. */
  upToCostCents: number | null;
  markupBasisPoints: number;
}

/** The band of a cost: the smallest upToCostCents at or above it, else the open-ended band. */
export function markupBandFor(costCents: number, bands: readonly MarkupBand[]): MarkupBand | undefined {
  const bounded = bands
    .filter((band) => band.upToCostCents !== null && costCents <= band.upToCostCents)
    .sort((a, b) => (a.upToCostCents ?? 0) - (b.upToCostCents ?? 0));
  return bounded[0] ?? bands.find((band) => band.upToCostCents === null);
}

/** A part's selling price: its own, else cost plus its band's markup (rounded half up), else the cost. */
export function partSellingPriceCents(part: { priceCents: number | null; costCents: number }, bands: readonly MarkupBand[]): number {
  if (part.priceCents !== null) return part.priceCents;
  const band = markupBandFor(part.costCents, bands);
  if (!band) return part.costCents;
  return Math.floor((part.costCents * (10_000 + band.markupBasisPoints) + 5_000) / 10_000);
}

/**
 * The weighted average cost after receiving `receivedMilli` at `unitCostCents`. Stock below zero (parts
 * used before they arrived) counts as none: the received parts then set the cost alone.
 */
export function averageCostAfterReceipt(onHandMilli: number, averageCents: number, receivedMilli: number, unitCostCents: number): number {
  const before = Math.max(0, onHandMilli);
  if (before + receivedMilli <= 0) return unitCostCents;
  return Math.round((before * averageCents + receivedMilli * unitCostCents) / (before + receivedMilli));
}

/** Gross margin in basis points of the price (null when nothing was sold). */
export function marginBasisPoints(soldCents: number, costCents: number): number | null {
  if (soldCents === 0) return null;
  return Math.round(((soldCents - costCents) * 10_000) / soldCents);
}

/**
 * EAN-13, EAN-8, UPC-A (12 digits) or UPC-E (8 digits, as EAN-8 by its check digit rule): digits only, the
 * last one the GS1 check digit of the others.
 */
export function isValidBarcode(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() as number;
  // GS1: from the right (without the check digit), weights 3, 1, 3, 1...
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Status of a purchase order from what was received of its lines (a draft, sent or cancelled order aside). */
export function receivedOrderStatus(
  lines: readonly { quantityMilli: number; receivedMilli: number }[],
): 'SENT' | 'PARTLY_RECEIVED' | 'RECEIVED' {
  if (lines.every((line) => line.receivedMilli >= line.quantityMilli)) return 'RECEIVED';
  if (lines.some((line) => line.receivedMilli > 0)) return 'PARTLY_RECEIVED';
  return 'SENT';
}
