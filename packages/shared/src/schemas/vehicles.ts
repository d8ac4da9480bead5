// Vehicles: the contract for the vehicle form and the API (SPEC §3, §5, §9).
import { z } from 'zod';
import { LIMITS, VEHICLE_STATUSES, VEHICLE_TYPES } from '../constants.ts';
import { msg } from '../messages.ts';
import { pageOf, requiredText, storedFileUrlSchema } from './users.ts';

export const VEHICLE_TEXT_MAX = 50;

/** API answers about vehicles (English; the web shows its own translations of the same keys). */
export const VEHICLE_MESSAGES = {
  plateTaken: 'A vehicle with this plate number is already registered',
  deleted: 'The vehicle was deleted.',
  hiddenInstead: 'This vehicle has history (visits, oil changes or media), so it was hidden instead of erased. The history is kept.',
} as const;
/** A car may be sold as next year's model. */
export const vehicleYearMax = (now = new Date()) => now.getFullYear() + 1;

/** The uniqueness key of a plate: upper-case without spaces ("ab 123" and "AB123" are the same car). */
export const normalizePlate = (plate: string) => plate.replace(/\s+/g, '').toUpperCase();

const required = (fieldName: string) => msg('required', { fieldName });

export const plateNumberSchema = requiredText('plateNumber', LIMITS.plateMax).regex(
  // Letters of any script (Arabic plates too) and digits; spaces are allowed and ignored for uniqueness.
  /^[\p{L}\p{N}][\p{L}\p{N} ]*$/u,
  msg('lettersAndNumbers', { fieldName: 'plateNumber' }),
);

export const vehicleInputSchema = z.object({
  type: z.enum(VEHICLE_TYPES, { error: required('type') }),
  plateNumber: plateNumberSchema,
  color: requiredText('color', VEHICLE_TEXT_MAX),
  brand: requiredText('brand', VEHICLE_TEXT_MAX),
  model: requiredText('model', VEHICLE_TEXT_MAX),
  year: z
    .number({ error: required('year') })
    .int(msg('number', { fieldName: 'year' }))
    .min(LIMITS.vehicleYearMin, msg('minValue', { fieldName: 'year', minValue: LIMITS.vehicleYearMin }))
    .refine((year) => year <= vehicleYearMax(), { error: () => msg('maxValue', { fieldName: 'year', maxValue: vehicleYearMax() }) }),
  engineType: requiredText('engineType', VEHICLE_TEXT_MAX),
  status: z.enum(VEHICLE_STATUSES, { error: required('status') }),
  imageUrl: z.union([z.literal('').transform(() => null), storedFileUrlSchema('image')]).nullish(),
});
export type VehicleInput = z.input<typeof vehicleInputSchema>;
export type VehicleInputParsed = z.output<typeof vehicleInputSchema>;

// The owner is `userId`, as in the REST path /users/{userId}/vehicles.
export const createVehicleSchema = z.object({ userId: z.uuid(), data: vehicleInputSchema });
export const updateVehicleSchema = z.object({ id: z.uuid(), data: vehicleInputSchema });
export const vehicleIdSchema = z.object({ id: z.uuid() });
export const vehiclesOfUserSchema = z.object({ userId: z.uuid() });

export const vehicleViewSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  type: z.enum(VEHICLE_TYPES),
  plateNumber: z.string(),
  color: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number(),
  engineType: z.string(),
  status: z.enum(VEHICLE_STATUSES),
  imageUrl: z.string().nullable(),
  latestKm: z.number().nullable(),
  lastKmUpdate: z.string().nullable(),
  /** From the latest oil change: km left before the next change (negative when overdue), or null. */
  oilDueInKm: z.number().nullable(),
  nextOilChangeKm: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VehicleView = z.infer<typeof vehicleViewSchema>;

export const vehicleOwnerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  imageUrl: z.string().nullable(),
});
export const vehicleDetailSchema = vehicleViewSchema.extend({ owner: vehicleOwnerSchema });
export type VehicleDetail = z.infer<typeof vehicleDetailSchema>;

export const vehicleListSchema = z.array(vehicleViewSchema);

/** A visit as listed on a customer's or a vehicle's page (the visits feature owns the full view). */
export const visitSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  vehicleId: z.string(),
  plateNumber: z.string(),
  visitDate: z.string(),
  dueDate: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  totalCostCents: z.number(),
  paidCents: z.number(),
  /** Proposed tasks waiting for the customer's approval (estimate approval). */
  awaitingApproval: z.number(),
});
export type VisitSummary = z.infer<typeof visitSummarySchema>;
export const visitSummaryPageSchema = pageOf(visitSummarySchema);
