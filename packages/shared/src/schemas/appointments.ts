// Appointment requests: the public "book a visit" form, the portal's booking, the staff calendar and its
// decisions (accept with a time, propose another time, decline). Capacity: a daily limit of live requests
// (merchant setting appointmentsPerDay); the public form offers only days with room.
import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { msg } from '../messages.ts';
import { isIsoDate } from '../visit-rules.ts';

export const DAY_PARTS = ['MORNING', 'AFTERNOON', 'ANY'] as const;
export type DayPart = (typeof DAY_PARTS)[number];
export const APPOINTMENT_STATUSES = ['REQUESTED', 'PROPOSED', 'ACCEPTED', 'DECLINED', 'CANCELLED'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** Requests that take a place on their day (capacity). */
export const LIVE_APPOINTMENT_STATUSES = ['REQUESTED', 'PROPOSED', 'ACCEPTED'] as const satisfies readonly AppointmentStatus[];

export const APPOINTMENT_LIMITS = {
  /** How far ahead the form offers days. */
  daysAhead: 60,
  servicesMax: 10,
  messageMax: 1000,
  noteMax: 500,
} as const;

/** Requests per client IP (public form and portal share it). */
export const APPOINTMENT_THROTTLE = { limit: 5, windowSeconds: 60 * 60 } as const;

export const APPOINTMENT_MESSAGES = {
  dayFull: 'That day is fully booked; please choose another day',
  dayOutOfRange: 'Choose a day from today up to 60 days ahead',
  tooMany: 'Too many booking requests from this address; please try again later',
  contactRequired: 'Give a phone number or an email address so the shop can answer',
  notOpen: 'This request was already answered',
  noVehicle: 'No vehicle with this plate number; add the customer and the vehicle first',
  noServices: 'Choose at least one requested service to create the visit',
  noProposal: 'There is no proposed time to accept',
} as const;

const text = (fieldName: string, max: number) =>
  z
    .string({ error: msg('required', { fieldName }) })
    .trim()
    .min(1, msg('required', { fieldName }))
    .max(max, msg('maxLength', { fieldName, maxLength: max }));
const optionalText = (fieldName: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, msg('maxLength', { fieldName, maxLength: max }))
    .nullish()
    .transform((value) => value || null);
// An ISO date (the JSON schema says format "date"), and a real calendar day.
const day = z.iso.date({ error: msg('required', { fieldName: 'day' }) }).refine(isIsoDate, msg('required', { fieldName: 'day' }));
const serviceItemIds = z.array(z.uuid()).max(APPOINTMENT_LIMITS.servicesMax).default([]);

export const publicAppointmentRequestSchema = z
  .object({
    fullName: text('fullName', 200),
    email: z
      .union([z.literal(''), z.email(msg('email', { fieldName: 'email' })).max(100)])
      .nullish()
      .transform((value) => value?.toLowerCase() || null),
    phone: z
      .string()
      .trim()
      .max(30, msg('maxLength', { fieldName: 'phone', maxLength: 30 }))
      .regex(/^[+\d\s().-]*$/, msg('format', { fieldName: 'phone' }))
      .nullish()
      .transform((value) => value || null),
    vehicleDescription: text('vehicle', 200),
    serviceItemIds,
    day,
    dayPart: z.enum(DAY_PARTS).default('ANY'),
    message: optionalText('message', APPOINTMENT_LIMITS.messageMax),
    language: z.enum(LANGUAGES).default('en'),
    /** Honeypot: people never see it; a bot that fills it gets a normal-looking answer and nothing is stored. */
    website: z.string().max(200).optional(),
  })
  .refine((value) => value.email || value.phone, { path: ['phone'], message: 'appointments.contactRequired' });
export type PublicAppointmentRequest = z.input<typeof publicAppointmentRequestSchema>;

/** A signed-in client books for one of their vehicles (name and contact come from the account). */
export const myAppointmentRequestSchema = z.object({
  vehicleId: z.uuid({ error: msg('required', { fieldName: 'vehicle' }) }),
  serviceItemIds,
  day,
  dayPart: z.enum(DAY_PARTS).default('ANY'),
  message: optionalText('message', APPOINTMENT_LIMITS.messageMax),
});
export type MyAppointmentRequest = z.input<typeof myAppointmentRequestSchema>;

export const availabilityQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(APPOINTMENT_LIMITS.daysAhead).default(30) });
export const availabilitySchema = z.object({
  timezone: z.string(),
  perDay: z.number(),
  days: z.array(z.object({ day: z.string(), remaining: z.number() })),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const appointmentReceiptSchema = z.object({ id: z.string(), status: z.enum(APPOINTMENT_STATUSES), day: z.string() });

export const appointmentListInputSchema = z.object({
  /** First day (yyyy-mm-dd) of the week shown; 7 days from it. */
  from: day,
  /** Coerced: a REST query string carries it as text. */
  days: z.coerce.number().int().min(1).max(31).default(7),
});
export const appointmentIdSchema = z.object({ id: z.uuid() });
const scheduledAt = z.iso.datetime({ offset: true, error: msg('required', { fieldName: 'scheduledAt' }) });
const note = optionalText('note', APPOINTMENT_LIMITS.noteMax);
export const acceptAppointmentSchema = z.object({
  id: z.uuid(),
  scheduledAt,
  note,
  /** Create the visit now with the requested services as tasks. */
  createVisit: z.boolean().default(false),
  /** For a request from the public site: the plate of the (existing) vehicle the visit is for. */
  plateNumber: z.string().trim().max(20).nullish(),
});
export const proposeAppointmentSchema = z.object({ id: z.uuid(), scheduledAt, note });
export const declineAppointmentSchema = z.object({ id: z.uuid(), note });

export const appointmentViewSchema = z.object({
  id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  vehicleDescription: z.string(),
  vehicle: z.object({ id: z.string(), plateNumber: z.string(), ownerId: z.string() }).nullable(),
  customerId: z.string().nullable(),
  services: z.array(z.object({ id: z.string(), title: z.string() })),
  day: z.string(),
  dayPart: z.enum(DAY_PARTS),
  message: z.string().nullable(),
  language: z.enum(LANGUAGES),
  scheduledAt: z.string().nullable(),
  staffNote: z.string().nullable(),
  visitId: z.string().nullable(),
  createdAt: z.string(),
});
export type AppointmentView = z.infer<typeof appointmentViewSchema>;
export const appointmentListSchema = z.object({
  items: z.array(appointmentViewSchema),
  /** Requests still waiting for an answer, whatever their day (the badge and the "to answer" list). */
  waiting: z.array(appointmentViewSchema),
  workingHours: z.object({ text: z.string().nullable(), startHour: z.number(), endHour: z.number() }),
  perDay: z.number(),
  timezone: z.string(),
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;
