// tRPC adapter for first-run setup and the "get started" checklist: the same services as setup.rest.ts.
import { z } from 'zod';
import { authSessionSchema, checklistSchema, checkSetupCodeSchema, completeSetupSchema, setupStatusSchema } from '@garage/shared';
import { AppError } from '../../lib/errors.ts';
import type { Context } from '../../trpc/context.ts';
import { publicProcedure, router, staffProcedure } from '../../trpc/init.ts';
import { authContext } from '../auth/auth.context.ts';
import { setSessionCookies } from '../auth/cookies.ts';
import { dismissChecklist, getChecklist, markWebsiteShared } from './checklist.service.ts';
import { checkSetupCode, completeSetup, getSetupStatus } from './setup.service.ts';

async function withRetryAfter<T>(ctx: Context, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.details.retryAfterSeconds) ctx.res?.header('retry-after', String(error.details.retryAfterSeconds));
    throw error;
  }
}

export const setupRouter = router({
  status: publicProcedure.output(setupStatusSchema).query(({ ctx }) => getSetupStatus(ctx.deps.db)),
  checkCode: publicProcedure
    .input(checkSetupCodeSchema)
    .output(z.object({ valid: z.literal(true) }))
    .mutation(({ ctx, input }) => withRetryAfter(ctx, () => checkSetupCode(authContext(ctx.deps, ctx.req), input.setupCode))),
  complete: publicProcedure
    .input(completeSetupSchema)
    .output(authSessionSchema)
    .mutation(({ ctx, input }) =>
      withRetryAfter(ctx, async () => {
        const session = await completeSetup(authContext(ctx.deps, ctx.req), input);
        if (ctx.req && ctx.res) setSessionCookies(ctx.req, ctx.res, session);
        return session;
      }),
    ),
  checklist: staffProcedure.output(checklistSchema).query(({ ctx }) => getChecklist(ctx.deps.db)),
  markWebsiteShared: staffProcedure.output(checklistSchema).mutation(({ ctx }) => markWebsiteShared(ctx.deps.db)),
  dismissChecklist: staffProcedure.output(checklistSchema).mutation(({ ctx }) => dismissChecklist(ctx.deps.db)),
});
