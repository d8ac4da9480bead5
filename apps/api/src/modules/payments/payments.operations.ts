// Payments (staff): a visit's history, the shop's payment list, recording, refunding and deleting payments.
import {
  createPaymentSchema,
  historyWindowSchema,
  listPaymentsSchema,
  paymentChangeSchema,
  paymentIdSchema,
  paymentPageSchema,
  paymentResultSchema,
  paymentViewSchema,
  refundPaymentSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { listPayments } from './payments.history.ts';
import { deletePayment, listVisitPayments, recordPayment, refundPayment } from './payments.service.ts';

export const paymentsOperations = {
  listForVisit: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/visits/:id/payments',
      summary:
        "A visit's payment history, newest first, a window at a time (limit, before = id of the last record received; fewer than limit: the end)",
    },
    input: historyWindowSchema.extend({ id: z.uuid() }),
    output: z.array(paymentViewSchema),
    handler: ({ ctx, input: { id, ...window } }) => listVisitPayments(ctx.deps.db, id, window),
  }),
  list: query({
    access: 'staff',
    rest: { method: 'GET', path: '/payments', summary: 'All payments, filtered by method, status and date range' },
    input: listPaymentsSchema,
    output: paymentPageSchema,
    handler: ({ ctx, input }) => listPayments(ctx.deps.db, input),
  }),
  create: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/visits/:id/payments',
      status: 201,
      body: 'data',
      summary: "Record a payment (SUCCESS or FAILED); the visit's paid amount and payment status are recomputed",
    },
    input: createPaymentSchema,
    output: paymentResultSchema,
    handler: ({ ctx, input }) => recordPayment(ctx.deps.db, ctx.session, input.id, input.data),
  }),
  // One REST route for both changes (its body says which), kept as it was; refund and delete also have their own.
  change: mutation({
    access: 'staff',
    rest: {
      method: 'PATCH',
      path: '/payments/:id',
      body: 'change',
      summary: 'Refund a payment (adds a REFUNDED record) or delete a failed one (marks it DELETED, never removes it)',
    },
    input: z.object({ id: z.uuid(), change: paymentChangeSchema }),
    output: paymentResultSchema,
    handler: ({ ctx, input: { id, change } }) => {
      if (change.action === 'delete') return deletePayment(ctx.deps.db, id);
      return refundPayment(ctx.deps.db, ctx.session, id, { amountCents: change.amountCents, notes: change.notes });
    },
  }),
  refund: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/payments/:id/refund',
      status: 201,
      summary: 'Refund part or all of a successful payment (adds a REFUNDED record; default: everything not yet refunded)',
    },
    input: refundPaymentSchema,
    output: paymentResultSchema,
    handler: ({ ctx, input }) => refundPayment(ctx.deps.db, ctx.session, input.id, input),
  }),
  delete: mutation({
    access: 'staff',
    rest: {
      method: 'DELETE',
      path: '/payments/:id',
      summary: 'Delete a failed payment (marks it DELETED, never removes it); money received is given back by a refund',
    },
    input: paymentIdSchema,
    output: paymentResultSchema,
    handler: ({ ctx, input }) => deletePayment(ctx.deps.db, input.id),
  }),
};
