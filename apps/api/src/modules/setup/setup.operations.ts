// First-run setup and the "get started" checklist, each defined once (setup.service.ts, checklist.service.ts).
// The logo upload of the first run is multipart, so REST only (setup.rest.ts).
import { authSessionSchema, checklistSchema, checkSetupCodeSchema, completeSetupSchema, setupStatusSchema } from '@garage/shared';
import { z } from 'zod';
import { setSessionCookies } from '../../http/cookies.ts';
import { mutation, query } from '../../operations/operation.ts';
import { authContext } from '../auth/auth.context.ts';
import { dismissChecklist, getChecklist, markWebsiteShared } from './checklist.service.ts';
import { checkSetupCode, completeSetup, getSetupStatus } from './setup.service.ts';

export const setupOperations = {
  status: query({
    access: 'anonymous',
    rest: { method: 'GET', path: '/setup/status', summary: 'Whether the installation still needs its first admin (public)' },
    input: z.void(),
    output: setupStatusSchema,
    handler: ({ ctx }) => getSetupStatus(ctx.deps.db),
  }),
  checkCode: mutation({
    access: 'anonymous',
    rest: {
      method: 'POST',
      path: '/setup/check-code',
      summary: 'Check the one-time setup code printed in the server log (does not use it up)',
      description: '403 for a wrong code, 409 once setup is done, 429 after 10 wrong codes per IP in 15 minutes.',
    },
    input: checkSetupCodeSchema,
    output: z.object({ valid: z.literal(true) }),
    handler: ({ ctx, input }) => checkSetupCode(authContext(ctx.deps, ctx.req), input.setupCode),
  }),
  complete: mutation({
    access: 'anonymous',
    rest: {
      method: 'POST',
      path: '/setup/complete',
      status: 201,
      summary: 'First run: create the first admin and the shop essentials, then sign in',
      description:
        'Needs the setup code from the server log. Atomic: of two concurrent setups exactly one succeeds. 403 for a wrong code, 409 once setup is done, 429 when throttled. Sets the session cookies like /user/login.',
    },
    input: completeSetupSchema,
    output: authSessionSchema,
    handler: async ({ ctx, input }) => {
      const session = await completeSetup(authContext(ctx.deps, ctx.req), input);
      if (ctx.req && ctx.res) setSessionCookies(ctx.req, ctx.res, session);
      return session;
    },
  }),
  checklist: query({
    access: 'staff',
    rest: { method: 'GET', path: '/setup/checklist', summary: 'The "get started" checklist (staff)' },
    input: z.void(),
    output: checklistSchema,
    handler: ({ ctx }) => getChecklist(ctx.deps.db),
  }),
  markWebsiteShared: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/setup/checklist/website-shared', summary: 'Tick "share the website link" (staff)' },
    input: z.void(),
    output: checklistSchema,
    handler: ({ ctx }) => markWebsiteShared(ctx.deps.db),
  }),
  dismissChecklist: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/setup/checklist/dismiss', summary: 'Hide the checklist for good (staff)' },
    input: z.void(),
    output: checklistSchema,
    handler: ({ ctx }) => dismissChecklist(ctx.deps.db),
  }),
};
