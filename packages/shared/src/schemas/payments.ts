// Payments against a visit: the record form, refunds, deletion (marks DELETED) and the history filters.
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, PAYMENT_METHODS, PAYMENT_RECORD_STATUSES, VISIT_PAYMENT_STATUSES } from '../constants.ts';
import { msg } from '../messages.ts';
import { RECORDABLE_PAYMENT_STATUSES } from '../visit-rules.ts';
import { centsSchema, isoDateSchema } from './tasks.ts';
import { timeZoneSchema } from './visits.ts';

export const PAYMENT_LIMITS = { notesMax: 1000 } as const;

const notes = z
  .string()
  .trim()
  .max(PAYMENT_LIMITS.notesMax, msg('maxLength', { fieldName: 'notes', maxLength: PAYMENT_LIMITS.notesMax }))
  .nullish()
  .transform((value) => value || null);

/** SPEC §5: amount and payment method required; the amount must be more than zero. */
export const paymentInputSchema = z.object({
  amountCents: centsSchema('amount', 1),
  method: z.enum(PAYMENT_METHODS, { error: msg('required', { fieldName: 'paymentMethod' }) }),
  notes,
  /** A declined card is recorded as FAILED so the attempt is on file; it counts for nothing. */
  status: z.enum(RECORDABLE_PAYMENT_STATUSES).default('SUCCESS'),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

/** A payment on the visit `id` (REST POST /visits/:id/payments: the id in the path, `data` the body). */
export const createPaymentSchema = z.object({ id: z.uuid(), data: paymentInputSchema });
/** Refund part or all of a successful payment (default: everything not yet refunded). */
export const refundPaymentSchema = z.object({
  id: z.uuid(),
  amountCents: centsSchema('amount', 1).optional(),
  notes,
});
export const paymentIdSchema = z.object({ id: z.uuid() });

/** The two changes a payment record accepts (the body of REST PATCH /payments/:id, tRPC payments.change's `change`). */
export const paymentChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('refund'), amountCents: centsSchema('amount', 1).optional(), notes }),
  z.object({ action: z.literal('delete') }),
]);

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Global payment history: method, record status and a creation date range (calendar days, inclusive). */
export const listPaymentsSchema = z.object({
  method: optional(z.enum(PAYMENT_METHODS)),
  status: optional(z.enum(PAYMENT_RECORD_STATUSES)),
  from: optional(isoDateSchema('from')),
  to: optional(isoDateSchema('to')),
  visitId: optional(z.uuid()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((value) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(value), msg('format', { fieldName: 'pageSize' }))
    .default(PAGE_SIZE_DEFAULT),
  timeZone: timeZoneSchema,
});
export type ListPaymentsQuery = z.input<typeof listPaymentsSchema>;

export const paymentViewSchema = z.object({
  id: z.string(),
  visitId: z.string(),
  amountCents: z.number(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_RECORD_STATUSES),
  notes: z.string().nullable(),
  refundOfId: z.string().nullable(),
  /** What can still be refunded (0 unless SUCCESS). */
  refundableCents: z.number(),
  recordedBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

/** A history row also names the visit and customer it belongs to (global history). */
export const paymentHistoryItemSchema = paymentViewSchema.extend({
  visit: z.object({ id: z.string(), name: z.string(), customerId: z.string(), vehicleId: z.string() }),
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;

export const paymentPageSchema = z.object({
  items: z.array(paymentHistoryItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;

/** The visit's money after a payment change, as written in the same transaction. */
export const visitMoneySchema = z.object({
  visitId: z.string(),
  totalCostCents: z.number(),
  paidCents: z.number(),
  paymentStatus: z.enum(VISIT_PAYMENT_STATUSES),
  version: z.number(),
});
export const paymentResultSchema = z.object({ payment: paymentViewSchema, visit: visitMoneySchema });
export type PaymentResult = z.infer<typeof paymentResultSchema>;
