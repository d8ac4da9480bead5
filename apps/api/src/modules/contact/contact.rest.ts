import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageInputSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { readAccessToken, verifyAccessToken } from '../../session/session.ts';
import { contactReceiptSchema } from './contact.schemas.ts';
import { sendContactMessage } from './contact.service.ts';

export function contactRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact',
      {
        schema: {
          tags: ['contact'],
          summary: 'Send a message to the shop (public contact form)',
          body: contactMessageInputSchema,
          response: { 201: contactReceiptSchema },
        },
      },
      async (request, reply) => {
        const session = verifyAccessToken(readAccessToken(request), deps.jwtSecret);
        const receipt = await sendContactMessage(deps.db, request.body, { ip: request.ip, userId: session?.userId });
        return reply.status(201).send(receipt);
      },
    );
  };
}
