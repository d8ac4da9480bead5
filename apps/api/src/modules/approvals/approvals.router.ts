// Staff side of estimate approval: ask the customer (approval link), see fresh decisions, acknowledge them,
// and the work a customer declined on a vehicle's other visits. The public link page is REST only
// (approvals.rest.ts) so it needs neither a session nor the tRPC client.
import { approvalLinkSchema, approvalLinkStateSchema, createApprovalLinkSchema, declinedWorkQuerySchema, declinedWorkSchema, freshDecisionsSchema, visitIdSchema } from '@garage/shared';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc/init.ts';
import { latestApprovalLink, mintApprovalLink, revokeApprovalLinks } from './approval-links.ts';
import { declinedWork, freshDecisions, markDecisionsSeen } from './approvals.service.ts';
import { publicBaseUrl } from './public-url.ts';

const silentLog = { warn: () => {}, error: () => {} };

export const approvalsRouter = router({
  fresh: staffProcedure.output(freshDecisionsSchema).query(({ ctx }) => freshDecisions(ctx.deps.db)),
  markSeen: staffProcedure
    .input(visitIdSchema)
    .output(z.object({ count: z.number() }))
    .mutation(({ ctx, input }) => markDecisionsSeen(ctx.deps.db, input.id)),
  declined: staffProcedure
    .input(declinedWorkQuerySchema)
    .output(declinedWorkSchema)
    .query(({ ctx, input }) => declinedWork(ctx.deps.db, input.vehicleId, input.exceptVisitId)),
  createLink: staffProcedure
    .input(createApprovalLinkSchema)
    .output(approvalLinkSchema)
    .mutation(({ ctx, input }) =>
      mintApprovalLink(ctx.deps, input.visitId, {
        baseUrl: publicBaseUrl(ctx.deps.config, ctx.req),
        sendEmail: input.sendEmail,
        createdById: ctx.session.userId,
        log: ctx.req?.log ?? silentLog,
      }),
    ),
  latestLink: staffProcedure
    .input(visitIdSchema)
    .output(approvalLinkStateSchema)
    .query(({ ctx, input }) => latestApprovalLink(ctx.deps.db, input.id)),
  revokeLinks: staffProcedure
    .input(visitIdSchema)
    .output(z.object({ count: z.number() }))
    .mutation(({ ctx, input }) => revokeApprovalLinks(ctx.deps.db, input.id)),
});
