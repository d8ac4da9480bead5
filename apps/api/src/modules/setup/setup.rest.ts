// REST adapter for first-run setup and the "get started" checklist (under /backend/setup).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authSessionSchema, checklistSchema, checkSetupCodeSchema, completeSetupSchema, setupStatusSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { authContext } from '../auth/auth.context.ts';
import { setSessionCookies } from '../auth/cookies.ts';
import { createGuards } from '../auth/guards.ts';
import { readImagePart, uploadedImageSchema } from '../uploads/uploads.rest.ts';
import { dismissChecklist, getChecklist, markWebsiteShared } from './checklist.service.ts';
import { checkSetupCode, completeSetup, getSetupStatus, saveSetupLogo } from './setup.service.ts';

const tags = ['setup'];

export function setupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/setup/status',
      { schema: { tags, summary: 'Whether the installation still needs its first admin (public)', response: { 200: setupStatusSchema } } },
      async () => getSetupStatus(deps.db),
    );
    app.post(
      '/setup/check-code',
      {
        schema: {
          tags,
          summary: 'Check the one-time setup code printed in the server log (does not use it up)',
          description: '403 for a wrong code, 409 once setup is done, 429 after 10 wrong codes per IP in 15 minutes.',
          body: checkSetupCodeSchema,
          response: { 200: z.object({ valid: z.literal(true) }) },
        },
      },
      async (request) => checkSetupCode(authContext(deps, request), request.body.setupCode),
    );
    app.post(
      '/setup/logo',
      {
        schema: {
          tags,
          summary: "First run: upload the shop's logo (JPEG or PNG, multipart field \"file\") before completing setup; returns its URL for shop.logoUrl",
          description: 'Needs the setup code in the X-Setup-Code header. 403 for a wrong code, 409 once setup is done, 429 when throttled, 400/413 for a file that is no JPEG or PNG or too large.',
          consumes: ['multipart/form-data'],
          headers: z.object({ 'x-setup-code': z.string().default('') }),
          response: { 201: uploadedImageSchema },
        },
      },
      async (request, reply) => {
        const file = await readImagePart(request);
        const logo = await saveSetupLogo(authContext(deps, request), deps.storage, request.headers['x-setup-code'], file);
        return reply.status(201).send(logo);
      },
    );
    app.post(
      '/setup/complete',
      {
        schema: {
          tags,
          summary: 'First run: create the first admin and the shop essentials, then sign in',
          description:
            'Needs the setup code from the server log. Atomic: of two concurrent setups exactly one succeeds. 403 for a wrong code, 409 once setup is done, 429 when throttled. Sets the session cookies like /user/login.',
          body: completeSetupSchema,
          response: { 201: authSessionSchema },
        },
      },
      async (request, reply) => {
        const session = await completeSetup(authContext(deps, request), request.body);
        setSessionCookies(request, reply, session);
        return reply.status(201).send(session);
      },
    );

    app.get(
      '/setup/checklist',
      { onRequest: guards.staff, schema: { tags, summary: 'The "get started" checklist (staff)', response: { 200: checklistSchema } } },
      async () => getChecklist(deps.db),
    );
    app.post(
      '/setup/checklist/website-shared',
      { onRequest: guards.staff, schema: { tags, summary: 'Tick "share the website link" (staff)', response: { 200: checklistSchema } } },
      async () => markWebsiteShared(deps.db),
    );
    app.post(
      '/setup/checklist/dismiss',
      { onRequest: guards.staff, schema: { tags, summary: 'Hide the checklist for good (staff)', response: { 200: checklistSchema } } },
      async () => dismissChecklist(deps.db),
    );
  };
}
