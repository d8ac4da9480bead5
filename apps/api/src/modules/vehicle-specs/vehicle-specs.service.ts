// Spec cards (issue #28): one per vehicle, read and written by staff, read by the vehicle's owner. A card
// never saved reads as an empty card (every field null, updatedAt null), so the screens need no "missing"
// case. Writes change only the fields they carry (null clears one) and create the row on first save.
import type { Db, Prisma } from '@garage/db';
import {
  barToKpa,
  VEHICLE_SPEC_TEXT_FIELDS,
  listPartsSchema,
  litresToDl,
  oilGradeSearchKey,
  tyreSizeSearchKey,
  VEHICLE_SPEC_PART_FIELDS,
  type SuggestedPart,
  type VehicleSpecInputParsed,
  type VehicleSpecPartField,
  type VehicleSpecView,
  toVehicleSpecView,
} from '@garage/shared';
import { notFound } from '../../lib/errors.ts';
import { listParts } from '../parts/parts.service.ts';

/** The vehicle, if it exists (not deleted) and, with `ownerId`, belongs to that client: else 404. */
async function assertVehicle(db: Db, vehicleId: string, scope: { ownerId?: string }): Promise<void> {
  const vehicle = await db.vehicle.findFirst({
    where: { id: vehicleId, deletedAt: null, ...(scope.ownerId ? { ownerId: scope.ownerId, owner: { deletedAt: null } } : {}) },
    select: { id: true },
  });
  if (!vehicle) throw notFound('vehicle');
}

/** `ownerId` scopes the read to the client's own vehicles: another customer's vehicle answers 404. */
export async function getVehicleSpec(db: Db, vehicleId: string, scope: { ownerId?: string } = {}): Promise<VehicleSpecView> {
  await assertVehicle(db, vehicleId, scope);
  return toVehicleSpecView(vehicleId, await db.vehicleSpec.findUnique({ where: { vehicleId } }));
}

/** Only the fields present in the input: undefined is "left out" and keeps the stored value. */
function specData(input: VehicleSpecInputParsed): Prisma.VehicleSpecUncheckedUpdateInput {
  const data: Prisma.VehicleSpecUncheckedUpdateInput = {};
  // The text fields are copied as they come (null clears).
  for (const field of VEHICLE_SPEC_TEXT_FIELDS) {
    if (input[field] !== undefined) data[field] = input[field];
  }
  if (input.oilCapacityLitres !== undefined)
    data.oilCapacityDl = input.oilCapacityLitres === null ? null : litresToDl(input.oilCapacityLitres);
  if (input.tyrePressureFrontBar !== undefined) {
    data.tyrePressureFrontKpa = input.tyrePressureFrontBar === null ? null : barToKpa(input.tyrePressureFrontBar);
  }
  if (input.tyrePressureRearBar !== undefined) {
    data.tyrePressureRearKpa = input.tyrePressureRearBar === null ? null : barToKpa(input.tyrePressureRearBar);
  }
  return data;
}

export async function updateVehicleSpec(db: Db, vehicleId: string, input: VehicleSpecInputParsed): Promise<VehicleSpecView> {
  await assertVehicle(db, vehicleId, {});
  const data = specData(input);
  // One statement: two staff saving the first card at once both land (the second updates the first's row).
  const row = await db.vehicleSpec.upsert({
    where: { vehicleId },
    create: { ...(data as Prisma.VehicleSpecUncheckedCreateInput), vehicleId },
    update: data,
  });
  return toVehicleSpecView(vehicleId, row);
}

/** How many catalogue parts each reference may bring (a picker's short list, not a search page). */
const PARTS_PER_REFERENCE = 3;

/** What to search the catalogue for, per reference of the card: several forms where catalogues differ. */
function searchTermsOf(field: VehicleSpecPartField, value: string): string[] {
  if (field === 'oilGrade') {
    const key = oilGradeSearchKey(value);
    // "5W-30" and "5W30" both appear in oil names.
    return [...new Set([key, key.replace('-', '')])];
  }
  if (field === 'tyreSizeFront' || field === 'tyreSizeRear') return [tyreSizeSearchKey(value)];
  return [value.trim()];
}

/**
 * Parts of the catalogue that match the card's references (oil grade, filter references, tyre sizes), for the
 * part picker's "Suggested for this vehicle". Uses the parts module's own search (part number, name, brand,
 * whole barcode; archived parts left out), so a reference finds what typing it in the picker would find.
 * Each part appears once, under the first reference that found it. No card, or a card without references:
 * an empty list.
 */
export async function suggestPartsForVehicle(db: Db, vehicleId: string): Promise<SuggestedPart[]> {
  await assertVehicle(db, vehicleId, {});
  const spec = await db.vehicleSpec.findUnique({ where: { vehicleId } });
  if (!spec) return [];
  const suggestions: SuggestedPart[] = [];
  const seen = new Set<string>();
  const searched = new Set<string>();
  for (const field of VEHICLE_SPEC_PART_FIELDS) {
    const value = spec[field];
    if (!value?.trim()) continue;
    for (const search of searchTermsOf(field, value)) {
      // Front and rear tyres of the same size are one search.
      if (searched.has(search.toUpperCase())) continue;
      searched.add(search.toUpperCase());
      // Costs never travel here: the suggestion shows the selling price, as the picker does for employees.
      const page = await listParts(db, listPartsSchema.parse({ search, pageSize: 10 }), false);
      for (const part of page.items.slice(0, PARTS_PER_REFERENCE)) {
        if (seen.has(part.id)) continue;
        seen.add(part.id);
        suggestions.push({
          field,
          reference: search,
          part,
        });
      }
    }
  }
  return suggestions;
}
