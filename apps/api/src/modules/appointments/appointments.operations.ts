// Appointments, each defined once: the public "book a visit" form and its availability, the staff calendar
// and decisions (appointments), and the client portal's booking (myAppointments).
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
  publicAppointmentRequestSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query, type OperationContext } from '../../operations/operation.ts';
import type { Session } from '../../session/session.ts';
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
  requestAppointment,
  requestMyAppointment,
} from './appointments.service.ts';

const silentLog = { warn: () => {}, error: () => {} };
const languageSchema = z.object({ language: z.string().max(10).optional() });
/** Who decides, and where the customer's e-mail links point. */
const decisionContext = (ctx: OperationContext<Session>) => ({
  actorId: ctx.session.userId,
  baseUrl: publicBaseUrl(ctx.deps.config, ctx.req),
  log: ctx.req?.log ?? silentLog,
});

export const appointmentsOperations = {
  availability: query({
    access: 'anonymous',
    rest: { method: 'GET', path: '/appointments/availability', summary: 'Days with room for an appointment (from today, shop time)' },
    input: availabilityQuerySchema,
    output: availabilitySchema,
    handler: ({ ctx, input }) => availability(ctx.deps.db, input.days),
  }),
  request: mutation({
    access: 'anonymous',
    rest: {
      method: 'POST',
      path: '/appointments',
      status: 201,
      summary: 'Ask for an appointment (public "book a visit" form; throttled per IP, honeypot field "website")',
    },
    input: publicAppointmentRequestSchema,
    output: appointmentReceiptSchema,
    // A signed-in client's request is tied to their account.
    handler: ({ ctx, input }) =>
      requestAppointment(ctx.deps.db, input, {
        ip: ctx.req?.ip ?? 'local',
        userId: ctx.session?.roles.includes('CLIENT') ? ctx.session.userId : null,
      }),
  }),
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/appointments',
      summary: 'The appointments of a week (or up to 31 days) from a first day, for the staff calendar',
    },
    input: appointmentListInputSchema.extend(languageSchema.shape),
    output: appointmentListSchema,
    handler: ({ ctx, input }) => listAppointments(ctx.deps.db, input, input.language),
  }),
  badge: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/appointments/waiting-count',
      summary: 'How many appointment requests wait for a decision (the navigation badge)',
    },
    input: z.void(),
    output: z.object({ count: z.number() }),
    handler: ({ ctx }) => countWaitingAppointments(ctx.deps.db),
  }),
  accept: mutation({
    access: 'staff',
    rest: {
      method: 'POST',
      path: '/appointments/:id/accept',
      summary: 'Accept a request at a time, optionally creating its visit; the customer is told',
    },
    input: acceptAppointmentSchema,
    output: appointmentViewSchema,
    handler: ({ ctx, input }) => acceptAppointment(ctx.deps, input, decisionContext(ctx)),
  }),
  propose: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/appointments/:id/propose', summary: 'Propose another time for a request; the customer is told' },
    input: proposeAppointmentSchema,
    output: appointmentViewSchema,
    handler: ({ ctx, input }) => proposeAppointment(ctx.deps, input, decisionContext(ctx)),
  }),
  decline: mutation({
    access: 'staff',
    rest: { method: 'POST', path: '/appointments/:id/decline', summary: 'Decline a request; the customer is told' },
    input: declineAppointmentSchema,
    output: appointmentViewSchema,
    handler: ({ ctx, input }) => declineAppointment(ctx.deps, input, decisionContext(ctx)),
  }),
};

export const myAppointmentsOperations = {
  list: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/appointments', summary: 'My appointments and requests', tag: 'client area' },
    input: languageSchema,
    output: z.array(appointmentViewSchema),
    handler: ({ ctx, input }) => listMyAppointments(ctx.deps.db, ctx.session.userId, input.language),
  }),
  availability: query({
    access: 'client',
    rest: {
      method: 'GET',
      path: '/my/appointments/availability',
      summary: 'Days with room for an appointment (from today, shop time)',
      tag: 'client area',
    },
    input: availabilityQuerySchema,
    output: availabilitySchema,
    handler: ({ ctx, input }) => availability(ctx.deps.db, input.days),
  }),
  request: mutation({
    access: 'client',
    rest: {
      method: 'POST',
      path: '/my/appointments',
      status: 201,
      summary: 'Ask for an appointment for one of my vehicles',
      tag: 'client area',
    },
    input: myAppointmentRequestSchema,
    output: appointmentReceiptSchema,
    handler: ({ ctx, input }) => requestMyAppointment(ctx.deps.db, ctx.session.userId, input, ctx.req?.ip ?? 'local'),
  }),
  acceptProposal: mutation({
    access: 'client',
    rest: {
      method: 'POST',
      path: '/my/appointments/:id/accept-proposal',
      summary: 'Accept the time the shop proposed for my request',
      tag: 'client area',
    },
    input: appointmentIdSchema,
    output: appointmentViewSchema,
    handler: ({ ctx, input }) => acceptProposal(ctx.deps.db, ctx.session.userId, input.id),
  }),
  cancel: mutation({
    access: 'client',
    rest: { method: 'POST', path: '/my/appointments/:id/cancel', summary: 'Cancel my appointment or request', tag: 'client area' },
    input: appointmentIdSchema,
    output: appointmentViewSchema,
    handler: ({ ctx, input }) => cancelMyAppointment(ctx.deps.db, ctx.session.userId, input.id),
  }),
};
