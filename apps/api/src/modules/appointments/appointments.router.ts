// Appointments over tRPC: the staff calendar and decisions, the portal's booking. The public form and its
// availability are REST (appointments.rest.ts): the public site does not ship the tRPC client.
import {
  acceptAppointmentSchema,
  appointmentIdSchema,
  appointmentListInputSchema,
  appointmentListSchema,
  appointmentReceiptSchema,
  appointmentViewSchema,
  availabilityQuerySchema,
  availabilitySchema,
  declineAppointmentSchema,
  myAppointmentRequestSchema,
  proposeAppointmentSchema,
} from '@garage/shared';
import { z } from 'zod';
import { clientProcedure, router, staffProcedure } from '../../trpc/init.ts';
import { publicBaseUrl } from '../approvals/public-url.ts';
import {
  acceptAppointment,
  acceptProposal,
  availability,
  cancelMyAppointment,
  countWaitingAppointments,
  declineAppointment,
  listAppointments,
  listMyAppointments,
  proposeAppointment,
  requestMyAppointment,
} from './appointments.service.ts';

const silentLog = { warn: () => {}, error: () => {} };
const languageSchema = z.object({ language: z.string().max(10).optional() });

export const appointmentsRouter = router({
  list: staffProcedure
    .input(appointmentListInputSchema.extend(languageSchema.shape))
    .output(appointmentListSchema)
    .query(({ ctx, input }) => listAppointments(ctx.deps.db, input, input.language)),
  badge: staffProcedure.output(z.object({ count: z.number() })).query(({ ctx }) => countWaitingAppointments(ctx.deps.db)),
  accept: staffProcedure
    .input(acceptAppointmentSchema)
    .output(appointmentViewSchema)
    .mutation(({ ctx, input }) =>
      acceptAppointment(ctx.deps, input, { actorId: ctx.session.userId, baseUrl: publicBaseUrl(ctx.deps.config, ctx.req), log: ctx.req?.log ?? silentLog }),
    ),
  propose: staffProcedure
    .input(proposeAppointmentSchema)
    .output(appointmentViewSchema)
    .mutation(({ ctx, input }) =>
      proposeAppointment(ctx.deps, input, { actorId: ctx.session.userId, baseUrl: publicBaseUrl(ctx.deps.config, ctx.req), log: ctx.req?.log ?? silentLog }),
    ),
  decline: staffProcedure
    .input(declineAppointmentSchema)
    .output(appointmentViewSchema)
    .mutation(({ ctx, input }) =>
      declineAppointment(ctx.deps, input, { actorId: ctx.session.userId, baseUrl: publicBaseUrl(ctx.deps.config, ctx.req), log: ctx.req?.log ?? silentLog }),
    ),
});

export const myAppointmentsRouter = router({
  list: clientProcedure
    .input(languageSchema)
    .output(z.array(appointmentViewSchema))
    .query(({ ctx, input }) => listMyAppointments(ctx.deps.db, ctx.session.userId, input.language)),
  availability: clientProcedure.input(availabilityQuerySchema).output(availabilitySchema).query(({ ctx, input }) => availability(ctx.deps.db, input.days)),
  request: clientProcedure
    .input(myAppointmentRequestSchema)
    .output(appointmentReceiptSchema)
    .mutation(({ ctx, input }) => requestMyAppointment(ctx.deps.db, ctx.session.userId, input, ctx.req?.ip ?? 'local')),
  acceptProposal: clientProcedure
    .input(appointmentIdSchema)
    .output(appointmentViewSchema)
    .mutation(({ ctx, input }) => acceptProposal(ctx.deps.db, ctx.session.userId, input.id)),
  cancel: clientProcedure
    .input(appointmentIdSchema)
    .output(appointmentViewSchema)
    .mutation(({ ctx, input }) => cancelMyAppointment(ctx.deps.db, ctx.session.userId, input.id)),
});
