// Visits (repair orders): the one contract for the add-visit form, the visit page, the list's URL filters and
// the API (SPEC §3, §4, §5). Totals, statuses and payment states are never inputs: the server derives them.
import { z } from 'zod';
import {
  DATE_FILTERS,
  LIMITS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  VISIT_FILTERS,
  VISIT_PAYMENT_STATUSES,
  VISIT_SORTS,
  VISIT_STATUSES,
} from '../constants.ts';
import { DISTANCE_UNITS } from '../distance.ts';
import { msg } from '../messages.ts';
import { DEFAULT_TIME_ZONE, calendarDateIn, isValidTimeZone } from '../visit-rules.ts';
import { KM_MAX } from './oil-changes.ts';
import { isoDateSchema, taskInputSchema, taskViewSchema } from './tasks.ts';
import { visitTaxesSchema } from './tax.ts';

export const VISIT_LIMITS = { nameMax: 200, notesMax: 2000 } as const;

/**
 * Payment filter labels of SPEC §4. paid = PAID or OVERPAID; pending = money owed (UNPAID or PARTIALLY_PAID)
 * and the due day not yet passed; overdue = money owed and the due day passed; partiallyPaid = PARTIALLY_PAID.
 */
export const VISIT_PAYMENT_FILTERS = ['paid', 'pending', 'overdue', 'partiallyPaid'] as const;
export type VisitPaymentFilter = (typeof VISIT_PAYMENT_FILTERS)[number];
export type VisitFilter = (typeof VISIT_FILTERS)[number];
export type VisitSort = (typeof VISIT_SORTS)[number];
/** Steps staff take by hand once the work is done (see VISIT_HANDOVER_TRANSITIONS). */
export const VISIT_HANDOVER_STATUSES = ['COMPLETED', 'READY_FOR_PICKUP', 'PICKED_UP'] as const;

const required = (fieldName: string) => msg('required', { fieldName });

export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isValidTimeZone, msg('format', { fieldName: 'timeZone' }))
  .default(DEFAULT_TIME_ZONE);

const visitName = z
  .string({ error: required('name') })
  .trim()
  .min(LIMITS.visitNameMin, msg('minLength', { fieldName: 'name', minLength: LIMITS.visitNameMin }))
  .max(VISIT_LIMITS.nameMax, msg('maxLength', { fieldName: 'name', maxLength: VISIT_LIMITS.nameMax }));
const visitNotes = z
  .string()
  .trim()
  .max(VISIT_LIMITS.notesMax, msg('maxLength', { fieldName: 'notes', maxLength: VISIT_LIMITS.notesMax }))
  .nullish()
  .transform((value) => value || null);

/** "Today or later" in the caller's time zone (the form sends its own; the API defaults to UTC). */
const dueDateNotPast = {
  message: msg('futureDate', { fieldName: 'dueDate' }),
  path: ['dueDate'],
  // Run even when other fields are invalid, so the form shows every problem at once.
  when: (payload: { value: unknown }) => {
    const value = payload.value as { dueDate?: unknown; timeZone?: unknown };
    return typeof value?.dueDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.dueDate);
  },
};
const isNotPast = (value: { dueDate: string; timeZone?: string }) =>
  value.dueDate >= calendarDateIn(new Date(), value.timeZone && isValidTimeZone(value.timeZone) ? value.timeZone : DEFAULT_TIME_ZONE);

/**
 * An odometer reading as typed, in the VEHICLE's unit (km or miles: the form shows it); the API stores km
 * (unitToKm, @garage/shared distance.ts). Null or absent: not read.
 */
const odometerReading = (fieldName: string) =>
  z
    .number({ error: msg('number', { fieldName }) })
    .int(msg('number', { fieldName }))
    .min(0, msg('minValue', { fieldName, minValue: 0 }))
    .max(KM_MAX, msg('maxValue', { fieldName, maxValue: KM_MAX }))
    .nullish()
    .transform((value) => value ?? null);

/** The reading when the car leaves cannot be lower than when it came in (both in the same unit). */
const outNotBelowIn = {
  path: ['odometerOut'],
  when: (payload: { value: unknown }) => {
    const value = payload.value as { odometerIn?: unknown; odometerOut?: unknown };
    return typeof value?.odometerIn === 'number' && typeof value?.odometerOut === 'number';
  },
  error: (issue: { input: unknown }) =>
    msg('minValue', { fieldName: 'odometerOut', minValue: (issue.input as { odometerIn?: number } | undefined)?.odometerIn ?? 0 }),
};
const outIsNotBelowIn = (value: { odometerIn?: number | null; odometerOut?: number | null }) =>
  value.odometerIn == null || value.odometerOut == null || value.odometerOut >= value.odometerIn;

export const createVisitSchema = z
  .object({
    name: visitName,
    customerId: z.uuid({ error: required('customer') }),
    vehicleId: z.uuid({ error: required('vehicle') }),
    dueDate: isoDateSchema('dueDate'),
    notes: visitNotes,
    tasks: z.array(taskInputSchema, { error: msg('atLeastOneTask') }).min(1, msg('atLeastOneTask')),
    odometerIn: odometerReading('odometerIn'),
    odometerOut: odometerReading('odometerOut'),
    timeZone: timeZoneSchema,
  })
  .refine(isNotPast, dueDateNotPast)
  .refine(outIsNotBelowIn, outNotBelowIn);
export type CreateVisitInput = z.input<typeof createVisitSchema>;
export type CreateVisitParsed = z.output<typeof createVisitSchema>;

/** The fields staff edit on an existing visit. A changed due date must be today or later (checked by the API). */
export const visitEditSchema = z
  .object({
    name: visitName,
    dueDate: isoDateSchema('dueDate'),
    notes: visitNotes,
    odometerIn: odometerReading('odometerIn'),
    odometerOut: odometerReading('odometerOut'),
    timeZone: timeZoneSchema,
  })
  .refine(outIsNotBelowIn, outNotBelowIn);
export type VisitEditInput = z.input<typeof visitEditSchema>;

/**
 * What the API takes for an edit: only the fields sent change (an omitted note is kept, null or "" clears it).
 * The form validates the whole visitEditSchema and sends every field.
 */
export const visitPatchSchema = z.object({
  name: visitName.optional(),
  dueDate: isoDateSchema('dueDate').optional(),
  notes: z
    .string()
    .trim()
    .max(VISIT_LIMITS.notesMax, msg('maxLength', { fieldName: 'notes', maxLength: VISIT_LIMITS.notesMax }))
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  /** In the vehicle's unit; absent keeps the reading, null clears it. "Out not below in" is checked by the API on the merged visit. */
  odometerIn: odometerReading('odometerIn').optional(),
  odometerOut: odometerReading('odometerOut').optional(),
  timeZone: timeZoneSchema,
});
export type VisitPatch = z.output<typeof visitPatchSchema>;

/** Every change names the version it read; a visit changed meanwhile answers 409 (MESSAGES.versionConflict). */
export const updateVisitSchema = visitPatchSchema.extend({ id: z.uuid(), version: z.number().int().min(1) });
export const setVisitStatusSchema = z.object({ id: z.uuid(), version: z.number().int().min(1), status: z.enum(VISIT_HANDOVER_STATUSES) });
export const deleteVisitSchema = z.object({ id: z.uuid(), version: z.coerce.number().int().min(1).optional() });
export const visitIdSchema = z.object({ id: z.uuid() });

/** URL query strings send "" for cleared selects: treat it as absent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const listVisitsSchema = z.object({
  filter: optional(z.enum(VISIT_FILTERS)),
  payment: optional(z.enum(VISIT_PAYMENT_FILTERS)),
  date: optional(z.enum(DATE_FILTERS)),
  sort: z.preprocess((value) => (value === '' ? undefined : value), z.enum(VISIT_SORTS).default('newest')),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((value) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(value), msg('format', { fieldName: 'pageSize' }))
    .default(PAGE_SIZE_DEFAULT),
  customerId: optional(z.uuid()),
  vehicleId: optional(z.uuid()),
  timeZone: timeZoneSchema,
});
export type ListVisitsQuery = z.input<typeof listVisitsSchema>;
export type ListVisitsParsed = z.output<typeof listVisitsSchema>;

export const visitListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  visitDate: z.string(),
  dueDate: z.string(),
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  vehicle: z.object({ id: z.string(), plateNumber: z.string(), brand: z.string(), model: z.string() }),
  totalCostCents: z.number(),
  paidCents: z.number(),
  /** Still owed (negative when overpaid). */
  balanceCents: z.number(),
  status: z.enum(VISIT_STATUSES),
  paymentStatus: z.enum(VISIT_PAYMENT_STATUSES),
  overdue: z.boolean(),
  taskCount: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VisitListItem = z.infer<typeof visitListItemSchema>;

export const visitPageSchema = z.object({
  items: z.array(visitListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
});
export type VisitPage = z.infer<typeof visitPageSchema>;

export const visitDetailSchema = visitListItemSchema.extend({
  notes: z.string().nullable(),
  completedAt: z.string().nullable(),
  customer: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    countryCode: z.string().nullable(),
    phoneNumber: z.string().nullable(),
  }),
  tasks: z.array(taskViewSchema),
  /** Hand-over steps available now (VISIT_HANDOVER_TRANSITIONS). */
  nextStatuses: z.array(z.enum(VISIT_STATUSES)),
  hasPayments: z.boolean(),
  /** Proposals waiting for the customer, as they will pay them (their grossCents): not in the total until approved. */
  pendingProposalCents: z.number(),
  /**
   * The taxes of the committed work (visitTaxes, visit-rules.ts): net, tax and gross, one row per rate, highest
   * first. gross is the amount due (totalCostCents); with prices typed with tax it is what the lines add up to.
   */
  taxes: visitTaxesSchema,
  /** The vehicle's odometer unit: the readings below are shown and typed in it. */
  distanceUnit: z.enum(DISTANCE_UNITS),
  /** Readings as stored (km) and in the vehicle's unit (kmToUnit); null when not read. */
  odometerInKm: z.number().nullable(),
  odometerOutKm: z.number().nullable(),
  odometerIn: z.number().nullable(),
  odometerOut: z.number().nullable(),
});
export type VisitDetail = z.infer<typeof visitDetailSchema>;
