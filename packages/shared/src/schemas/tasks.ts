// Tasks of a visit: the one contract for the task forms (add-visit rows, task page) and the API.
// Money is integer minor units (`*Cents`: money.ts); forms show it in currency units through a money input.
import { z } from 'zod';
import { remindInKmSchema, remindInMonthsSchema } from './reminders.ts';
import { APPROVAL_CHANNELS, TASK_APPROVALS, TASK_PRIORITIES, TASK_SERVICES, TASK_STATUSES, VISIT_STATUSES } from '../constants.ts';
import { INVENTORY_LIMITS } from '../inventory-rules.ts';
import { msg } from '../messages.ts';
import { isoDateSchema } from './dates.ts';
import { taskLineInputSchema, taskLineViewSchema } from './inventory.ts';

export { isoDateSchema };

/** Approval state of a task as staff see it (null on ordinary work). */
export const taskApprovalSchema = z.object({
  state: z.enum(TASK_APPROVALS),
  proposedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  channel: z.enum(APPROVAL_CHANNELS).nullable(),
  comment: z.string().nullable(),
  /** When staff acknowledged the decision (null while it is fresh). */
  seenAt: z.string().nullable(),
});
export type TaskApprovalView = z.infer<typeof taskApprovalSchema>;

export const TASK_LIMITS = { titleMax: 200, descriptionMax: 2000, moneyMaxCents: 100_000_000 } as const;

const required = (fieldName: string) => msg('required', { fieldName });

/**
 * Whole minor units (cents, fils, yen: money.ts), from 0 or from 1 (more than nothing). The schema does not
 * know the currency, so its messages name no amount that depends on it: "at least 0", "greater than 0",
 * and past the column's limit "larger than the app can record" (the limit is 1,000,000.00 EUR but 100,000.000
 * KWD). A screen that knows the currency and a lower limit says it itself (refund-form.tsx).
 */
export const centsSchema = (fieldName: string, minCents: 0 | 1) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required(fieldName) : msg('number', { fieldName })) })
    .int(msg('number', { fieldName }))
    .min(minCents, minCents === 0 ? msg('minValue', { fieldName, minValue: 0 }) : msg('ageAbove', { fieldName, minValue: 0 }))
    .max(TASK_LIMITS.moneyMaxCents, msg('amountTooLarge', { fieldName }));

/** A task's fields; taskInputSchema adds the rule between the price and the lines. */
export const taskFieldsSchema = z.object({
  title: z
    .string({ error: required('title') })
    .trim()
    .min(1, required('title'))
    .max(TASK_LIMITS.titleMax, msg('maxLength', { fieldName: 'title', maxLength: TASK_LIMITS.titleMax })),
  description: z
    .string()
    .trim()
    .max(TASK_LIMITS.descriptionMax, msg('maxLength', { fieldName: 'description', maxLength: TASK_LIMITS.descriptionMax }))
    .nullish()
    .transform((value) => value || null),
  service: z.enum(TASK_SERVICES, { error: required('service') }),
  priority: z.enum(TASK_PRIORITIES, { error: required('priority') }).default('NORMAL'),
  /** What the work costs the shop. */
  costCents: centsSchema('cost', 0).default(0),
  /**
   * What the customer pays: a positive amount (SPEC §5 "total cost a positive number"). The task is then one
   * FLAT line at this price (and costCents its cost). Not needed (and ignored) when `lines` or
   * `offeringItemId` give the lines: the price is then their sum.
   */
  soldForCents: centsSchema('soldFor', 1).optional(),
  dueDate: z
    .union([z.literal(''), z.null(), isoDateSchema('dueDate')])
    .optional()
    .transform((value) => value || null),
  /** Once completed, remind the customer in N months and/or at N more km (service reminders). */
  remindInMonths: remindInMonthsSchema.transform((value) => value ?? null),
  remindInKm: remindInKmSchema.transform((value) => value ?? null),
  /** Parts, labour and flat lines (the task's price is their sum). */
  lines: z
    .array(taskLineInputSchema)
    .max(INVENTORY_LIMITS.linesPerTask, msg('maxValue', { fieldName: 'lines', maxValue: INVENTORY_LIMITS.linesPerTask }))
    .optional(),
  /** A catalogue item (canned job) whose default lines the task starts with (before `lines`). */
  offeringItemId: z.uuid(msg('format', { fieldName: 'offeringItemId' })).optional(),
});

/** The price is required when nothing else gives the task its lines. */
function priceOrLines(task: { soldForCents?: number; lines?: unknown[]; offeringItemId?: string }, ctx: z.RefinementCtx) {
  if (task.soldForCents === undefined && !task.lines?.length && !task.offeringItemId) {
    ctx.addIssue({ code: 'custom', path: ['soldForCents'], message: required('soldFor') });
  }
}

export const taskInputSchema = taskFieldsSchema.superRefine(priceOrLines);
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskInputParsed = z.output<typeof taskInputSchema>;

/**
 * A new task on the visit `id` (REST POST /visits/:id/tasks: the id in the path, the task's fields in the body).
 * `proposed`: extra work the customer must approve first (estimate approval, see visit-rules.ts).
 */
export const createTaskSchema = taskFieldsSchema.extend({ id: z.uuid(), proposed: z.boolean().default(false) }).superRefine(priceOrLines);
/**
 * What the API takes for an edit: only the fields sent change (PATCH semantics; the create defaults of
 * priority and cost are left out, or an edit that omits them would reset them); null or "" clears the
 * description and the due date. The form validates the whole taskInputSchema and sends every field.
 */
export const taskPatchSchema = z
  .object({
    ...taskFieldsSchema.omit({ lines: true, offeringItemId: true }).shape,
    soldForCents: centsSchema('soldFor', 1),
    priority: z.enum(TASK_PRIORITIES),
    costCents: centsSchema('cost', 0),
    description: z
      .string()
      .trim()
      .max(TASK_LIMITS.descriptionMax, msg('maxLength', { fieldName: 'description', maxLength: TASK_LIMITS.descriptionMax }))
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null)),
    dueDate: z
      .union([z.literal(''), z.null(), isoDateSchema('dueDate')])
      .optional()
      .transform((value) => (value === undefined ? undefined : value || null)),
    remindInMonths: remindInMonthsSchema,
    remindInKm: remindInKmSchema,
  })
  .partial();
export type TaskPatch = z.output<typeof taskPatchSchema>;

/** Edits name the `updatedAt` they read: a task changed meanwhile answers 409 instead of being overwritten. */
export const updateTaskSchema = taskPatchSchema.extend({ id: z.uuid(), updatedAt: z.iso.datetime() });
export const setTaskStatusSchema = z.object({ id: z.uuid(), status: z.enum(TASK_STATUSES) });
export const taskIdSchema = z.object({ id: z.uuid() });

export const taskViewSchema = z.object({
  id: z.string(),
  visitId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  service: z.enum(TASK_SERVICES),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  /** The cost of the lines (parts at cost): null for callers who do not see costs (everyone but admins). */
  costCents: z.number().nullable(),
  /** The price as typed (with or without tax, Merchant.pricesIncludeTax): the sum of the lines' totals. */
  soldForCents: z.number(),
  /** What the task adds to the amount due once it counts: soldForCents plus its tax where prices are typed without tax (taskGrossCents). */
  grossCents: z.number(),
  dueDate: z.string().nullable(),
  completedOn: z.string().nullable(),
  remindInMonths: z.number().nullable(),
  remindInKm: z.number().nullable(),
  /** The statuses this task may move to next (TASK_TRANSITIONS narrowed by the approval state). */
  nextStatuses: z.array(z.enum(TASK_STATUSES)),
  /** Estimate approval (null: ordinary work). */
  approval: taskApprovalSchema.nullable(),
  /** Its lines in order; soldForCents is the sum of their totals. */
  lines: z.array(taskLineViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskView = z.infer<typeof taskViewSchema>;

/** A task with the visit it belongs to, for the task page and its breadcrumbs. */
export const taskDetailSchema = taskViewSchema.extend({
  visit: z.object({
    id: z.string(),
    name: z.string(),
    customerId: z.string(),
    vehicleId: z.string(),
    status: z.enum(VISIT_STATUSES),
    version: z.number(),
  }),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;
