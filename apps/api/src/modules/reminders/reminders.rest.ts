import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, unsubscribeInputSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { unsubscribe } from './reminders.service.ts';

export function remindersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reminders/unsubscribe',
      {
        schema: {
          tags: ['reminders'],
          summary: 'Stop service reminder emails (signed link from a reminder email; no sign-in)',
          body: unsubscribeInputSchema,
          response: { 200: z.object({ firstName: z.string(), language: z.enum(LANGUAGES) }) },
        },
      },
      async (request) => unsubscribe(deps, request.body.token),
    );
  };
}
