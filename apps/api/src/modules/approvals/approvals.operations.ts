// Estimate approval. Staff: ask the customer (approval link), see fresh decisions, acknowledge them, and the
// work a customer declined on a vehicle's other visits. Anonymous: the approval link's page, whose token is
// the only credential (404 for an unknown token, 410 for a used, replaced or expired one).
import {
  approvalLinkSchema,
  approvalLinkStateSchema,
  createApprovalLinkSchema,
  declinedWorkQuerySchema,
  declinedWorkSchema,
  freshDecisionsSchema,
  linkDecisionsSchema,
  publicApprovalSchema,
  visitIdSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { decideByLink, latestApprovalLink, mintApprovalLink, readApprovalLink, revokeApprovalLinks } from './approval-links.ts';
import { declinedWork, freshDecisions, markDecisionsSeen } from './approvals.service.ts';
import { publicBaseUrl } from './public-url.ts';

const tag = 'estimate approval';
const countSchema = z.object({ count: z.number() });
const tokenSchema = z.object({ token: z.string().min(1).max(200) });
/** Test callers have no request, hence no logger. */
const silentLog = { warn: () => {}, error: () => {} };

export const approvalsOperations = {
  fresh: query({
    access: 'staff',
    rest: { method: 'GET', path: '/approvals/fresh', tag, summary: 'Customer decisions staff have not acknowledged yet' },
    input: z.void(),
    output: freshDecisionsSchema,
    handler: ({ ctx }) => freshDecisions(ctx.deps.db),
  }),
  markSeen: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/visits/:id/decisions/seen', tag, summary: "Acknowledge the customer's decisions on a visit" },
    input: visitIdSchema,
    output: countSchema,
    handler: ({ ctx, input }) => markDecisionsSeen(ctx.deps.db, input.id),
  }),
  declined: query({
    access: 'staff',
    rest: { method: 'GET', path: '/vehicles/:id/declined-work', tag, summary: 'Work the customer declined on this vehicle' },
    input: declinedWorkQuerySchema,
    output: declinedWorkSchema,
    handler: ({ ctx, input }) => declinedWork(ctx.deps.db, input.id, input.exceptVisitId),
  }),
  createLink: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/visits/:id/approval-links',
      status: 201,
      tag,
      summary: 'Ask the customer to approve: a single-use link (older ones revoked), emailed when possible',
    },
    input: createApprovalLinkSchema,
    output: approvalLinkSchema,
    handler: ({ ctx, input }) =>
      mintApprovalLink(ctx.deps, input.id, {
        baseUrl: publicBaseUrl(ctx.deps.config, ctx.req),
        sendEmail: input.sendEmail,
        createdById: ctx.session.userId,
        log: ctx.req?.log ?? silentLog,
      }),
  }),
  latestLink: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/visits/:id/approval-links/latest',
      tag,
      summary: "The visit's newest approval link (state only, never the token)",
    },
    input: visitIdSchema,
    output: approvalLinkStateSchema,
    handler: ({ ctx, input }) => latestApprovalLink(ctx.deps.db, input.id),
  }),
  revokeLinks: mutation({
    access: 'staff',
    rest: { method: 'DELETE', path: '/visits/:id/approval-links', tag, summary: "Revoke the visit's live approval links" },
    input: visitIdSchema,
    output: countSchema,
    handler: ({ ctx, input }) => revokeApprovalLinks(ctx.deps.db, input.id),
  }),
  readLink: query({
    access: 'anonymous',
    rest: { method: 'GET', path: '/approve/:token', tag, summary: "The approval link's page: that visit's proposed tasks" },
    input: tokenSchema,
    output: publicApprovalSchema,
    handler: ({ ctx, input }) => readApprovalLink(ctx.deps, input.token),
  }),
  decideByLink: mutation({
    access: 'anonymous',
    rest: { method: 'POST', path: '/approve/:token', tag, summary: 'Decide every proposed task of the visit; the link is then used up' },
    input: linkDecisionsSchema.extend(tokenSchema.shape),
    output: z.object({ decided: z.number(), totalCostCents: z.number() }),
    handler: ({ ctx, input }) => decideByLink(ctx.deps, input.token, input.decisions),
  }),
};
