// Digital vehicle inspections (issue #29). Staff start one on a visit, fill it from a phone (one result at a
// time), complete, reopen, turn findings into proposed tasks and send it to the customer through the
// approval link. The client reads the sent ones of their own visits. Photos: inspection-photos.rest.ts.
import {
  inspectionIdSchema,
  inspectionItemSchema,
  inspectionReportSchema,
  inspectionSchema,
  inspectionSummarySchema,
  listInspectionsSchema,
  proposeFindingSchema,
  saveResultSchema,
  sendInspectionSchema,
  sentInspectionSchema,
  startInspectionSchema,
  updateInspectionSchema,
  visitIdSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { publicBaseUrl } from '../approvals/public-url.ts';
import { lineActor } from '../task-lines/task-line-pricing.ts';
import { proposeFindingTask } from './inspection-findings.ts';
import { saveResult } from './inspection-results.ts';
import { myInspectionReports, sendInspection } from './inspection-send.ts';
import {
  completeInspection,
  deleteInspection,
  getInspection,
  inspectionsOfVisit,
  listInspections,
  reopenInspection,
  startInspection,
  updateInspection,
} from './inspections.service.ts';

const tag = 'inspections';
/** Test callers have no request, hence no logger. */
const silentLog = { warn: () => {}, error: () => {} };

export const inspectionsOperations = {
  forVisit: query({
    access: 'staff',
    rest: { method: 'GET', path: '/visits/:id/inspections', tag, summary: "A visit's inspections, oldest first, with their counts" },
    input: visitIdSchema,
    output: z.array(inspectionSummarySchema),
    handler: ({ ctx, input }) => inspectionsOfVisit(ctx.deps.db, input.id),
  }),
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/inspections',
      tag,
      summary: 'Inspections, open ones first then newest (filters: status; mine = assigned to me)',
    },
    input: listInspectionsSchema,
    output: z.array(inspectionSummarySchema),
    handler: ({ ctx, input }) => listInspections(ctx.deps.db, input, ctx.session.userId),
  }),
  start: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/visits/:id/inspections',
      status: 201,
      tag,
      summary:
        "Start an inspection of the visit's vehicle from a template (its items copied), optionally assigned to a staff member; " +
        'odometer (in the vehicle unit) is recorded on the visit when it has none',
    },
    input: startInspectionSchema,
    output: inspectionSchema,
    handler: ({ ctx, input }) => startInspection(ctx.deps.db, input, ctx.session.userId),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/inspections/:id', tag, summary: 'An inspection with its items, results, photos and proposed tasks' },
    input: inspectionIdSchema,
    output: inspectionSchema,
    handler: ({ ctx, input }) => getInspection(ctx.deps.db, input.id),
  }),
  saveResult: mutation({
    access: 'staff',
    rest: {
      method: 'PUT',
      path: '/inspections/:id/items/:itemId',
      tag,
      summary:
        'Save one result (only the fields sent change; the same result twice is harmless). A check takes a condition; a measurement ' +
        "a value within the item's limits (its colour follows the thresholds) or SKIPPED. While in progress only (409)",
    },
    input: saveResultSchema,
    output: inspectionItemSchema,
    handler: ({ ctx, input }) => saveResult(ctx.deps.db, input, ctx.session.userId),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PATCH',
      path: '/inspections/:id',
      tag,
      summary: 'Assign the inspection to a staff member (null: nobody); send the version you read (409 when it changed)',
    },
    input: updateInspectionSchema,
    output: inspectionSummarySchema,
    handler: ({ ctx, input }) => updateInspection(ctx.deps.db, input),
  }),
  complete: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/inspections/:id/complete',
      tag,
      summary: 'Complete: every item answered (SKIPPED counts), flagged items that require a photo have one; results are then frozen',
    },
    input: inspectionIdSchema,
    output: inspectionSchema,
    handler: ({ ctx, input }) => completeInspection(ctx.deps.db, input.id),
  }),
  reopen: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/inspections/:id/reopen',
      tag,
      summary: 'Reopen a completed inspection to correct it (never a sent one)',
    },
    input: inspectionIdSchema,
    output: inspectionSchema,
    handler: ({ ctx, input }) => reopenInspection(ctx.deps.db, input.id),
  }),
  proposeTask: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/inspections/:id/items/:itemId/task',
      status: 201,
      tag,
      summary:
        "An amber or red finding becomes one proposed task: from the catalogue item chosen (else the item's own) with its lines, " +
        'else title and soldForCents; the customer approves or declines it',
    },
    input: proposeFindingSchema,
    output: inspectionItemSchema,
    handler: ({ ctx, input }) => proposeFindingTask(ctx.deps.db, input, lineActor(ctx.session)),
  }),
  send: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/inspections/:id/send',
      tag,
      summary: 'Send a completed inspection to the customer: the approval link is minted (emailed when possible) and shows the report',
    },
    input: sendInspectionSchema,
    output: sentInspectionSchema,
    handler: ({ ctx, input }) =>
      sendInspection(ctx.deps, input.id, {
        sendEmail: input.sendEmail,
        createdById: ctx.session.userId,
        baseUrl: publicBaseUrl(ctx.deps.config, ctx.req),
        log: ctx.req?.log ?? silentLog,
      }),
  }),
  delete: mutation({
    access: 'staff',
    rest: { method: 'DELETE', path: '/inspections/:id', tag, summary: 'Delete an inspection not yet sent, with its photos' },
    input: inspectionIdSchema,
    output: z.object({ id: z.string() }),
    handler: ({ ctx, input }) => deleteInspection(ctx.deps, input.id),
  }),
};

export const myInspectionsOperations = {
  forVisit: query({
    access: 'client',
    rest: {
      method: 'GET',
      path: '/my/visits/:id/inspections',
      tag: 'client area',
      summary: 'The inspections of my visit that the shop sent me, with photos and proposed work',
    },
    input: visitIdSchema,
    output: z.array(inspectionReportSchema),
    handler: ({ ctx, input }) => myInspectionReports(ctx.deps.db, ctx.session.userId, input.id),
  }),
};
