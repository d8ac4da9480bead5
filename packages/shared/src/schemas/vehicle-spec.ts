// The spec card of a vehicle (issue #28): oil, filters, tyres, wipers, battery and plugs, what staff look up
// before servicing a car. Every field is optional. An update changes only the fields it carries: null (or an
// empty text) clears one, a field left out stays as it was. Litres and bar travel with one decimal; the
// database keeps them as integers (decilitres, kPa: packages/db/prisma/schema.prisma VehicleSpec).
import { z } from 'zod';
import { msg } from '../messages.ts';
import { partViewSchema } from './inventory.ts';

export const VEHICLE_SPEC_LIMITS = {
  oilGradeMax: 40,
  referenceMax: 50,
  tyreSizeMax: 30,
  wiperMax: 20,
  batteryMax: 50,
  sparkPlugsMax: 50,
  notesMax: 2000,
  /** Litres of engine oil: a scooter takes under 1, a truck engine 40. */
  oilCapacityMinLitres: 0.1,
  oilCapacityMaxLitres: 60,
  /** Cold tyre pressure, bar: bicycles aside, 0.5 (a tractor) to 10 (a van's twin rear tyres). */
  tyrePressureMinBar: 0.5,
  tyrePressureMaxBar: 10,
} as const;

/** The text fields of a card, in the order the card and the job sheet show them. */
export const VEHICLE_SPEC_TEXT_FIELDS = [
  'oilGrade',
  'oilFilterRef',
  'airFilterRef',
  'cabinFilterRef',
  'fuelFilterRef',
  'tyreSizeFront',
  'tyreSizeRear',
  'wiperDriver',
  'wiperPassenger',
  'wiperRear',
  'battery',
  'sparkPlugs',
  'notes',
] as const;
export type VehicleSpecTextField = (typeof VEHICLE_SPEC_TEXT_FIELDS)[number];

/** The card's references looked up in the parts catalogue (vehicleSpecs.suggestedParts), in this order. */
export const VEHICLE_SPEC_PART_FIELDS = [
  'oilGrade',
  'oilFilterRef',
  'airFilterRef',
  'cabinFilterRef',
  'fuelFilterRef',
  'tyreSizeFront',
  'tyreSizeRear',
] as const;
export type VehicleSpecPartField = (typeof VEHICLE_SPEC_PART_FIELDS)[number];

/** Optional trimmed text: "" and null clear the field, undefined leaves it as it was. */
const optionalText = (fieldName: string, maxLength: number) =>
  z
    .string({ error: msg('invalid', { fieldName }) })
    .trim()
    .max(maxLength, msg('maxLength', { fieldName, maxLength }))
    .transform((value) => (value === '' ? null : value))
    .nullish();

/** A number with at most one decimal within [min, max]: litres and bar as typed ("4.5", "2.3"). */
const oneDecimal = (fieldName: string, minValue: number, maxValue: number) =>
  z
    .number({ error: msg('number', { fieldName }) })
    .min(minValue, msg('minValue', { fieldName, minValue }))
    .max(maxValue, msg('maxValue', { fieldName, maxValue }))
    // 4.5 * 10 is 45 exactly; 4.55 is not a tenth (float noise tolerated by the rounding check).
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, { error: msg('format', { fieldName }) })
    .nullish();

export const vehicleSpecInputSchema = z.object({
  oilGrade: optionalText('oilGrade', VEHICLE_SPEC_LIMITS.oilGradeMax),
  oilCapacityLitres: oneDecimal('oilCapacity', VEHICLE_SPEC_LIMITS.oilCapacityMinLitres, VEHICLE_SPEC_LIMITS.oilCapacityMaxLitres),
  oilFilterRef: optionalText('oilFilterRef', VEHICLE_SPEC_LIMITS.referenceMax),
  airFilterRef: optionalText('airFilterRef', VEHICLE_SPEC_LIMITS.referenceMax),
  cabinFilterRef: optionalText('cabinFilterRef', VEHICLE_SPEC_LIMITS.referenceMax),
  fuelFilterRef: optionalText('fuelFilterRef', VEHICLE_SPEC_LIMITS.referenceMax),
  tyreSizeFront: optionalText('tyreSizeFront', VEHICLE_SPEC_LIMITS.tyreSizeMax),
  tyreSizeRear: optionalText('tyreSizeRear', VEHICLE_SPEC_LIMITS.tyreSizeMax),
  tyrePressureFrontBar: oneDecimal('tyrePressureFront', VEHICLE_SPEC_LIMITS.tyrePressureMinBar, VEHICLE_SPEC_LIMITS.tyrePressureMaxBar),
  tyrePressureRearBar: oneDecimal('tyrePressureRear', VEHICLE_SPEC_LIMITS.tyrePressureMinBar, VEHICLE_SPEC_LIMITS.tyrePressureMaxBar),
  wiperDriver: optionalText('wiperDriver', VEHICLE_SPEC_LIMITS.wiperMax),
  wiperPassenger: optionalText('wiperPassenger', VEHICLE_SPEC_LIMITS.wiperMax),
  wiperRear: optionalText('wiperRear', VEHICLE_SPEC_LIMITS.wiperMax),
  battery: optionalText('battery', VEHICLE_SPEC_LIMITS.batteryMax),
  sparkPlugs: optionalText('sparkPlugs', VEHICLE_SPEC_LIMITS.sparkPlugsMax),
  notes: optionalText('notes', VEHICLE_SPEC_LIMITS.notesMax),
});
export type VehicleSpecInput = z.input<typeof vehicleSpecInputSchema>;
export type VehicleSpecInputParsed = z.output<typeof vehicleSpecInputSchema>;

/** PUT /vehicles/:id/spec: the body is `data`. */
export const updateVehicleSpecSchema = z.object({ vehicleId: z.uuid(), data: vehicleSpecInputSchema });
export const vehicleSpecOfVehicleSchema = z.object({ vehicleId: z.uuid() });

export const vehicleSpecViewSchema = z.object({
  vehicleId: z.string(),
  oilGrade: z.string().nullable(),
  oilCapacityLitres: z.number().nullable(),
  oilFilterRef: z.string().nullable(),
  airFilterRef: z.string().nullable(),
  cabinFilterRef: z.string().nullable(),
  fuelFilterRef: z.string().nullable(),
  tyreSizeFront: z.string().nullable(),
  tyreSizeRear: z.string().nullable(),
  tyrePressureFrontBar: z.number().nullable(),
  tyrePressureRearBar: z.number().nullable(),
  wiperDriver: z.string().nullable(),
  wiperPassenger: z.string().nullable(),
  wiperRear: z.string().nullable(),
  battery: z.string().nullable(),
  sparkPlugs: z.string().nullable(),
  notes: z.string().nullable(),
  /** Null while the card was never saved (every field null too): the web offers "Fill from VIN" then. */
  updatedAt: z.string().nullable(),
});
export type VehicleSpecView = z.infer<typeof vehicleSpecViewSchema>;

/** A catalogue part matching one of the card's references (the part picker's "Suggested for this vehicle"). */
export const suggestedPartSchema = z.object({
  /** Which reference of the card it matched. */
  field: z.enum(VEHICLE_SPEC_PART_FIELDS),
  /** The text searched for (the card's value, reduced to what a catalogue name carries: "205/55 R16"). */
  reference: z.string(),
  /** The part as the picker lists it (costs null: suggestions never carry them). */
  part: partViewSchema,
});
export type SuggestedPart = z.infer<typeof suggestedPartSchema>;
export const suggestedPartListSchema = z.array(suggestedPartSchema);

// ─── Pure helpers (web form, job sheet, suggestions) ────────────────────────────────────────────────────

export const PSI_PER_BAR = 14.5038;

/** 2.3 bar → 33 psi (whole psi, as gauges in miles countries show them). */
export const barToPsi = (bar: number) => Math.round(bar * PSI_PER_BAR);

/** Storage units: 4.5 L ↔ 45 dl; 2.3 bar ↔ 230 kPa. */
export const litresToDl = (litres: number) => Math.round(litres * 10);
export const dlToLitres = (decilitres: number) => decilitres / 10;
export const barToKpa = (bar: number) => Math.round(bar * 100);
export const kpaToBar = (kpa: number) => Math.round(kpa / 10) / 10;

/** A VehicleSpec row as stored (decilitres, kPa), or null for a card never saved. */
export interface StoredVehicleSpec {
  oilGrade: string | null;
  oilCapacityDl: number | null;
  oilFilterRef: string | null;
  airFilterRef: string | null;
  cabinFilterRef: string | null;
  fuelFilterRef: string | null;
  tyreSizeFront: string | null;
  tyreSizeRear: string | null;
  tyrePressureFrontKpa: number | null;
  tyrePressureRearKpa: number | null;
  wiperDriver: string | null;
  wiperPassenger: string | null;
  wiperRear: string | null;
  battery: string | null;
  sparkPlugs: string | null;
  notes: string | null;
  updatedAt: Date;
}

/** The card as the API answers it: litres and bar with one decimal; a card never saved has every field null. */
export function toVehicleSpecView(vehicleId: string, row: StoredVehicleSpec | null): VehicleSpecView {
  const tenths = (value: number | null, divide: (value: number) => number) => (value === null ? null : divide(value));
  return {
    vehicleId,
    oilGrade: row?.oilGrade ?? null,
    oilCapacityLitres: tenths(row?.oilCapacityDl ?? null, dlToLitres),
    oilFilterRef: row?.oilFilterRef ?? null,
    airFilterRef: row?.airFilterRef ?? null,
    cabinFilterRef: row?.cabinFilterRef ?? null,
    fuelFilterRef: row?.fuelFilterRef ?? null,
    tyreSizeFront: row?.tyreSizeFront ?? null,
    tyreSizeRear: row?.tyreSizeRear ?? null,
    tyrePressureFrontBar: tenths(row?.tyrePressureFrontKpa ?? null, kpaToBar),
    tyrePressureRearBar: tenths(row?.tyrePressureRearKpa ?? null, kpaToBar),
    wiperDriver: row?.wiperDriver ?? null,
    wiperPassenger: row?.wiperPassenger ?? null,
    wiperRear: row?.wiperRear ?? null,
    battery: row?.battery ?? null,
    sparkPlugs: row?.sparkPlugs ?? null,
    notes: row?.notes ?? null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/**
 * "205/55 R16 91V", "225/45ZR17", "195/65 R15 C": the ETRTO metric size. Suggested, not enforced: the form shows a
 * hint when a size does not look like this (LT and inch sizes "31x10.50R15" exist too).
 */
export const TYRE_SIZE_PATTERN = /^\d{3}\s*\/\s*\d{2}\s*Z?R\s*\d{2}(?:\.\d)?(?:\s+[\d/]{2,7}\s*[A-Z]{1,2})?(?:\s+[A-Z]+)?$/i;
export const looksLikeTyreSize = (text: string) => TYRE_SIZE_PATTERN.test(text.trim());

/** What a part's name carries of a tyre size: "205/55 R16" of "205/55 R16 91V" (load and speed left out). */
export function tyreSizeSearchKey(size: string): string {
  const match = /(\d{3})\s*\/\s*(\d{2})\s*Z?R\s*(\d{2}(?:\.\d)?)/i.exec(size);
  return match ? `${match[1]}/${match[2]} R${match[3]}` : size.trim();
}

/** What a part's name carries of an oil grade: "5W-30" of "5W-30 ACEA C3" (the viscosity, the first word). */
export function oilGradeSearchKey(grade: string): string {
  const match = /\b(\d{1,2}W\s*-?\s*\d{2})\b/i.exec(grade);
  return match ? match[1]!.replace(/\s+/g, '').toUpperCase() : grade.trim();
}
