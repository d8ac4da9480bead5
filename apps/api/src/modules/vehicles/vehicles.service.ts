// Vehicles of a user: list, read, create, update, delete. Plates are unique in the shop after normalising
// case and spaces (Vehicle.plateNormalized); a clash is a 409 on plateNumber. A VIN (normalised by vinSchema)
// is unique too: a clash is a 409 on vin. The identity fields added later (VIN, trim, plate region, first
// registration, distance unit) are optional in the input: left out, an edit keeps them (older clients).
import { Prisma, type Db, type FileStorage } from '@garage/db';
import {
  defaultDistanceUnit,
  normalizePlate,
  VEHICLE_MESSAGES,
  type DeleteResult,
  type VehicleDetail,
  type VehicleInputParsed,
  type VehicleView,
} from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import { readShopCountry } from '../merchant/shop-country.ts';
import { attachImage, PICTURE_SECTIONS, removeStoredFiles } from '../uploads/uploads.service.ts';
import { uniqueViolationFields, violates } from '../../lib/unique-violation.ts';
import { toVehicleDetail, toVehicleView, vehicleDetailSelect, vehicleSelect } from './vehicles.view.ts';

const plateTaken = () => new AppError('CONFLICT', 'vehicles.plateTaken', { field: 'plateNumber' });
const vinTaken = () => new AppError('CONFLICT', 'vehicles.vinTaken', { field: 'vin' });

async function assertOwnerExists(db: Db, ownerId: string): Promise<void> {
  const owner = await db.user.findFirst({ where: { id: ownerId, deletedAt: null }, select: { id: true } });
  if (!owner) throw notFound('user');
}

export async function listVehiclesOfOwner(db: Db, ownerId: string): Promise<VehicleView[]> {
  await assertOwnerExists(db, ownerId);
  const rows = await db.vehicle.findMany({
    where: { ownerId, deletedAt: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: vehicleSelect,
  });
  return rows.map(toVehicleView);
}

/** `ownerId` scopes the read to one owner (the client area): another owner's vehicle looks like not found. */
export async function getVehicle(db: Db, id: string, scope: { ownerId?: string } = {}): Promise<VehicleDetail> {
  const row = await db.vehicle.findFirst({
    where: { id, deletedAt: null, owner: { deletedAt: null }, ...(scope.ownerId ? { ownerId: scope.ownerId } : {}) },
    select: vehicleDetailSelect,
  });
  if (!row) throw notFound('vehicle');
  return toVehicleDetail(row);
}

function vehicleData(input: VehicleInputParsed) {
  return {
    type: input.type,
    plateNumber: input.plateNumber.replace(/\s+/g, ' '),
    plateNormalized: normalizePlate(input.plateNumber),
    color: input.color,
    brand: input.brand,
    model: input.model,
    year: input.year,
    engineType: input.engineType,
    status: input.status,
    imageUrl: input.imageUrl ?? null,
  };
}

/** The identity fields the input carries; undefined ones are left out so that an edit keeps them. */
function identityData(input: VehicleInputParsed) {
  const { vin, trim, plateRegion, firstRegistrationDate, distanceUnit } = input;
  return {
    ...(vin !== undefined ? { vin } : {}),
    ...(trim !== undefined ? { trim } : {}),
    ...(plateRegion !== undefined ? { plateRegion } : {}),
    ...(firstRegistrationDate !== undefined
      ? { firstRegistrationDate: firstRegistrationDate ? new Date(`${firstRegistrationDate}T00:00:00Z`) : null }
      : {}),
    ...(distanceUnit !== undefined ? { distanceUnit } : {}),
  };
}

/** A new vehicle's unit when the form names none: miles where the shop's country drives in miles (GB, US…). */
async function shopDistanceUnit(db: Db) {
  return defaultDistanceUnit(await readShopCountry(db));
}

async function assertVinFree(db: Db, vin: string | null | undefined, exceptId?: string): Promise<void> {
  if (!vin) return;
  const clash = await db.vehicle.findFirst({ where: { vin, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (clash) throw vinTaken();
}

async function assertPlateFree(db: Db, plateNormalized: string, exceptId?: string): Promise<void> {
  const clash = await db.vehicle.findFirst({
    where: { plateNormalized, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw plateTaken();
}

async function withPlateConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const fields = uniqueViolationFields(error);
    if (fields && violates(fields, 'vin')) throw vinTaken();
    if (fields) throw plateTaken();
    throw error;
  }
}

export async function createVehicle(db: Db, ownerId: string, input: VehicleInputParsed): Promise<VehicleDetail> {
  await assertOwnerExists(db, ownerId);
  const data = vehicleData(input);
  const identity = identityData(input);
  await assertPlateFree(db, data.plateNormalized);
  await assertVinFree(db, identity.vin);
  const distanceUnit = identity.distanceUnit ?? (await shopDistanceUnit(db));
  const { id } = await withPlateConflict(() =>
    db.$transaction(async (tx) => {
      const vehicle = await tx.vehicle.create({ data: { ...data, ...identity, distanceUnit, ownerId }, select: { id: true } });
      await attachImage(tx, data.imageUrl, { ownerId, vehicleId: vehicle.id });
      return vehicle;
    }),
  );
  return getVehicle(db, id);
}

export async function updateVehicle(db: Db, id: string, input: VehicleInputParsed): Promise<VehicleDetail> {
  const existing = await getVehicle(db, id);
  // The picture is optional in the form: left out, it stays (null or '' removes it). Every other field is
  // required, so an edit is a full replacement that refuses a missing field.
  const { imageUrl, ...fields } = vehicleData(input);
  const identity = identityData(input);
  const data = { ...(input.imageUrl === undefined ? fields : { ...fields, imageUrl }), ...identity };
  await assertPlateFree(db, data.plateNormalized, id);
  await assertVinFree(db, identity.vin, id);
  await withPlateConflict(() =>
    db.$transaction(async (tx) => {
      await tx.vehicle.update({ where: { id }, data });
      await attachImage(tx, imageUrl, { ownerId: existing.ownerId, vehicleId: id });
    }),
  );
  return getVehicle(db, id);
}

/** A vehicle with visits, oil changes or media is hidden (soft delete) so its history stays; else erased. */
export async function deleteVehicle(db: Db, storage: FileStorage, id: string): Promise<DeleteResult> {
  await getVehicle(db, id);
  const [visits, oilChanges, media] = await Promise.all([
    db.visit.count({ where: { vehicleId: id } }),
    db.oilChange.count({ where: { vehicleId: id } }),
    db.mediaFile.count({ where: { vehicleId: id, section: { notIn: [...PICTURE_SECTIONS] } } }),
  ]);
  const softDelete = async (): Promise<DeleteResult> => {
    await db.vehicle.update({ where: { id }, data: { deletedAt: new Date() } });
    return { outcome: 'deactivated', message: VEHICLE_MESSAGES.hiddenInstead };
  };
  if (visits + oilChanges + media > 0) return softDelete();
  try {
    const keys = await db.$transaction(async (tx) => {
      const pictures = await tx.mediaFile.findMany({ where: { vehicleId: id }, select: { id: true, storageKey: true } });
      await tx.mediaFile.deleteMany({ where: { id: { in: pictures.map((picture) => picture.id) } } });
      await tx.vehicle.delete({ where: { id } });
      return pictures.map((picture) => picture.storageKey);
    });
    await removeStoredFiles(storage, keys);
    return { outcome: 'deleted', message: VEHICLE_MESSAGES.deleted };
  } catch (error) {
    // History recorded between the check and the delete: the RESTRICT foreign keys refuse; keep it hidden.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') return softDelete();
    throw error;
  }
}
