import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyWindowSchema, listPaymentsSchema, paymentChangeSchema, paymentInputSchema, paymentPageSchema, paymentResultSchema, paymentViewSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../auth/guards.ts';
import { listPayments } from './payments.history.ts';
import { deletePayment, listVisitPayments, recordPayment, refundPayment } from './payments.service.ts';

const tags = ['payments'];
const idParams = z.object({ id: z.uuid() });

export function paymentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.get(
      '/visits/:id/payments',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: "A visit's payment history, newest first, a window at a time (limit, before = id of the last record received; fewer than limit: the end)",
          params: idParams,
          querystring: historyWindowSchema,
          response: { 200: z.array(paymentViewSchema) },
        },
      },
      async (request) => listVisitPayments(deps.db, request.params.id, request.query),
    );
    app.post(
      '/visits/:id/payments',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: "Record a payment (SUCCESS or FAILED); the visit's paid amount and payment status are recomputed",
          params: idParams,
          body: paymentInputSchema,
          response: { 201: paymentResultSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await recordPayment(deps.db, sessionOf(request), request.params.id, request.body)),
    );
    app.get(
      '/payments',
      {
        onRequest: guards.staff,
        schema: { tags, summary: 'All payments, filtered by method, status and date range', querystring: listPaymentsSchema, response: { 200: paymentPageSchema } },
      },
      async (request) => listPayments(deps.db, request.query),
    );
    app.patch(
      '/payments/:id',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: 'Refund a payment (adds a REFUNDED record) or delete it (marks it DELETED, never removes it)',
          params: idParams,
          body: paymentChangeSchema,
          response: { 200: paymentResultSchema },
        },
      },
      async (request) => {
        const change = request.body;
        if (change.action === 'delete') return deletePayment(deps.db, request.params.id);
        return refundPayment(deps.db, sessionOf(request), request.params.id, { amountCents: change.amountCents, notes: change.notes });
      },
    );
  };
}
