// A part as staff see it: stock figures in the part's unit, the selling price its markup band gives, and the
// cost for admins only. The SQL below is shared by the list, the one-part reads and the answers to writes, so
// every screen shows the same figures.
import { Prisma } from '@garage/db';
import { fromMilli, partSellingPriceCents, type MarkupBand, type PartUnit, type PartView } from '@garage/shared';
import { isoInstant } from '../visits/visit-views.ts';

/** Epoch milliseconds of a `timestamp` column (UTC) as int8 text, read back by isoInstant. */
const epochMs = (column: string) => Prisma.raw(`(date_part('epoch', ${column}) * 1000)::int8`);

/**
 * Reserved stock of the part aliased `p`: its RESERVED lines (never a column, see stock.service.ts). Served by
 * the TaskLine(partId, stock, createdAt) index.
 */
export const RESERVED_MILLI = Prisma.sql`(SELECT coalesce(sum(l."quantityMilli"), 0) FROM "TaskLine" AS l
  WHERE l."partId" = p.id AND l.stock = 'RESERVED')`;
/** What suppliers still owe of the part aliased `p`: sent and partly received orders' outstanding quantities. */
export const ON_ORDER_MILLI = Prisma.sql`(SELECT coalesce(sum(greatest(ol."quantityMilli" - ol."receivedMilli", 0)), 0)
  FROM "PurchaseOrderLine" AS ol JOIN "PurchaseOrder" AS o ON o.id = ol."purchaseOrderId"
  WHERE ol."partId" = p.id AND o.status IN ('SENT', 'PARTLY_RECEIVED'))`;

/** The columns of a part view for node-postgres (queryRows): enums as text, instants as epoch milliseconds. */
export const PART_VIEW_COLUMNS = Prisma.sql`p.id, p."partNumber", p.name, p.brand, p.category, p.barcode, p.unit::text AS unit,
  p."costCents", p."priceCents", p."taxRateId", p."onHandMilli", p."binLocation", p."reorderPointMilli", p."reorderQuantityMilli",
  p."supplierId", s.name AS "supplierName", p.notes, ${epochMs('p."archivedAt"')} AS "archivedAt",
  ${epochMs('p."createdAt"')} AS "createdAt", ${epochMs('p."updatedAt"')} AS "updatedAt",
  ${RESERVED_MILLI}::int8 AS "reservedMilli", ${ON_ORDER_MILLI}::int8 AS "onOrderMilli"`;

export interface PartRow {
  id: string;
  partNumber: string;
  name: string;
  brand: string | null;
  category: string | null;
  barcode: string | null;
  unit: PartUnit;
  costCents: number;
  priceCents: number | null;
  taxRateId: string | null;
  onHandMilli: number;
  binLocation: string | null;
  reorderPointMilli: number | null;
  reorderQuantityMilli: number | null;
  supplierId: string | null;
  supplierName: string | null;
  notes: string | null;
  /** Epoch milliseconds (int8 text). */
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** int8 sums, as text. */
  reservedMilli: string | number;
  onOrderMilli: string | number;
}

/**
 * Low stock: what is free plus what is coming does not exceed the reorder point (purchase orders propose
 * the difference). A part without a reorder point is never low.
 */
export function isLowStock(figures: {
  onHandMilli: number;
  reservedMilli: number;
  onOrderMilli: number;
  reorderPointMilli: number | null;
}) {
  if (figures.reorderPointMilli === null) return false;
  return figures.onHandMilli - figures.reservedMilli + figures.onOrderMilli <= figures.reorderPointMilli;
}

export function toPartView(row: PartRow, bands: readonly MarkupBand[], seesCosts: boolean): PartView {
  const reservedMilli = Number(row.reservedMilli);
  const onOrderMilli = Number(row.onOrderMilli);
  return {
    id: row.id,
    partNumber: row.partNumber,
    name: row.name,
    brand: row.brand,
    category: row.category,
    barcode: row.barcode,
    unit: row.unit,
    costCents: seesCosts ? row.costCents : null,
    priceCents: row.priceCents,
    sellingPriceCents: partSellingPriceCents(row, bands),
    taxRateId: row.taxRateId,
    onHand: fromMilli(row.onHandMilli),
    reserved: fromMilli(reservedMilli),
    available: fromMilli(row.onHandMilli - reservedMilli),
    onOrder: fromMilli(onOrderMilli),
    binLocation: row.binLocation,
    reorderPoint: row.reorderPointMilli === null ? null : fromMilli(row.reorderPointMilli),
    reorderQuantity: row.reorderQuantityMilli === null ? null : fromMilli(row.reorderQuantityMilli),
    lowStock: isLowStock({ onHandMilli: row.onHandMilli, reservedMilli, onOrderMilli, reorderPointMilli: row.reorderPointMilli }),
    supplier: row.supplierId ? { id: row.supplierId, name: row.supplierName ?? '' } : null,
    notes: row.notes,
    archivedAt: row.archivedAt === null ? null : isoInstant(row.archivedAt),
    createdAt: isoInstant(row.createdAt),
    updatedAt: isoInstant(row.updatedAt),
  };
}
