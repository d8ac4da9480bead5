// Purchase orders to suppliers: an admin drafts one (or has low stock draft them), sends it (emailed as a PDF
// in the shop's language, or only marked as sent), and staff receive what arrives, line by line.
//
// Receiving is the stock change here, and it goes through stock.service.ts like every other: one transaction
// locks the order row (two people receiving the same delivery are served one after the other, and the second
// sees what the first received), then the parts by id, then records a RECEIVED movement per line (which also
// moves the part's average cost), then gives the new stock to the part's backorders, oldest first.
//
// Costs and totals are shown to admins only: views carry null costs for everyone else.
import type { Db, FileStorage, Prisma } from '@garage/db';
import {
  addDays,
  calendarDateIn,
  dueDateString,
  dueDateValue,
  fromMilli,
  hasAtMostDecimals,
  INVENTORY_LIMITS,
  lineTotalCents,
  receivedOrderStatus,
  toMilli,
  UNIT_DECIMALS,
  type PartUnit,
  type PurchaseOrderStatus,
  type PurchaseOrderView,
} from '@garage/shared';
import type { z } from 'zod';
import type {
  createPurchaseOrderSchema,
  listPurchaseOrdersSchema,
  lowStockDraftsSchema,
  purchaseOrderListItemSchema,
  receivePurchaseOrderSchema,
  updatePurchaseOrderSchema,
} from '@garage/shared';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { DeliveryLog, MessageSender } from '../../lib/mailer.ts';
import { pdfLanguage, type PdfLanguage } from '../../lib/pdf/format.ts';
import { loadLogo, loadShopIdentity, type ShopIdentity } from '../../lib/pdf/shop.ts';
import { allocateBackorders, lockParts, recordMovement, type LockedPart } from '../stock/stock.service.ts';
import { versionConflict, type Tx } from '../visits/visit-state.ts';
import { fillLabel, PURCHASE_ORDER_LABELS } from './purchase-order-labels.ts';
import { purchaseOrderFileName, renderPurchaseOrderPdf, type PurchaseOrderDocument } from './purchase-order-pdf.ts';

/** Who asks: the user recorded on movements and orders, and whether they see costs (admins). */
export interface OrderActor {
  userId: string;
  seesCosts: boolean;
}

type CreateInput = z.output<typeof createPurchaseOrderSchema>;
type UpdateInput = z.output<typeof updatePurchaseOrderSchema>;
type ReceiveInput = z.output<typeof receivePurchaseOrderSchema>;
type ListInput = z.output<typeof listPurchaseOrdersSchema>;
type ListItem = z.infer<typeof purchaseOrderListItemSchema>;
type LowStockDrafts = z.infer<typeof lowStockDraftsSchema>;

// Numbers are taken under the year's counter row lock; give a busy moment room before giving up.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 };
const LINES_PER_ORDER = INVENTORY_LIMITS.linesPerOrder;

// ─── Views ───────────────────────────────────────────────────────────────────────────────────────────────

const orderSelect = {
  id: true,
  number: true,
  status: true,
  notes: true,
  expectedOn: true,
  sentAt: true,
  receivedAt: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  supplier: { select: { id: true, name: true, email: true } },
  createdBy: { select: { id: true, firstName: true, lastName: true } },
  lines: {
    orderBy: { position: 'asc' },
    select: {
      id: true,
      position: true,
      quantityMilli: true,
      receivedMilli: true,
      unitCostCents: true,
      part: { select: { id: true, partNumber: true, name: true, unit: true, barcode: true } },
    },
  },
} satisfies Prisma.PurchaseOrderSelect;
type OrderRow = Prisma.PurchaseOrderGetPayload<{ select: typeof orderSelect }>;

const orderTotalCents = (lines: readonly { quantityMilli: number; unitCostCents: number }[]) =>
  lines.reduce((sum, line) => sum + lineTotalCents(line.quantityMilli, line.unitCostCents), 0);

function orderHead(row: Omit<OrderRow, 'lines'>, totalCents: number, seesCosts: boolean) {
  return {
    id: row.id,
    number: row.number,
    status: row.status as PurchaseOrderStatus,
    supplier: row.supplier,
    notes: row.notes,
    expectedOn: row.expectedOn ? dueDateString(row.expectedOn) : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    version: row.version,
    createdBy: row.createdBy,
    totalCents: seesCosts ? totalCents : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toView(row: OrderRow, seesCosts: boolean): PurchaseOrderView {
  return {
    ...orderHead(row, orderTotalCents(row.lines), seesCosts),
    lines: row.lines.map((line) => ({
      id: line.id,
      position: line.position,
      part: { ...line.part, unit: line.part.unit as PartUnit },
      quantity: fromMilli(line.quantityMilli),
      received: fromMilli(line.receivedMilli),
      unitCostCents: seesCosts ? line.unitCostCents : null,
      totalCents: seesCosts ? lineTotalCents(line.quantityMilli, line.unitCostCents) : null,
    })),
  };
}

async function readOrder(db: Db | Tx, id: string, seesCosts: boolean): Promise<PurchaseOrderView> {
  const row = await db.purchaseOrder.findUnique({ where: { id }, select: orderSelect });
  if (!row) throw notFound('purchaseOrder');
  return toView(row, seesCosts);
}

export function getPurchaseOrder(db: Db, id: string, actor: OrderActor): Promise<PurchaseOrderView> {
  return readOrder(db, id, actor.seesCosts);
}

/** Orders newest first, filtered by status and supplier, with their line count and total. */
export async function listPurchaseOrders(
  db: Db,
  input: ListInput,
  actor: OrderActor,
): Promise<{ items: ListItem[]; total: number; page: number; pageSize: number; pageCount: number }> {
  const where: Prisma.PurchaseOrderWhereInput = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.supplierId ? { supplierId: input.supplierId } : {}),
  };
  const { lines: _lines, ...headSelect } = orderSelect;
  const [rows, total] = await Promise.all([
    db.purchaseOrder.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      // An order has at most INVENTORY_LIMITS.linesPerOrder lines: two numbers each make its total.
      select: { ...headSelect, lines: { select: { quantityMilli: true, unitCostCents: true } } },
    }),
    db.purchaseOrder.count({ where }),
  ]);
  return {
    items: rows.map(({ lines, ...row }) => ({ ...orderHead(row, orderTotalCents(lines), actor.seesCosts), lineCount: lines.length })),
    total,
    page: input.page,
    pageSize: input.pageSize,
    pageCount: Math.ceil(total / input.pageSize),
  };
}

// ─── Drafts: create, update, delete, cancel ──────────────────────────────────────────────────────────────

interface ShopSettings {
  timezone: string;
  defaultLanguage: string;
}

async function shopSettings(db: Db | Tx): Promise<ShopSettings> {
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { timezone: true, defaultLanguage: true } });
  return { timezone: merchant?.timezone ?? 'UTC', defaultLanguage: merchant?.defaultLanguage ?? 'en' };
}

/**
 * "PO-2026-00042": the year in the shop's time zone and the year's next number. One INSERT … ON CONFLICT DO
 * UPDATE … RETURNING increments the counter and locks its row until the transaction ends, so concurrent
 * drafts take numbers one after another and a rolled-back draft gives its number back (no gaps).
 */
async function takeOrderNumber(tx: Tx, timezone: string): Promise<string> {
  const year = Number(calendarDateIn(new Date(), timezone).slice(0, 4));
  const [row] = await tx.$queryRaw<{ lastNumber: number }[]>`
    INSERT INTO "PurchaseOrderCounter" ("year", "lastNumber") VALUES (${year}, 1)
    ON CONFLICT ("year") DO UPDATE SET "lastNumber" = "PurchaseOrderCounter"."lastNumber" + 1
    RETURNING "lastNumber"`;
  return `PO-${year}-${String(row!.lastNumber).padStart(5, '0')}`;
}

/** The supplier an order goes to: it must exist and not be archived. */
async function assertSupplierUsable(tx: Tx, supplierId: string): Promise<void> {
  const supplier = await tx.supplier.findUnique({ where: { id: supplierId }, select: { archivedAt: true } });
  if (!supplier) throw new AppError('NOT_FOUND', 'missing.supplier', { field: 'supplierId' });
  if (supplier.archivedAt) throw conflict('inventory.supplierArchived', { field: 'supplierId' });
}

/** Checks the lines of a draft (parts usable, quantities in their unit's decimals) and makes their rows. */
async function draftLines(
  tx: Tx,
  lines: CreateInput['lines'],
): Promise<{ position: number; partId: string; quantityMilli: number; unitCostCents: number }[]> {
  const parts = await tx.part.findMany({
    where: { id: { in: [...new Set(lines.map((line) => line.partId))] } },
    select: { id: true, unit: true, costCents: true, archivedAt: true },
  });
  const byId = new Map(parts.map((part) => [part.id, part]));
  return lines.map((line, index) => {
    const part = byId.get(line.partId);
    if (!part) throw new AppError('NOT_FOUND', 'missing.part', { field: `lines.${index}.partId` });
    if (part.archivedAt) throw conflict('inventory.partArchived', { field: `lines.${index}.partId` });
    const decimals = UNIT_DECIMALS[part.unit as PartUnit];
    if (!hasAtMostDecimals(line.quantity, decimals))
      throw fieldError(`lines.${index}.quantity`, 'inventory.quantityDecimals', { decimals });
    return {
      position: index,
      partId: part.id,
      quantityMilli: toMilli(line.quantity),
      // The price paid last time, as far as the shop knows: the part's average cost.
      unitCostCents: line.unitCostCents ?? part.costCents,
    };
  });
}

export async function createPurchaseOrder(db: Db, input: CreateInput, actor: OrderActor): Promise<PurchaseOrderView> {
  return db.$transaction(async (tx) => {
    await assertSupplierUsable(tx, input.supplierId);
    const lines = await draftLines(tx, input.lines);
    const { timezone } = await shopSettings(tx);
    const order = await tx.purchaseOrder.create({
      data: {
        number: await takeOrderNumber(tx, timezone),
        supplierId: input.supplierId,
        notes: input.notes ?? null,
        expectedOn: input.expectedOn ? dueDateValue(input.expectedOn) : null,
        createdById: actor.userId,
        lines: { create: lines },
      },
      select: { id: true },
    });
    return readOrder(tx, order.id, actor.seesCosts);
  }, TRANSACTION_OPTIONS);
}

interface LockedOrder {
  id: string;
  status: PurchaseOrderStatus;
  version: number;
  supplierId: string;
}

/** SELECT … FOR UPDATE on the order: its changes and receipts take turns. 404 when it does not exist. */
async function lockOrder(tx: Tx, id: string): Promise<LockedOrder> {
  const rows = await tx.$queryRaw<LockedOrder[]>`
    SELECT id, status::text AS status, version, "supplierId" FROM "PurchaseOrder" WHERE id = ${id}::uuid FOR UPDATE`;
  const order = rows[0];
  if (!order) throw notFound('purchaseOrder');
  return order;
}

/** A draft's changes: only the fields sent; `lines` replaces them all. */
export async function updatePurchaseOrder(db: Db, input: UpdateInput, actor: OrderActor): Promise<PurchaseOrderView> {
  return db.$transaction(async (tx) => {
    const order = await lockOrder(tx, input.id);
    if (order.status !== 'DRAFT') throw conflict('purchaseOrders.notDraft');
    if (order.version !== input.version) throw versionConflict();
    if (input.supplierId !== undefined && input.supplierId !== order.supplierId) await assertSupplierUsable(tx, input.supplierId);
    const lines = input.lines ? await draftLines(tx, input.lines) : null;
    if (lines) {
      await tx.purchaseOrderLine.deleteMany({ where: { purchaseOrderId: order.id } });
      await tx.purchaseOrderLine.createMany({ data: lines.map((line) => ({ ...line, purchaseOrderId: order.id })) });
    }
    await tx.purchaseOrder.update({
      where: { id: order.id },
      data: {
        ...(input.supplierId !== undefined ? { supplierId: input.supplierId } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        ...(input.expectedOn !== undefined ? { expectedOn: input.expectedOn ? dueDateValue(input.expectedOn) : null } : {}),
        version: { increment: 1 },
      },
    });
    return readOrder(tx, order.id, actor.seesCosts);
  });
}

/** Deletes a draft (its number is not reused: a later order simply takes the next one). */
export async function deletePurchaseOrder(db: Db, id: string): Promise<{ id: string }> {
  return db.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== 'DRAFT') throw conflict('purchaseOrders.notDeletable');
    await tx.purchaseOrder.delete({ where: { id } });
    return { id };
  });
}

/** Cancels a draft, or a sent order of which nothing was received (a receipt cannot be undone here). */
export async function cancelPurchaseOrder(db: Db, input: { id: string; version: number }, actor: OrderActor): Promise<PurchaseOrderView> {
  return db.$transaction(async (tx) => {
    const order = await lockOrder(tx, input.id);
    if (order.version !== input.version) throw versionConflict();
    const received = await tx.purchaseOrderLine.count({ where: { purchaseOrderId: order.id, receivedMilli: { gt: 0 } } });
    const cancellable = order.status === 'DRAFT' || (order.status === 'SENT' && received === 0);
    if (!cancellable) throw conflict('purchaseOrders.notCancellable');
    await tx.purchaseOrder.update({ where: { id: order.id }, data: { status: 'CANCELLED', version: { increment: 1 } } });
    return readOrder(tx, order.id, actor.seesCosts);
  });
}

// ─── Sending: the PDF and the email ──────────────────────────────────────────────────────────────────────

export interface PurchaseOrderPdfDeps {
  db: Db;
  storage: FileStorage;
  webDistDir: string;
}

export interface SendDeps extends PurchaseOrderPdfDeps {
  sender: MessageSender;
  log: DeliveryLog;
}

/** A mail that has not gone within this long counts as failed (the order stays a draft). */
const SEND_TIMEOUT_MS = 30_000;

/** The order as its PDF prints it. */
async function orderDocument(db: Db | Tx, id: string): Promise<PurchaseOrderDocument> {
  const row = await db.purchaseOrder.findUnique({
    where: { id },
    select: {
      number: true,
      createdAt: true,
      sentAt: true,
      expectedOn: true,
      notes: true,
      supplier: { select: { name: true, accountNumber: true, contactName: true, email: true, phone: true } },
      lines: {
        orderBy: { position: 'asc' },
        select: { quantityMilli: true, unitCostCents: true, part: { select: { partNumber: true, name: true, unit: true } } },
      },
    },
  });
  if (!row) throw notFound('purchaseOrder');
  const lines = row.lines.map((line) => ({
    partNumber: line.part.partNumber,
    name: line.part.name,
    unit: line.part.unit as PartUnit,
    quantityMilli: line.quantityMilli,
    unitCostCents: line.unitCostCents,
    totalCents: lineTotalCents(line.quantityMilli, line.unitCostCents),
  }));
  return {
    number: row.number,
    orderedAt: row.sentAt ?? row.createdAt,
    expectedOn: row.expectedOn ? dueDateString(row.expectedOn) : null,
    notes: row.notes,
    supplier: row.supplier,
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
  };
}

async function renderOrderPdf(deps: PurchaseOrderPdfDeps, db: Db | Tx, id: string, lang: PdfLanguage) {
  const document = await orderDocument(db, id);
  const shop: ShopIdentity = await loadShopIdentity(db);
  const logo = await loadLogo(deps, shop.logoUrl);
  return { document, shop, bytes: await renderPurchaseOrderPdf(document, shop, lang, logo) };
}

/** An order's PDF (admins: it carries costs), in `lang`, else the shop's default language. */
export async function getPurchaseOrderPdf(
  deps: PurchaseOrderPdfDeps,
  id: string,
  lang: PdfLanguage | undefined,
): Promise<{ fileName: string; bytes: Buffer }> {
  const language = lang ?? pdfLanguage((await shopSettings(deps.db)).defaultLanguage, 'en');
  const { document, bytes } = await renderOrderPdf(deps, deps.db, id, language);
  return { fileName: purchaseOrderFileName(document.number), bytes };
}

/**
 * DRAFT → SENT: sentAt now, expectedOn (when unset) today + the supplier's lead time, and with `email` the
 * order's PDF mailed to the supplier in the shop's language.
 *
 * The mail goes out INSIDE the transaction that holds the order's row lock, and the transaction commits only
 * after the mail server accepted it: a failed mail rolls everything back (the order stays a draft, 409
 * purchaseOrders.emailFailed), and nobody can change the draft between the PDF being made and the order
 * being marked sent, so the supplier gets exactly what is recorded. The one window left: the mail is
 * accepted and then the commit fails (the database went away): the order is still a draft and sending it
 * again mails the supplier twice, which is the safe side (an order the shop believes sent but was not is
 * worse). The lock is held for the time of one SMTP exchange, bounded by SEND_TIMEOUT_MS.
 */
export async function sendPurchaseOrder(
  deps: SendDeps,
  input: { id: string; version: number; email: boolean },
  actor: OrderActor,
): Promise<PurchaseOrderView> {
  return deps.db.$transaction(
    async (tx) => {
      const order = await lockOrder(tx, input.id);
      if (order.status !== 'DRAFT') throw conflict('purchaseOrders.notDraft');
      if (order.version !== input.version) throw versionConflict();
      const supplier = await tx.supplier.findUniqueOrThrow({
        where: { id: order.supplierId },
        select: { email: true, contactName: true, accountNumber: true, leadTimeDays: true, archivedAt: true },
      });
      if (supplier.archivedAt) throw conflict('inventory.supplierArchived', { field: 'supplierId' });
      if (input.email && !supplier.email) throw conflict('purchaseOrders.supplierNoEmail');
      const settings = await shopSettings(tx);
      const sentAt = new Date();
      const current = await tx.purchaseOrder.findUniqueOrThrow({ where: { id: order.id }, select: { expectedOn: true } });
      const expectedOn =
        current.expectedOn ??
        (supplier.leadTimeDays !== null ? dueDateValue(addDays(calendarDateIn(sentAt, settings.timezone), supplier.leadTimeDays)) : null);
      await tx.purchaseOrder.update({
        where: { id: order.id },
        data: { status: 'SENT', sentAt, expectedOn, version: { increment: 1 } },
      });
      if (input.email && supplier.email) {
        const lang = pdfLanguage(settings.defaultLanguage, 'en');
        const { document, shop, bytes } = await renderOrderPdf(deps, tx, order.id, lang);
        const message = orderEmail(document, shop.name, supplier, lang);
        try {
          await withTimeout(
            deps.sender.send(
              {
                to: supplier.email,
                ...message,
                attachments: [{ filename: purchaseOrderFileName(document.number), content: bytes, contentType: 'application/pdf' }],
              },
              deps.log,
            ),
            SEND_TIMEOUT_MS,
          );
        } catch (error) {
          deps.log.error({ err: error, purchaseOrderId: order.id }, 'purchase order email failed; the order stays a draft');
          throw conflict('purchaseOrders.emailFailed');
        }
      }
      return readOrder(tx, order.id, actor.seesCosts);
    },
    { maxWait: 10_000, timeout: SEND_TIMEOUT_MS + 15_000 },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function orderEmail(
  document: PurchaseOrderDocument,
  shopName: string,
  supplier: { contactName: string | null; accountNumber: string | null },
  lang: PdfLanguage,
): { subject: string; text: string } {
  const words = PURCHASE_ORDER_LABELS[lang].email;
  const expected = document.expectedOn
    ? fillLabel(words.expected, {
        // A calendar day: formatted in UTC so it is that day whatever the server's zone.
        date: new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { dateStyle: 'long', timeZone: 'UTC' }).format(
          dueDateValue(document.expectedOn),
        ),
      })
    : null;
  const paragraphs = [
    supplier.contactName ? fillLabel(words.greeting, { name: supplier.contactName }) : words.greetingNoName,
    [fillLabel(words.body, { number: document.number }), expected].filter(Boolean).join(' '),
    ...(supplier.accountNumber ? [fillLabel(words.account, { account: supplier.accountNumber })] : []),
    fillLabel(words.thanks, { shop: shopName }),
  ];
  return { subject: fillLabel(words.subject, { number: document.number, shop: shopName }), text: `${paragraphs.join('\n\n')}\n` };
}

// ─── Receiving ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * Receives quantities of an order's lines (staff). `unitCostCents` (the price actually paid) is honoured for
 * admins only; others receive at the line's ordered cost. The version the caller read is not compared:
 * receipts add up, and what protects the order is the outstanding quantity checked under the row lock (two
 * people receiving the same delivery: the second is refused what the first already received).
 */
export async function receivePurchaseOrder(db: Db, input: ReceiveInput, actor: OrderActor): Promise<PurchaseOrderView> {
  return db.$transaction(async (tx) => {
    const order = await lockOrder(tx, input.id);
    if (order.status !== 'SENT' && order.status !== 'PARTLY_RECEIVED') throw conflict('purchaseOrders.notReceivable');
    const lines = await tx.purchaseOrderLine.findMany({
      where: { purchaseOrderId: order.id },
      select: { id: true, partId: true, quantityMilli: true, receivedMilli: true, unitCostCents: true, part: { select: { unit: true } } },
    });
    const byId = new Map(lines.map((line) => [line.id, line]));
    // What each line will have received once this receipt is in (a line may be named twice).
    const receivedAfter = new Map(lines.map((line) => [line.id, line.receivedMilli]));
    const receipts = input.lines.map((entry, index) => {
      const line = byId.get(entry.lineId);
      if (!line) throw fieldError(`lines.${index}.lineId`, 'purchaseOrders.lineNotOfOrder');
      const decimals = UNIT_DECIMALS[line.part.unit as PartUnit];
      if (!hasAtMostDecimals(entry.quantity, decimals))
        throw fieldError(`lines.${index}.quantity`, 'inventory.quantityDecimals', { decimals });
      const quantityMilli = toMilli(entry.quantity);
      const before = receivedAfter.get(line.id) as number;
      if (before + quantityMilli > line.quantityMilli) {
        throw conflict('purchaseOrders.receiveTooMuch', {
          field: `lines.${index}.quantity`,
          params: { quantity: entry.quantity, outstanding: fromMilli(Math.max(0, line.quantityMilli - before)) },
        });
      }
      receivedAfter.set(line.id, before + quantityMilli);
      const unitCostCents = actor.seesCosts && entry.unitCostCents !== undefined ? entry.unitCostCents : line.unitCostCents;
      return { line, quantityMilli, unitCostCents };
    });

    // Lock order: the order (above), then the parts by id, then lines.
    const parts = await lockParts(
      tx,
      receipts.map((receipt) => receipt.line.partId),
    );
    for (const receipt of receipts) {
      const part = parts.get(receipt.line.partId) as LockedPart;
      await recordMovement(tx, part, {
        kind: 'RECEIVED',
        quantityMilli: receipt.quantityMilli,
        unitCostCents: receipt.unitCostCents,
        purchaseOrderId: order.id,
        userId: actor.userId,
      });
      await tx.purchaseOrderLine.update({ where: { id: receipt.line.id }, data: { receivedMilli: { increment: receipt.quantityMilli } } });
    }
    // What arrived goes first to the tasks waiting for it.
    for (const part of parts.values()) await allocateBackorders(tx, part);

    const status = receivedOrderStatus(
      lines.map((line) => ({ quantityMilli: line.quantityMilli, receivedMilli: receivedAfter.get(line.id) as number })),
    );
    await tx.purchaseOrder.update({
      where: { id: order.id },
      data: { status, ...(status === 'RECEIVED' ? { receivedAt: new Date() } : {}), version: { increment: 1 } },
    });
    return readOrder(tx, order.id, actor.seesCosts);
  });
}

// ─── Low stock ───────────────────────────────────────────────────────────────────────────────────────────

interface LowStockCandidate {
  id: string;
  partNumber: string;
  supplierId: string;
  supplierName: string;
  unit: PartUnit;
  costCents: number;
  onHandMilli: number;
  reorderPointMilli: number;
  reorderQuantityMilli: number | null;
  reservedMilli: number;
  onOrderMilli: number;
}

/** The smallest step of a unit in thousandths: 1000 for pieces, 10 for litres (2 decimals). */
const unitStepMilli = (unit: PartUnit) => 10 ** (3 - UNIT_DECIMALS[unit]);

/**
 * How much to order of a low part: its reorder quantity, else just enough to bring the projected stock above
 * the reorder point (reorder point - projected + one thousandth, rounded up to the unit's step: 3 pieces for
 * a point of 5 and a projection of 3, 2.01 litres for 5 and 3).
 */
export function lowStockOrderMilli(
  part: Pick<LowStockCandidate, 'unit' | 'reorderPointMilli' | 'reorderQuantityMilli'>,
  projectedMilli: number,
) {
  if (part.reorderQuantityMilli !== null) return part.reorderQuantityMilli;
  const step = unitStepMilli(part.unit);
  return Math.ceil((part.reorderPointMilli - projectedMilli + 1) / step) * step;
}

/**
 * One DRAFT per preferred supplier (not archived) of the parts (not archived, with a reorder point) whose
 * projected stock is at or below their reorder point: projected = on hand - reserved + on order, where on
 * order counts what is outstanding on sent and partly received orders AND on drafts, so a second run
 * finds those parts covered and orders nothing twice. Nothing low answers 409 purchaseOrders.nothingLow (the
 * screen says so, rather than showing an empty result). A transaction-wide advisory lock makes two runs at
 * the same moment take turns, for the same reason.
 */
export async function createLowStockDrafts(db: Db, actor: OrderActor): Promise<LowStockDrafts> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('purchaseOrders.lowStockDrafts'))`;
    const candidates = await tx.$queryRaw<LowStockCandidate[]>`
      SELECT p.id, p."partNumber", p."supplierId", s.name AS "supplierName", p.unit::text AS unit, p."costCents",
        p."onHandMilli", p."reorderPointMilli", p."reorderQuantityMilli",
        COALESCE((SELECT SUM(t."quantityMilli") FROM "TaskLine" t WHERE t."partId" = p.id AND t.stock = 'RESERVED'), 0)::int
          AS "reservedMilli",
        COALESCE((
          SELECT SUM(GREATEST(l."quantityMilli" - l."receivedMilli", 0)) FROM "PurchaseOrderLine" l
          JOIN "PurchaseOrder" o ON o.id = l."purchaseOrderId"
          WHERE l."partId" = p.id AND o.status IN ('DRAFT', 'SENT', 'PARTLY_RECEIVED')
        ), 0)::int AS "onOrderMilli"
      FROM "Part" p JOIN "Supplier" s ON s.id = p."supplierId"
      WHERE p."archivedAt" IS NULL AND s."archivedAt" IS NULL AND p."reorderPointMilli" IS NOT NULL
      ORDER BY s.name, s.id, p."partNumber"`;
    const bySupplier = new Map<string, { name: string; lines: { partId: string; quantityMilli: number; unitCostCents: number }[] }>();
    for (const part of candidates) {
      const projected = part.onHandMilli - part.reservedMilli + part.onOrderMilli;
      if (projected > part.reorderPointMilli) continue;
      const supplier = bySupplier.get(part.supplierId) ?? { name: part.supplierName, lines: [] };
      supplier.lines.push({ partId: part.id, quantityMilli: lowStockOrderMilli(part, projected), unitCostCents: part.costCents });
      bySupplier.set(part.supplierId, supplier);
    }
    if (bySupplier.size === 0) throw conflict('purchaseOrders.nothingLow');
    const { timezone } = await shopSettings(tx);
    const orders: LowStockDrafts['orders'] = [];
    for (const [supplierId, supplier] of bySupplier) {
      // A supplier with more low parts than an order holds gets several drafts.
      for (let start = 0; start < supplier.lines.length; start += LINES_PER_ORDER) {
        const chunk = supplier.lines.slice(start, start + LINES_PER_ORDER);
        const order = await tx.purchaseOrder.create({
          data: {
            number: await takeOrderNumber(tx, timezone),
            supplierId,
            createdById: actor.userId,
            lines: { create: chunk.map((line, position) => ({ ...line, position })) },
          },
          select: { id: true, number: true },
        });
        orders.push({ ...order, supplier: { id: supplierId, name: supplier.name }, lineCount: chunk.length });
      }
    }
    return { orders };
  }, TRANSACTION_OPTIONS);
}
