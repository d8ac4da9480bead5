// Estimate approval and the client portal's visit and task pages: the one contract for the staff visit page
// (propose, ask the customer, see decisions), the client area (/client/overview/...), the public approval page
// (/approve/{token}) and the API. The rules themselves are in visit-rules.ts (isCommittedWork and friends).
import { z } from 'zod';
import {
  APPROVAL_CHANNELS,
  PAYMENT_METHODS,
  PAYMENT_RECORD_STATUSES,
  TASK_PRIORITIES,
  TASK_SERVICES,
  TASK_STATUSES,
  VISIT_PAYMENT_STATUSES,
  VISIT_STATUSES,
} from '../constants.ts';
import { msg } from '../messages.ts';
import { inspectionReportSchema, inspectionSummarySchema } from './inspections.ts';
import { taskLineViewSchema } from './inventory.ts';
import { taskApprovalSchema } from './tasks.ts';
import { visitTaxesSchema } from './tax.ts';

export const APPROVAL_LIMITS = {
  commentMax: 500,
  /** Decisions in one request (a visit rarely has more than a handful of proposals). */
  decisionsMax: 50,
  /** How long an approval link stays valid. */
  linkTtlHours: 72,
  /** Fresh decisions listed for staff (the count is exact). */
  freshListMax: 20,
  /** Declined work listed on a vehicle's later visits. */
  declinedListMax: 20,
} as const;

export const DECISIONS = ['APPROVED', 'DECLINED'] as const;
export type Decision = (typeof DECISIONS)[number];

// taskApprovalSchema lives in tasks.ts (tasks must not import this file: approvals → inspections → offering
// → tasks would be an import cycle that leaves centsSchema undefined at load).
export type { TaskApprovalView } from './tasks.ts';

const comment = z
  .string()
  .trim()
  .max(APPROVAL_LIMITS.commentMax, msg('maxLength', { fieldName: 'comment', maxLength: APPROVAL_LIMITS.commentMax }))
  .nullish()
  .transform((value) => value || null);

/** One decision on one proposed task. `soldForCents` is the price the customer saw: a changed price is 409. */
export const decisionInputSchema = z.object({
  taskId: z.uuid(),
  decision: z.enum(DECISIONS, { error: msg('required', { fieldName: 'decision' }) }),
  comment,
  soldForCents: z.number().int().min(0),
});
export type DecisionInput = z.input<typeof decisionInputSchema>;

const decisions = z
  .array(decisionInputSchema)
  .min(1, msg('required', { fieldName: 'decision' }))
  .max(APPROVAL_LIMITS.decisionsMax)
  .refine((items) => new Set(items.map((item) => item.taskId)).size === items.length, msg('format', { fieldName: 'decisions' }));

/** The signed-in client decides one or more proposals of their visit `id` (REST POST /my/visits/:id/decisions). */
export const myDecisionsSchema = z.object({ id: z.uuid(), decisions });
/** The approval link's page sends every decision at once; the link is then used up. */
export const linkDecisionsSchema = z.object({ decisions });

// ---------------------------------------------------------------------------------------------------------
// Client area: what a customer sees of a visit. Never the shop's internal cost.

export const clientApprovalSchema = taskApprovalSchema.omit({ seenAt: true });

export const myTaskSchema = z.object({
  id: z.string(),
  visitId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  service: z.enum(TASK_SERVICES),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  /** The price as typed; a decision names it (a changed price is 409). */
  soldForCents: z.number(),
  /** What the customer pays for it: with its tax where the shop types prices without tax (taskGrossCents). */
  grossCents: z.number(),
  dueDate: z.string().nullable(),
  completedOn: z.string().nullable(),
  approval: clientApprovalSchema.nullable(),
  /** A proposal this customer can approve or decline right now. */
  awaitingDecision: z.boolean(),
  /** What the price is made of; unitCostCents and stock are always null here (the shop's internals). */
  lines: z.array(taskLineViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyTask = z.infer<typeof myTaskSchema>;

export const myPaymentSchema = z.object({
  id: z.string(),
  amountCents: z.number(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_RECORD_STATUSES),
  createdAt: z.string(),
});

export const myVisitSchema = z.object({
  id: z.string(),
  name: z.string(),
  visitDate: z.string(),
  dueDate: z.string(),
  completedAt: z.string().nullable(),
  status: z.enum(VISIT_STATUSES),
  paymentStatus: z.enum(VISIT_PAYMENT_STATUSES),
  totalCostCents: z.number(),
  paidCents: z.number(),
  balanceCents: z.number(),
  /** Proposals waiting for the customer, as they will pay them (their grossCents): not in the total until approved. */
  pendingProposalCents: z.number(),
  /** The taxes of the committed work; gross is totalCostCents (what the customer owes). */
  taxes: visitTaxesSchema,
  vehicle: z.object({ id: z.string(), plateNumber: z.string(), brand: z.string(), model: z.string() }),
  tasks: z.array(myTaskSchema),
  /** Payments on record (successful, refunds and failed attempts; deleted ones are left out). */
  payments: z.array(myPaymentSchema),
  /** Whether decisions are still accepted (the visit is not closed). */
  open: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyVisit = z.infer<typeof myVisitSchema>;

export const myVisitIdSchema = z.object({ id: z.uuid(), vehicleId: z.uuid().optional() });
export const myTaskIdSchema = z.object({ id: z.uuid(), visitId: z.uuid().optional(), vehicleId: z.uuid().optional() });
export const myTaskDetailSchema = myTaskSchema.extend({
  /** Whether the shop types prices with tax; without, the page says grossCents includes it. */
  pricesIncludeTax: z.boolean(),
  visit: z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(VISIT_STATUSES),
    vehicleId: z.string(),
    plateNumber: z.string(),
    open: z.boolean(),
  }),
});
export type MyTaskDetail = z.infer<typeof myTaskDetailSchema>;

// ---------------------------------------------------------------------------------------------------------
// The approval link.

/** A link for the visit `id` (REST POST /visits/:id/approval-links). */
export const createApprovalLinkSchema = z.object({
  id: z.uuid(),
  /** Email the link to the customer when they have an address (the answer says whether it was sent). */
  sendEmail: z.boolean().default(true),
});

export const approvalLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  /** Where it was emailed; null when not sent by email (no address, or not asked). */
  emailedTo: z.string().nullable(),
  /** https://wa.me/<phone>?text=... ready to click; null when the customer has no phone number. */
  whatsappUrl: z.string().nullable(),
  /** The text that goes with the link, in the customer's language. */
  message: z.string(),
  pendingCount: z.number(),
});
export type ApprovalLinkView = z.infer<typeof approvalLinkSchema>;

/** The public page behind the link: that visit's proposals only. */
export const publicApprovalSchema = z.object({
  visit: z.object({ name: z.string(), plateNumber: z.string(), brand: z.string(), model: z.string(), totalCostCents: z.number() }),
  customerFirstName: z.string(),
  language: z.string(),
  expiresAt: z.string(),
  /** Whether the shop types prices with tax; without, the page says the prices shown include it. */
  pricesIncludeTax: z.boolean(),
  /** The proposals' grossCents added up: what approving all of them adds to the amount due. */
  pendingProposalCents: z.number(),
  tasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      service: z.enum(TASK_SERVICES),
      priority: z.enum(TASK_PRIORITIES),
      /** The price as typed: the decision sends it back (a changed price is 409). */
      soldForCents: z.number(),
      /** What the customer pays for it (taskGrossCents). */
      grossCents: z.number(),
    }),
  ),
  /** The visit's inspections sent to the customer (issue #29): the report, photos read through the link's token. */
  inspections: z.array(inspectionReportSchema),
});
export type PublicApproval = z.infer<typeof publicApprovalSchema>;

/** inspections.send: the inspection as sent and the approval link minted for it (issue #29). */
export const sentInspectionSchema = z.object({ inspection: inspectionSummarySchema, link: approvalLinkSchema });

export const approvalLinkStateSchema = z.object({
  /** The newest link of the visit, if any. */
  latest: z
    .object({
      createdAt: z.string(),
      expiresAt: z.string(),
      consumedAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
      emailedTo: z.string().nullable(),
    })
    .nullable(),
});

// ---------------------------------------------------------------------------------------------------------
// Staff: fresh decisions and declined work.

export const freshDecisionSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  decision: z.enum(DECISIONS),
  comment: z.string().nullable(),
  decidedAt: z.string(),
  channel: z.enum(APPROVAL_CHANNELS).nullable(),
  soldForCents: z.number(),
  /** What the customer agreed to pay (with tax when prices are typed without it). */
  grossCents: z.number(),
  visit: z.object({ id: z.string(), name: z.string(), customerId: z.string(), vehicleId: z.string() }),
  customer: z.object({ firstName: z.string(), lastName: z.string() }),
});
export const freshDecisionsSchema = z.object({ count: z.number(), items: z.array(freshDecisionSchema) });
export type FreshDecisions = z.infer<typeof freshDecisionsSchema>;

export const declinedWorkSchema = z.object({
  items: z.array(
    z.object({
      taskId: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      service: z.enum(TASK_SERVICES),
      priority: z.enum(TASK_PRIORITIES),
      soldForCents: z.number(),
      comment: z.string().nullable(),
      decidedAt: z.string().nullable(),
      visit: z.object({ id: z.string(), name: z.string(), visitDate: z.string() }),
    }),
  ),
});
export type DeclinedWork = z.infer<typeof declinedWorkSchema>;
/** The work declined on the vehicle `id` (REST GET /vehicles/:id/declined-work), but on the visit `exceptVisitId`. */
export const declinedWorkQuerySchema = z.object({ id: z.uuid(), exceptVisitId: z.uuid().optional() });
