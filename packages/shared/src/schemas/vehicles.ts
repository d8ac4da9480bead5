// Vehicles: the contract for the vehicle form and the API (SPEC §3, §5, §9).
import { z } from 'zod';
import { LIMITS, VEHICLE_STATUSES, VEHICLE_TYPES } from '../constants.ts';
import { DISTANCE_UNITS } from '../distance.ts';
import { msg } from '../messages.ts';
import { tidyPlateInput } from '../plates.ts';
import { optionalVinSchema, vinSchema } from '../vin.ts';
import { isoDateSchema } from './dates.ts';
import { pageOf, requiredText, storedFileUrlSchema } from './users.ts';

export const VEHICLE_TEXT_MAX = 50;

/** API answers about vehicles (English; the web shows its own translations of the same keys). */
export const VEHICLE_MESSAGES = {
  plateTaken: 'A vehicle with this plate number is already registered',
  vinTaken: 'A vehicle with this VIN is already registered',
  deleted: 'The vehicle was deleted.',
  hiddenInstead: 'This vehicle has history (visits, oil changes or media), so it was hidden instead of erased. The history is kept.',
} as const;
/** A car may be sold as next year's model. */
export const vehicleYearMax = (now = new Date()) => now.getFullYear() + 1;

// The uniqueness and search key of a plate across scripts lives in plates.ts (re-exported for older imports).
export { normalizePlate } from '../plates.ts';

const required = (fieldName: string) => msg('required', { fieldName });

/** Optional text of a vehicle: trimmed, '' and null clear it, undefined leaves it as it is. */
const optionalVehicleText = (fieldName: string) =>
  z
    .union([
      z.null(),
      z
        .string()
        .trim()
        .max(VEHICLE_TEXT_MAX, msg('maxLength', { fieldName, maxLength: VEHICLE_TEXT_MAX })),
    ])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * SPEC §5: letters of any script (Arabic plates too) and digits, max 20. The usual separators typed between the
 * parts (- | / · . _) become one space and copied bidi marks are dropped BEFORE the checks (tidyPlateInput), so
 * `12345-أ-6` is saved as `12345 أ 6` and the 20 characters count what is saved. The key (normalizePlate) ignores
 * spaces, scripts and letter variants; per-country formats are only suggested (plateFormatHint).
 */
export const plateNumberSchema = z
  .string({ error: required('plateNumber') })
  .overwrite(tidyPlateInput)
  .min(1, required('plateNumber'))
  .max(LIMITS.plateMax, msg('maxLength', { fieldName: 'plateNumber', maxLength: LIMITS.plateMax }))
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ]*$/u, msg('lettersAndNumbers', { fieldName: 'plateNumber' }));

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
  // Identity (issue #28). Optional so that older clients and imports keep working: left out (undefined), an
  // edit keeps what is stored and a new vehicle has none; '' or null clears.
  vin: optionalVinSchema,
  trim: optionalVehicleText('trim'),
  /** Where the plate was issued (an emirate, a Moroccan prefecture code, a French department...): free text. */
  plateRegion: optionalVehicleText('plateRegion'),
  firstRegistrationDate: z
    .union([z.literal(''), z.null(), isoDateSchema('firstRegistrationDate')])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  /** Left out on a new vehicle: the shop's usual unit (its country, distance.ts defaultDistanceUnit). */
  distanceUnit: z.enum(DISTANCE_UNITS, { error: required('distanceUnit') }).optional(),
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
  vin: z.string().nullable(),
  trim: z.string().nullable(),
  plateRegion: z.string().nullable(),
  /** "YYYY-MM-DD" or null. */
  firstRegistrationDate: z.string().nullable(),
  distanceUnit: z.enum(DISTANCE_UNITS),
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
  /** The odometer when the car came in (km, null when not read), shown in the vehicle's unit. */
  odometerInKm: z.number().nullable(),
  distanceUnit: z.enum(DISTANCE_UNITS),
});
export type VisitSummary = z.infer<typeof visitSummarySchema>;
export const visitSummaryPageSchema = pageOf(visitSummarySchema);

/** What a VIN tells, decoded offline (vPIC data for North American models, the WMI elsewhere): vehicles.decodeVin. */
export const VIN_COVERAGES = ['full', 'maker-only', 'unknown'] as const;
/** The VIN in the path: normalised, refused with its rule's message (a wrong check digit is only reported). */
export const vinDecodeInputSchema = z.object({ vin: vinSchema });
export const vinDecodeResultSchema = z.object({
  vin: z.string(),
  /** The shape is right (17 characters, no I/O/Q); always true in an answer (a bad shape is a 400). */
  valid: z.boolean(),
  checkDigit: z.enum(['valid', 'invalid', 'not-applicable']),
  manufacturer: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  modelYear: z.number().nullable(),
  /** False when the year is read from a non-North-American VIN, where position 10 is the maker's choice. */
  modelYearCertain: z.boolean(),
  /** ISO 3166-1 alpha-2 of the WMI's country, or null when unknown. */
  country: z.string().nullable(),
  bodyClass: z.string().nullable(),
  fuelType: z.string().nullable(),
  engine: z.object({ displacementL: z.number().nullable(), cylinders: z.number().nullable(), model: z.string().nullable() }).nullable(),
  trim: z.string().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  /** full: make and model found; maker-only: the maker (and country, year) only; unknown: nothing known. */
  coverage: z.enum(VIN_COVERAGES),
});
export type VinDecodeResult = z.infer<typeof vinDecodeResultSchema>;
