// REST for estimate approval: staff operations (twins of approvals.router.ts) and the public approval-link
// page's two calls, which need no session: the token in the path is the only credential.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalLinkSchema, approvalLinkStateSchema, declinedWorkSchema, freshDecisionsSchema, linkDecisionsSchema, publicApprovalSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { decideByLink, latestApprovalLink, mintApprovalLink, readApprovalLink, revokeApprovalLinks } from './approval-links.ts';
import { declinedWork, freshDecisions, markDecisionsSeen } from './approvals.service.ts';
import { publicBaseUrl } from './public-url.ts';

const tags = ['estimate approval'];
const idParams = z.object({ id: z.uuid() });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const countSchema = z.object({ count: z.number() });

export function approvalsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/approvals/fresh',
      { onRequest: guards.staff, schema: { tags, summary: 'Customer decisions staff have not acknowledged yet', response: { 200: freshDecisionsSchema } } },
      async () => freshDecisions(deps.db),
    );
    app.post(
      '/visits/:id/decisions/seen',
      { onRequest: guards.staff, schema: { tags, summary: "Acknowledge the customer's decisions on a visit", params: idParams, response: { 200: countSchema } } },
      async (request) => markDecisionsSeen(deps.db, request.params.id),
    );
    app.get(
      '/vehicles/:id/declined-work',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'Work the customer declined on this vehicle', params: idParams, querystring: z.object({ exceptVisitId: z.uuid().optional() }), response: { 200: declinedWorkSchema } },
      },
      async (request) => declinedWork(deps.db, request.params.id, request.query.exceptVisitId),
    );
    app.post(
      '/visits/:id/approval-links',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Ask the customer to approve: a single-use link (older ones revoked), emailed when possible',
          params: idParams,
          body: z.object({ sendEmail: z.boolean().default(true) }).default({ sendEmail: true }),
          response: { 201: approvalLinkSchema },
        },
      },
      async (request, reply) => {
        const link = await mintApprovalLink(deps, request.params.id, {
          baseUrl: publicBaseUrl(deps.config, request),
          sendEmail: request.body.sendEmail,
          createdById: sessionOf(request).userId,
          log: request.log,
        });
        return reply.status(201).send(link);
      },
    );
    app.get(
      '/visits/:id/approval-links/latest',
      { onRequest: guards.staff, schema: { tags, summary: "The visit's newest approval link (state only, never the token)", params: idParams, response: { 200: approvalLinkStateSchema } } },
      async (request) => latestApprovalLink(deps.db, request.params.id),
    );
    app.delete(
      '/visits/:id/approval-links',
      { onRequest: guards.staff, schema: { tags, summary: "Revoke the visit's live approval links", params: idParams, response: { 200: countSchema } } },
      async (request) => revokeApprovalLinks(deps.db, request.params.id),
    );

    // Public: the approval link's page. 404 for an unknown token, 410 for a used, replaced or expired one.
    app.get(
      '/approve/:token',
      { schema: { tags, summary: "The approval link's page: that visit's proposed tasks", params: tokenParams, response: { 200: publicApprovalSchema } } },
      async (request) => readApprovalLink(deps, request.params.token),
    );
    app.post(
      '/approve/:token',
      {
        schema: {
          tags,
          summary: 'Decide every proposed task of the visit; the link is then used up',
          params: tokenParams,
          body: linkDecisionsSchema,
          response: { 200: z.object({ decided: z.number(), totalCostCents: z.number() }) },
        },
      },
      async (request) => decideByLink(deps, request.params.token, request.body.decisions),
    );
  };
}
