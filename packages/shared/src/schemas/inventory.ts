// Parts and inventory: the one contract for the parts, suppliers, labour rates, stock, purchase orders and
// task lines screens and the API. Quantities are decimal numbers in the part's unit (hours for labour);
// the API stores thousandths (inventory-rules.ts). Money is integer cents.
import { z } from 'zod';
import {
  HOURS_DECIMALS,
  INVENTORY_LIMITS,
  PART_LINE_STOCK_STATES,
  PART_UNITS,
  PURCHASE_ORDER_STATUSES,
  STOCK_MOVEMENT_KINDS,
  TASK_LINE_KINDS,
  hasAtMostDecimals,
  isValidBarcode,
} from '../inventory-rules.ts';
import { encodeMessage, msg } from '../messages.ts';
import { isoDateSchema } from './dates.ts';
import { pageOf, paginationSchema, queryBoolean } from './users.ts';

export const INVENTORY_MESSAGES = {
  partNumberTaken: 'A part with this part number already exists',
  barcodeTaken: 'Another part already has this barcode',
  quantityDecimals: 'Quantity can have at most {decimals} decimals for this unit',
  partArchived: 'This part is archived; restore it before using it',
  partInUse: 'This part has stock movements, lines or orders; archive it instead of deleting it',
  supplierInUse: 'This supplier has purchase orders; archive it instead of deleting it',
  supplierArchived: 'This supplier is archived; restore it before ordering from it',
  labourRateArchived: 'This labour rate is archived',
  onlyDefaultRate: 'Make another rate the default before archiving this one',
  markupBandsDuplicate: 'Two bands have the same upper cost',
  markupBandsOpenEnded: 'Only one band can have no upper cost',
  unitInUse: 'This part has stock movements, lines or orders; its unit can no longer change',
} as const;

export const TASK_LINE_MESSAGES = {
  lastLine: 'A task keeps at least one line; delete the task instead',
  tooManyLines: 'A task can have at most {max} lines',
  totalTooLarge: 'The task total must not exceed {max}',
  priceFromLines: "This task's price is the sum of its lines; change its lines instead",
  closedTask: 'This task is {status}; reopen it to change its lines',
  lineNotOfTask: 'This line does not belong to this task',
  quantityDecimals: 'Hours can have at most {decimals} decimals',
} as const;

export const PURCHASE_ORDER_MESSAGES = {
  notDraft: 'Only a draft order can be changed',
  notReceivable: 'Only a sent or partly received order can be received',
  notCancellable: 'Only a draft or sent order with nothing received can be cancelled',
  notDeletable: 'Only a draft order can be deleted; cancel it instead',
  supplierNoEmail: 'This supplier has no email address; add one or mark the order as sent without emailing it',
  lineNotOfOrder: 'This line is not part of the order',
  receiveTooMuch: 'Receiving {quantity} would exceed what is outstanding ({outstanding})',
  nothingLow: 'No part with a preferred supplier is at or below its reorder point',
  emailFailed: 'The order could not be emailed; it is still a draft. Try again later',
} as const;

const required = (fieldName: string) => msg('required', { fieldName });

const requiredText = (fieldName: string, max: number) =>
  z
    .string({ error: required(fieldName) })
    .trim()
    .min(1, required(fieldName))
    .max(max, msg('maxLength', { fieldName, maxLength: max }));

/** An optional text: "" and null clear it (null), omitted stays undefined (a partial update keeps it). */
const optionalText = (fieldName: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, msg('maxLength', { fieldName, maxLength: max }))
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/** Whole minor units from 0 to the unit money limit (no amount in the message past it: see centsSchema). */
export const unitCentsSchema = (fieldName: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required(fieldName) : msg('number', { fieldName })) })
    .int(msg('number', { fieldName }))
    .min(0, msg('minValue', { fieldName, minValue: 0 }))
    .max(INVENTORY_LIMITS.unitMoneyMaxCents, msg('amountTooLarge', { fieldName }));

/**
 * A quantity above zero with at most 3 decimals (the unit's own decimals are checked by the API, which
 * knows the part: inventory.quantityDecimals).
 */
export const quantitySchema = (fieldName = 'quantity') =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required(fieldName) : msg('number', { fieldName })) })
    .positive(msg('minValue', { fieldName, minValue: 0.001 }))
    .max(INVENTORY_LIMITS.quantityMax, msg('maxValue', { fieldName, maxValue: INVENTORY_LIMITS.quantityMax }))
    .refine((value) => hasAtMostDecimals(value, 3), msg('format', { fieldName }));

/** A quantity of zero or more (a stocktake count, a reorder point). */
export const quantityOrZeroSchema = (fieldName: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required(fieldName) : msg('number', { fieldName })) })
    .min(0, msg('minValue', { fieldName, minValue: 0 }))
    .max(INVENTORY_LIMITS.quantityMax, msg('maxValue', { fieldName, maxValue: INVENTORY_LIMITS.quantityMax }))
    .refine((value) => hasAtMostDecimals(value, 3), msg('format', { fieldName }));

export const barcodeSchema = z
  .string()
  .trim()
  .refine(isValidBarcode, msg('format', { fieldName: 'barcode' }));

const personSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
const idSchema = z.object({ id: z.uuid() });

// ─── Suppliers ───────────────────────────────────────────────────────────────────────────────────────────

export const supplierInputSchema = z.object({
  name: requiredText('name', INVENTORY_LIMITS.supplierNameMax),
  contactName: optionalText('contactName', 120),
  email: z
    .union([z.literal(''), z.null(), z.email(msg('email', { fieldName: 'email' })).max(254)])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  phone: optionalText('phone', 30),
  accountNumber: optionalText('accountNumber', 60),
  leadTimeDays: z
    .number()
    .int(msg('number', { fieldName: 'leadTimeDays' }))
    .min(0, msg('minValue', { fieldName: 'leadTimeDays', minValue: 0 }))
    .max(INVENTORY_LIMITS.leadTimeDaysMax, msg('maxValue', { fieldName: 'leadTimeDays', maxValue: INVENTORY_LIMITS.leadTimeDaysMax }))
    .nullish(),
  notes: optionalText('notes', INVENTORY_LIMITS.notesMax),
});
export type SupplierInput = z.input<typeof supplierInputSchema>;
export const updateSupplierSchema = supplierInputSchema.partial().extend({ id: z.uuid() });
export const supplierIdSchema = idSchema;
export const setArchivedSchema = z.object({ id: z.uuid(), archived: z.boolean() });
export const listSuppliersSchema = paginationSchema.extend({
  search: z.string().trim().max(100).optional(),
  includeArchived: queryBoolean.default(false),
});
export const supplierViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  accountNumber: z.string().nullable(),
  leadTimeDays: z.number().nullable(),
  notes: z.string().nullable(),
  archivedAt: z.string().nullable(),
  /** Parts that name this supplier as preferred. */
  partCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupplierView = z.infer<typeof supplierViewSchema>;
export const supplierPageSchema = pageOf(supplierViewSchema);

// ─── Parts ───────────────────────────────────────────────────────────────────────────────────────────────

export const partInputSchema = z.object({
  partNumber: requiredText('partNumber', INVENTORY_LIMITS.partNumberMax),
  name: requiredText('name', INVENTORY_LIMITS.nameMax),
  brand: optionalText('brand', INVENTORY_LIMITS.brandMax),
  category: optionalText('category', INVENTORY_LIMITS.categoryMax),
  barcode: z
    .union([z.literal(''), z.null(), barcodeSchema])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  unit: z.enum(PART_UNITS).default('PIECE'),
  /** Admins only see and set costs; the average cost then follows receipts. */
  costCents: unitCentsSchema('cost').default(0),
  /** null: the markup of the cost's band. */
  priceCents: unitCentsSchema('price').nullish(),
  binLocation: optionalText('binLocation', INVENTORY_LIMITS.binMax),
  reorderPoint: quantityOrZeroSchema('reorderPoint').nullish(),
  reorderQuantity: quantitySchema('reorderQuantity').nullish(),
  supplierId: z.uuid(msg('format', { fieldName: 'supplierId' })).nullish(),
  notes: optionalText('notes', INVENTORY_LIMITS.notesMax),
  /** The tax rate its lines take; null: the shop's default rate for parts. */
  taxRateId: z.uuid(msg('format', { fieldName: 'taxRateId' })).nullish(),
});
export type PartInput = z.input<typeof partInputSchema>;
export const updatePartSchema = partInputSchema
  .extend({ unit: z.enum(PART_UNITS), costCents: unitCentsSchema('cost') })
  .partial()
  .extend({ id: z.uuid() });
export const partIdSchema = idSchema;
export const PART_SORTS = ['name', 'partNumber', 'onHand', 'updated'] as const;
export const listPartsSchema = paginationSchema.extend({
  /** Matches part number, name, brand or barcode (any part of them). */
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(INVENTORY_LIMITS.categoryMax).optional(),
  supplierId: z.uuid().optional(),
  /** Only parts at or below their reorder point. */
  lowStock: queryBoolean.default(false),
  includeArchived: queryBoolean.default(false),
  sort: z.enum(PART_SORTS).default('name'),
});
export const partByBarcodeSchema = z.object({ barcode: barcodeSchema });

export const partViewSchema = z.object({
  id: z.string(),
  partNumber: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  barcode: z.string().nullable(),
  unit: z.enum(PART_UNITS),
  /** Average cost: null for callers who do not see costs (everyone but admins). */
  costCents: z.number().nullable(),
  /** The part's own price (null: the markup rule gives it). */
  priceCents: z.number().nullable(),
  /** What a line of this part sells at now: its own price or cost + markup. */
  sellingPriceCents: z.number(),
  taxRateId: z.string().nullable(),
  onHand: z.number(),
  /** Held by approved, unfinished tasks. */
  reserved: z.number(),
  /** onHand - reserved (may be negative: backorders). */
  available: z.number(),
  /** Ordered from suppliers (sent, not yet received). */
  onOrder: z.number(),
  binLocation: z.string().nullable(),
  reorderPoint: z.number().nullable(),
  reorderQuantity: z.number().nullable(),
  lowStock: z.boolean(),
  supplier: z.object({ id: z.string(), name: z.string() }).nullable(),
  notes: z.string().nullable(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PartView = z.infer<typeof partViewSchema>;
/** `totalCapped`: more parts match than `total` (counting stops at 1,000: refine the search to see them). */
export const partPageSchema = pageOf(partViewSchema).extend({ totalCapped: z.boolean() });
export type PartPage = z.infer<typeof partPageSchema>;

// ─── Markup bands and labour rates ───────────────────────────────────────────────────────────────────────

export const markupBandSchema = z.object({
  upToCostCents: unitCentsSchema('upToCost').nullable(),
  markupBasisPoints: z
    .number()
    .int(msg('number', { fieldName: 'markup' }))
    .min(0, msg('minValue', { fieldName: 'markup', minValue: 0 }))
    .max(
      INVENTORY_LIMITS.markupMaxBasisPoints,
      msg('maxValue', { fieldName: 'markup', maxValue: INVENTORY_LIMITS.markupMaxBasisPoints / 100 }),
    ),
});
export const markupBandsSchema = z.object({
  bands: z
    .array(markupBandSchema)
    .max(INVENTORY_LIMITS.markupBandsMax, msg('maxValue', { fieldName: 'bands', maxValue: INVENTORY_LIMITS.markupBandsMax })),
});
export type MarkupBandsInput = z.input<typeof markupBandsSchema>;

export const labourRateInputSchema = z.object({
  name: requiredText('name', INVENTORY_LIMITS.labourRateNameMax),
  rateCents: unitCentsSchema('rate'),
  isDefault: z.boolean().default(false),
});
// isDefault without its default: an update that leaves it out must not unset the default rate.
export const updateLabourRateSchema = labourRateInputSchema.extend({ isDefault: z.boolean() }).partial().extend({ id: z.uuid() });
export const labourRateViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  rateCents: z.number(),
  isDefault: z.boolean(),
  archivedAt: z.string().nullable(),
});
export type LabourRateView = z.infer<typeof labourRateViewSchema>;
export const listLabourRatesSchema = z.object({ includeArchived: queryBoolean.default(false) });

// ─── Stock movements ─────────────────────────────────────────────────────────────────────────────────────

/** A correction by hand (damaged, lost, found): signed, never zero, with a reason. */
export const adjustStockSchema = z.object({
  partId: z.uuid(),
  quantity: z
    .number({ error: required('quantity') })
    .refine((value) => value !== 0, msg('invalid', { fieldName: 'quantity' }))
    .refine(
      (value) => Math.abs(value) <= INVENTORY_LIMITS.quantityMax,
      msg('maxValue', { fieldName: 'quantity', maxValue: INVENTORY_LIMITS.quantityMax }),
    )
    .refine((value) => hasAtMostDecimals(value, 3), msg('format', { fieldName: 'quantity' })),
  reason: requiredText('reason', INVENTORY_LIMITS.reasonMax),
});
/** A stocktake: the counted quantity of each part; the movement of each is the difference. */
export const countStockSchema = z.object({
  counts: z
    .array(z.object({ partId: z.uuid(), counted: quantityOrZeroSchema('counted') }))
    .min(1, required('counts'))
    .max(500, msg('maxValue', { fieldName: 'counts', maxValue: 500 })),
  reason: optionalText('reason', INVENTORY_LIMITS.reasonMax),
});
/** Parts received without a purchase order (bought at the counter). */
export const receiveStockSchema = z.object({
  partId: z.uuid(),
  quantity: quantitySchema(),
  /** Admins only; others receive at the part's current average cost. */
  unitCostCents: unitCentsSchema('unitCost').optional(),
  reason: optionalText('reason', INVENTORY_LIMITS.reasonMax),
});
export const listMovementsSchema = paginationSchema.extend({
  partId: z.uuid().optional(),
  kind: z.enum(STOCK_MOVEMENT_KINDS).optional(),
  from: isoDateSchema('from').optional(),
  to: isoDateSchema('to').optional(),
});
export const stockMovementViewSchema = z.object({
  id: z.string(),
  part: z.object({ id: z.string(), partNumber: z.string(), name: z.string(), unit: z.enum(PART_UNITS) }),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Signed, in the part's unit. */
  quantity: z.number(),
  /** null for callers who do not see costs. */
  unitCostCents: z.number().nullable(),
  onHandAfter: z.number(),
  reason: z.string().nullable(),
  task: z
    .object({
      id: z.string(),
      title: z.string(),
      visitId: z.string(),
      visitName: z.string(),
      /** The visit's vehicle and customer: the staff task page's path (/admin/users/:customerId/vehicle/:vehicleId/...). */
      vehicleId: z.string(),
      customerId: z.string(),
    })
    .nullable(),
  purchaseOrder: z.object({ id: z.string(), number: z.string() }).nullable(),
  user: personSchema.nullable(),
  createdAt: z.string(),
});
export type StockMovementView = z.infer<typeof stockMovementViewSchema>;
export const stockMovementPageSchema = pageOf(stockMovementViewSchema);

// ─── Task lines ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * A line to add to a task. PART: a catalogue part (`partId`; price and cost default to the part's) or a
 * part typed by hand (`description`, optional `partNumber`, `unitPriceCents`). LABOUR: `quantity` hours at
 * a rate (`labourRateId`, default the shop's default rate; `unitPriceCents` overrides the rate).
 * FLAT: a fixed amount (`description`, `unitPriceCents`, quantity 1 by default).
 */
export const taskLineInputSchema = z
  .object({
    kind: z.enum(TASK_LINE_KINDS, { error: required('kind') }),
    partId: z.uuid(msg('format', { fieldName: 'partId' })).nullish(),
    partNumber: optionalText('partNumber', INVENTORY_LIMITS.partNumberMax),
    labourRateId: z.uuid(msg('format', { fieldName: 'labourRateId' })).nullish(),
    description: optionalText('description', INVENTORY_LIMITS.nameMax),
    quantity: quantitySchema().default(1),
    unitPriceCents: unitCentsSchema('unitPrice').nullish(),
    /** Admins only (ignored for others): a typed part's cost, or a catalogue part's cost on this line. */
    unitCostCents: unitCentsSchema('unitCost').nullish(),
    /** The line's tax rate; omitted: its part's, its catalogue item's, else the shop's default for the kind. */
    taxRateId: z.uuid(msg('format', { fieldName: 'taxRateId' })).nullish(),
  })
  .superRefine((line, ctx) => {
    const needs = (field: 'description' | 'unitPriceCents') =>
      ctx.addIssue({ code: 'custom', path: [field], message: required(field === 'unitPriceCents' ? 'unitPrice' : field) });
    if (line.kind === 'PART' && !line.partId) {
      if (!line.description) needs('description');
      if (line.unitPriceCents == null) needs('unitPriceCents');
    }
    if (line.kind === 'FLAT') {
      if (!line.description) needs('description');
      if (line.unitPriceCents == null) needs('unitPriceCents');
    }
    if (line.kind === 'LABOUR' && !hasAtMostDecimals(line.quantity, HOURS_DECIMALS)) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: encodeMessage('taskLines.quantityDecimals', { decimals: HOURS_DECIMALS }),
      });
    }
  });
export type TaskLineInput = z.input<typeof taskLineInputSchema>;
export type TaskLineInputParsed = z.output<typeof taskLineInputSchema>;

/** REST POST /tasks/:id/lines: the task id in the path, the line in the body. */
export const addTaskLineSchema = z.object({ id: z.uuid(), line: taskLineInputSchema });
/** Only the fields sent change; the line's kind, part and labour rate stay (its tax rate may change). */
export const updateTaskLineSchema = z.object({
  id: z.uuid(),
  description: optionalText('description', INVENTORY_LIMITS.nameMax),
  quantity: quantitySchema().optional(),
  unitPriceCents: unitCentsSchema('unitPrice').optional(),
  unitCostCents: unitCentsSchema('unitCost').optional(),
  /** Another tax rate (it must not be archived); null: back to the part's, catalogue item's or shop's default. */
  taxRateId: z.uuid(msg('format', { fieldName: 'taxRateId' })).nullish(),
});
export const taskLineIdSchema = idSchema;
/** The lines of a task in a new order: every line id once. */
export const reorderTaskLinesSchema = z.object({ id: z.uuid(), lineIds: z.array(z.uuid()).min(1).max(INVENTORY_LIMITS.linesPerTask) });

export const taskLineViewSchema = z.object({
  id: z.string(),
  position: z.number(),
  kind: z.enum(TASK_LINE_KINDS),
  description: z.string(),
  partId: z.string().nullable(),
  partNumber: z.string().nullable(),
  /** The catalogue part's unit (null for typed parts, labour and flat lines). */
  unit: z.enum(PART_UNITS).nullable(),
  labourRateId: z.string().nullable(),
  /** In the part's unit, or hours for labour. */
  quantity: z.number(),
  /** null for callers who do not see costs (clients, staff who are not admins). */
  unitCostCents: z.number().nullable(),
  unitPriceCents: z.number(),
  totalCents: z.number(),
  /** The rate the line is taxed at (null: no tax), and its percentage in basis points (2000 = 20 %). */
  taxRateId: z.string().nullable(),
  taxBasisPoints: z.number().nullable(),
  /** Catalogue part lines only: QUOTED, RESERVED, BACKORDERED (not enough stock when asked), USED. */
  stock: z.enum(PART_LINE_STOCK_STATES).nullable(),
});
export type TaskLineView = z.infer<typeof taskLineViewSchema>;

// ─── Purchase orders ─────────────────────────────────────────────────────────────────────────────────────

export const purchaseOrderLineInputSchema = z.object({
  partId: z.uuid(msg('format', { fieldName: 'partId' })),
  quantity: quantitySchema(),
  /** Default: the part's current average cost. */
  unitCostCents: unitCentsSchema('unitCost').optional(),
});
export const createPurchaseOrderSchema = z.object({
  supplierId: z.uuid(msg('format', { fieldName: 'supplierId' })),
  notes: optionalText('notes', INVENTORY_LIMITS.notesMax),
  expectedOn: z
    .union([z.literal(''), z.null(), isoDateSchema('expectedOn')])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  lines: z
    .array(purchaseOrderLineInputSchema)
    .min(1, required('lines'))
    .max(INVENTORY_LIMITS.linesPerOrder, msg('maxValue', { fieldName: 'lines', maxValue: INVENTORY_LIMITS.linesPerOrder })),
});
export type CreatePurchaseOrderInput = z.input<typeof createPurchaseOrderSchema>;
/** A draft's changes (only the fields sent; `lines` replaces them all); names the version it read. */
export const updatePurchaseOrderSchema = createPurchaseOrderSchema.partial().extend({ id: z.uuid(), version: z.number().int() });
export const purchaseOrderVersionSchema = z.object({ id: z.uuid(), version: z.number().int() });
/** Sent by email to the supplier (a PDF in the shop's language), or only marked as sent. */
export const sendPurchaseOrderSchema = purchaseOrderVersionSchema.extend({ email: z.boolean().default(true) });
export const receivePurchaseOrderSchema = purchaseOrderVersionSchema.extend({
  lines: z
    .array(z.object({ lineId: z.uuid(), quantity: quantitySchema(), unitCostCents: unitCentsSchema('unitCost').optional() }))
    .min(1, required('lines'))
    .max(INVENTORY_LIMITS.linesPerOrder),
});
export const purchaseOrderIdSchema = idSchema;
export const listPurchaseOrdersSchema = paginationSchema.extend({
  status: z.enum(PURCHASE_ORDER_STATUSES).optional(),
  supplierId: z.uuid().optional(),
});
export const purchaseOrderLineViewSchema = z.object({
  id: z.string(),
  position: z.number(),
  part: z.object({ id: z.string(), partNumber: z.string(), name: z.string(), unit: z.enum(PART_UNITS), barcode: z.string().nullable() }),
  quantity: z.number(),
  received: z.number(),
  /** null for callers who do not see costs. */
  unitCostCents: z.number().nullable(),
  totalCents: z.number().nullable(),
});
export const purchaseOrderViewSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  supplier: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  notes: z.string().nullable(),
  expectedOn: z.string().nullable(),
  sentAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  version: z.number(),
  createdBy: personSchema.nullable(),
  lines: z.array(purchaseOrderLineViewSchema),
  /** null for callers who do not see costs. */
  totalCents: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseOrderView = z.infer<typeof purchaseOrderViewSchema>;
export const purchaseOrderListItemSchema = purchaseOrderViewSchema.omit({ lines: true }).extend({ lineCount: z.number() });
export const purchaseOrderPageSchema = pageOf(purchaseOrderListItemSchema);
/** Draft orders made from low stock, one per preferred supplier. */
export const lowStockDraftsSchema = z.object({
  orders: z.array(
    z.object({ id: z.string(), number: z.string(), supplier: z.object({ id: z.string(), name: z.string() }), lineCount: z.number() }),
  ),
});
