import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentReceiptSchema, availabilityQuerySchema, availabilitySchema, publicAppointmentRequestSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { readAccessToken, verifyAccessToken } from '../../session/session.ts';
import { availability, requestAppointment } from './appointments.service.ts';

const tags = ['appointments'];

export function appointmentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/appointments/availability',
      { schema: { tags, summary: 'Days with room for an appointment (from today, shop time)', querystring: availabilityQuerySchema, response: { 200: availabilitySchema } } },
      async (request) => availability(deps.db, request.query.days),
    );
    app.post(
      '/appointments',
      {
        schema: {
          tags,
          summary: 'Ask for an appointment (public "book a visit" form; throttled per IP, honeypot field "website")',
          body: publicAppointmentRequestSchema,
          response: { 201: appointmentReceiptSchema },
        },
      },
      async (request, reply) => {
        const session = verifyAccessToken(readAccessToken(request), deps.jwtSecret);
        const receipt = await requestAppointment(deps.db, request.body, { ip: request.ip, userId: session?.roles.includes('CLIENT') ? session.userId : null });
        return reply.status(201).send(receipt);
      },
    );
  };
}
