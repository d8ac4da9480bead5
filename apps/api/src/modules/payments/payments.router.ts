import {
  createPaymentSchema,
  historyWindowSchema,
  listPaymentsSchema,
  paymentIdSchema,
  paymentPageSchema,
  paymentResultSchema,
  paymentViewSchema,
  refundPaymentSchema,
} from '@garage/shared';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc/init.ts';
import { listPayments } from './payments.history.ts';
import { deletePayment, listVisitPayments, recordPayment, refundPayment } from './payments.service.ts';

export const paymentsRouter = router({
  listForVisit: staffProcedure
    .input(historyWindowSchema.extend({ visitId: z.uuid() }))
    .output(z.array(paymentViewSchema))
    .query(({ ctx, input }) => listVisitPayments(ctx.deps.db, input.visitId, input)),
  list: staffProcedure.input(listPaymentsSchema).output(paymentPageSchema).query(({ ctx, input }) => listPayments(ctx.deps.db, input)),
  create: staffProcedure
    .input(createPaymentSchema)
    .output(paymentResultSchema)
    .mutation(({ ctx, input }) => recordPayment(ctx.deps.db, ctx.session, input.visitId, input.data)),
  refund: staffProcedure
    .input(refundPaymentSchema)
    .output(paymentResultSchema)
    .mutation(({ ctx, input }) => refundPayment(ctx.deps.db, ctx.session, input.id, input)),
  delete: staffProcedure
    .input(paymentIdSchema)
    .output(paymentResultSchema)
    .mutation(({ ctx, input }) => deletePayment(ctx.deps.db, input.id)),
});
