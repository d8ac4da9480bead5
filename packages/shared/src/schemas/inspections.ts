// Digital vehicle inspections (issue #29): the one contract of templates, inspections, results, findings
// turned into proposed tasks, and the report a customer sees. Texts are per language ({en, fr, ar}) like
// the catalogue's. Measurements are plain numbers here (1.6 mm); the database keeps thousandths.
import { z } from 'zod';
import {
  INSPECTION_CONDITIONS,
  INSPECTION_ITEM_KINDS,
  INSPECTION_LIMITS,
  INSPECTION_STATUSES,
  INSPECTION_UNITS,
} from '../inspection-rules.ts';
import { encodeMessage, msg } from '../messages.ts';
import { localizedInputSchema, localizedTextSchema } from './offering.ts';
import { TASK_APPROVALS } from '../constants.ts';
import { queryBoolean } from './users.ts';

// API answers about inspections: INSPECTION_MESSAGES in ../inspection-messages.ts (the message catalogue reads
// it without this file's schemas, which the sign-in page must not carry).
export { INSPECTION_MESSAGES } from '../inspection-messages.ts';

/** A number read on a gauge: finite, at most three decimals (limits are checked against the item). */
export const measurementNumberSchema = (fieldName: string) =>
  z
    .number({ error: msg('number', { fieldName }) })
    .finite(msg('number', { fieldName }))
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, { error: msg('format', { fieldName }) });

// ---------------------------------------------------------------------------------------------------------
// Templates (staff).

export const templateItemInputSchema = z.object({
  /** Present for an item kept from the template as read; absent for a new one. */
  id: z.uuid().optional(),
  section: localizedInputSchema('section', INSPECTION_LIMITS.sectionMax),
  label: localizedInputSchema('label', INSPECTION_LIMITS.labelMax),
  key: z
    .string()
    .trim()
    .max(INSPECTION_LIMITS.keyMax, msg('maxLength', { fieldName: 'key', maxLength: INSPECTION_LIMITS.keyMax }))
    .regex(/^[a-z0-9][a-z0-9.-]*$/, msg('format', { fieldName: 'key' }))
    .nullish(),
  kind: z.enum(INSPECTION_ITEM_KINDS),
  unit: z.enum(INSPECTION_UNITS).nullish(),
  minValue: measurementNumberSchema('minValue').nullish(),
  maxValue: measurementNumberSchema('maxValue').nullish(),
  amberAt: measurementNumberSchema('amberAt').nullish(),
  redAt: measurementNumberSchema('redAt').nullish(),
  lowerIsWorse: z.boolean().default(true),
  photoRequired: z.boolean().default(false),
  offeringItemId: z.uuid().nullish(),
});
export type TemplateItemInput = z.infer<typeof templateItemInputSchema>;

export const createTemplateSchema = z.object({
  name: localizedInputSchema('name', INSPECTION_LIMITS.nameMax),
  description: localizedInputSchema('description', INSPECTION_LIMITS.descriptionMax).nullish(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
  items: z
    .array(templateItemInputSchema)
    .min(1, encodeMessage('inspections.templateEmpty'))
    .max(INSPECTION_LIMITS.itemsPerTemplateMax, msg('maxValue', { fieldName: 'items', maxValue: INSPECTION_LIMITS.itemsPerTemplateMax })),
});
/** Fields left out stay; `items`, when sent, is the whole new list in order (kept items name their id). */
export const updateTemplateSchema = createTemplateSchema.partial().extend({ id: z.uuid(), version: z.number().int().min(1) });

export const templateItemSchema = z.object({
  id: z.string(),
  position: z.number(),
  section: localizedTextSchema,
  label: localizedTextSchema,
  key: z.string().nullable(),
  kind: z.enum(INSPECTION_ITEM_KINDS),
  unit: z.enum(INSPECTION_UNITS).nullable(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  amberAt: z.number().nullable(),
  redAt: z.number().nullable(),
  lowerIsWorse: z.boolean(),
  photoRequired: z.boolean(),
  offeringItem: z.object({ id: z.string(), title: localizedTextSchema, priceCents: z.number() }).nullable(),
});
export type TemplateItem = z.infer<typeof templateItemSchema>;

export const templateSummarySchema = z.object({
  id: z.string(),
  name: localizedTextSchema,
  description: localizedTextSchema.nullable(),
  sortOrder: z.number(),
  archived: z.boolean(),
  itemCount: z.number(),
  /** Inspections started from it (a used template is archived instead of erased). */
  usedCount: z.number(),
  version: z.number(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;
export const templateSchema = templateSummarySchema.extend({ items: z.array(templateItemSchema) });
export type InspectionTemplateView = z.infer<typeof templateSchema>;
// queryBoolean, not z.coerce.boolean: the query string's "false" must read as false.
export const listTemplatesSchema = z.object({ includeArchived: queryBoolean.default(false) });

// ---------------------------------------------------------------------------------------------------------
// Inspections (staff).

export const startInspectionSchema = z.object({
  /** The visit. */
  id: z.uuid(),
  templateId: z.uuid(msg('required', { fieldName: 'templateId' })),
  assignedToId: z.uuid().nullish(),
  /** The odometer at check-in, in the vehicle's unit; recorded on the visit when it has none yet. */
  odometer: z.number().int().min(0).max(9_999_999).nullish(),
});

/** One result as the phone sends it: only the fields it carries change. Null clears. */
export const saveResultSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  condition: z.enum(INSPECTION_CONDITIONS).nullish(),
  value: measurementNumberSchema('value').nullish(),
  note: z
    .string()
    .trim()
    .max(INSPECTION_LIMITS.noteMax, msg('maxLength', { fieldName: 'note', maxLength: INSPECTION_LIMITS.noteMax }))
    .nullish(),
});
export type SaveResultInput = z.infer<typeof saveResultSchema>;

export const updateInspectionSchema = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  assignedToId: z.uuid().nullable().optional(),
});
export const inspectionIdSchema = z.object({ id: z.uuid() });
export const inspectionItemIdSchema = z.object({ id: z.uuid(), itemId: z.uuid() });
export const listInspectionsSchema = z.object({
  status: z.enum(INSPECTION_STATUSES).optional(),
  /** Only those assigned to the caller. */
  mine: queryBoolean.default(false),
  /** Only this vehicle's (the vehicle page's inspection history). */
  vehicleId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** A finding becomes proposed work: the item's canned job (or the one chosen), else a flat price. */
export const proposeFindingSchema = inspectionItemIdSchema.extend({
  offeringItemId: z.uuid().nullish(),
  title: z.string().trim().min(1).max(200).optional(),
  soldForCents: z.number().int().min(0).max(100_000_000).optional(),
});
export const sendInspectionSchema = inspectionIdSchema.extend({ sendEmail: z.boolean().default(true) });

export const inspectionPhotoSchema = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string().nullable() });

export const inspectionTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  soldForCents: z.number(),
  approval: z.enum(TASK_APPROVALS).nullable(),
  status: z.string(),
});

export const inspectionItemSchema = z.object({
  id: z.string(),
  position: z.number(),
  section: localizedTextSchema,
  label: localizedTextSchema,
  key: z.string().nullable(),
  kind: z.enum(INSPECTION_ITEM_KINDS),
  unit: z.enum(INSPECTION_UNITS).nullable(),
  minValue: z.number(),
  maxValue: z.number(),
  amberAt: z.number().nullable(),
  redAt: z.number().nullable(),
  lowerIsWorse: z.boolean(),
  photoRequired: z.boolean(),
  offeringItem: z.object({ id: z.string(), title: localizedTextSchema, priceCents: z.number() }).nullable(),
  condition: z.enum(INSPECTION_CONDITIONS).nullable(),
  value: z.number().nullable(),
  note: z.string().nullable(),
  answeredAt: z.string().nullable(),
  photos: z.array(inspectionPhotoSchema),
  task: inspectionTaskSchema.nullable(),
});
export type InspectionItemView = z.infer<typeof inspectionItemSchema>;

export const conditionCountsSchema = z.object({
  GOOD: z.number(),
  SOON: z.number(),
  URGENT: z.number(),
  SKIPPED: z.number(),
  unanswered: z.number(),
});

export const inspectionSummarySchema = z.object({
  id: z.string(),
  visitId: z.string(),
  name: localizedTextSchema,
  status: z.enum(INSPECTION_STATUSES),
  assignedTo: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  counts: conditionCountsSchema,
  version: z.number(),
  /** For the technician's list. */
  vehicle: z.object({ id: z.string(), plateNumber: z.string(), brand: z.string(), model: z.string() }),
  visitName: z.string(),
});
export type InspectionSummary = z.infer<typeof inspectionSummarySchema>;

export const inspectionSchema = inspectionSummarySchema.extend({
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  /** In the vehicle's unit, with the unit. */
  odometer: z.number().nullable(),
  distanceUnit: z.enum(['KM', 'MI']),
  visitClosed: z.boolean(),
  items: z.array(inspectionItemSchema),
});
export type InspectionView = z.infer<typeof inspectionSchema>;

// Sending answers { inspection, link }: sentInspectionSchema in approvals.ts (approvals import inspections, not back).

// ---------------------------------------------------------------------------------------------------------
// The report a customer sees (client portal, approval link page, PDF): no costs, no staff-only fields.

export const inspectionReportItemSchema = inspectionItemSchema
  .pick({ id: true, section: true, label: true, kind: true, unit: true, condition: true, value: true, note: true, photos: true })
  .extend({ task: inspectionTaskSchema.pick({ id: true, title: true, approval: true }).nullable() });
export const inspectionReportSchema = z.object({
  id: z.string(),
  name: localizedTextSchema,
  completedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  technicianFirstName: z.string().nullable(),
  odometer: z.number().nullable(),
  distanceUnit: z.enum(['KM', 'MI']),
  counts: conditionCountsSchema,
  items: z.array(inspectionReportItemSchema),
  /** The PDF for this caller (client portal), or null where none is offered. */
  pdfUrl: z.string().nullable(),
});
export type InspectionReport = z.infer<typeof inspectionReportSchema>;

// ---------------------------------------------------------------------------------------------------------
// Vehicle history and figures.

export const measurementSeriesSchema = z.object({
  key: z.string(),
  label: localizedTextSchema,
  unit: z.enum(INSPECTION_UNITS),
  /** The latest item's thresholds (null: none), for the chart's amber and red lines. */
  amberAt: z.number().nullable(),
  redAt: z.number().nullable(),
  points: z.array(
    z.object({ date: z.string(), value: z.number(), condition: z.enum(INSPECTION_CONDITIONS).nullable(), visitId: z.string() }),
  ),
});
export const vehicleMeasurementsSchema = z.object({ series: z.array(measurementSeriesSchema) });

export const inspectionFiguresSchema = z.object({
  completed: z.number(),
  flaggedItems: z.number(),
  proposedTasks: z.number(),
  approvedTasks: z.number(),
  declinedTasks: z.number(),
  /** Approved among decided (0–1), null when nothing was decided yet. */
  approvalShare: z.number().nullable(),
  approvedCents: z.number(),
  perTechnician: z.array(
    z.object({
      userId: z.string().nullable(),
      name: z.string(),
      completed: z.number(),
      flaggedItems: z.number(),
      approvedTasks: z.number(),
      approvedCents: z.number(),
    }),
  ),
});
export type InspectionFigures = z.infer<typeof inspectionFiguresSchema>;

// The figures' input (the dashboard's period) is inspectionFiguresInputSchema in dashboard.ts: importing that
// module here would put it on every page that reads the message catalogue (INSPECTION_MESSAGES lives here).
