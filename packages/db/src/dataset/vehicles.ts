// Dataset vehicles: spread over the given owners (every owner gets at least one when there are enough),
// with unique plates like "AB 123 CD", makes and models from names.ts. Deterministic for a given seed.
import { normalizePlate, type VEHICLE_TYPES } from '@garage/shared';
import type { Db } from '../client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { createRandom, seedId } from '../seed/ids.ts';
import { bulkInsert, type ColumnSpec } from './bulk-insert.ts';
import { DATASET_EPOCH } from './customers.ts';
import { BRAND_MODELS, COLORS, ENGINE_TYPES } from './names.ts';

export interface VehicleOptions {
  ownerIds: readonly string[];
  count?: number;
  seed?: number;
  batchSize?: number;
  until?: Date;
}

export interface GeneratedVehicle {
  id: string;
  ownerId: string;
  plateNumber: string;
  brand: string;
  model: string;
}

const LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';
const BRANDS = Object.keys(BRAND_MODELS) as (keyof typeof BRAND_MODELS)[];
const TWO_YEARS_MS = 2 * 365 * 24 * 3600_000;

function typeFor(brand: string, random: ReturnType<typeof createRandom>): (typeof VEHICLE_TYPES)[number] {
  if (brand === 'Yamaha') return 'MOTORCYCLE';
  if (brand === 'Iveco') return random.pick(['TRUCK', 'BUS'] as const);
  if (brand === 'Mercedes' || brand === 'Ford') return random.pick(['CAR', 'CAR', 'VAN', 'TRUCK'] as const);
  return random.chance(0.9) ? 'CAR' : 'VAN';
}

export function buildVehicles({
  ownerIds,
  count = 20_000,
  seed = 1,
  until = DATASET_EPOCH,
}: VehicleOptions): Prisma.VehicleCreateManyInput[] {
  if (ownerIds.length === 0) throw new Error('buildVehicles needs at least one owner');
  const random = createRandom(seed * 7919);
  const letters = () => `${random.pick([...LETTERS])}${random.pick([...LETTERS])}`;
  const plates = new Set<string>();
  const rows: Prisma.VehicleCreateManyInput[] = [];
  for (let index = 0; index < count; index++) {
    let plate: string;
    // Unique by key: V and Y (or M and Z) are one Arabic letter in the key (plates.ts), so "AV 123 BC" and
    // "AY 123 BC" are one plate.
    do plate = `${letters()} ${random.int(100, 999)} ${letters()}`;
    while (plates.has(normalizePlate(plate)));
    plates.add(normalizePlate(plate));
    const brand = random.pick(BRANDS);
    const latestKm = random.int(5_000, 250_000);
    const createdAt = new Date(until.getTime() - TWO_YEARS_MS + Math.floor((index / count) * TWO_YEARS_MS));
    rows.push({
      id: seedId(`dataset:${seed}:vehicle:${index}`),
      // The first pass gives every owner a vehicle; the rest go to random owners.
      ownerId: index < ownerIds.length ? ownerIds[index]! : random.pick(ownerIds),
      type: typeFor(brand, random),
      plateNumber: plate,
      plateNormalized: normalizePlate(plate),
      color: random.pick(COLORS),
      brand,
      model: random.pick(BRAND_MODELS[brand]),
      year: random.int(2000, until.getUTCFullYear()),
      engineType: brand === 'Yamaha' ? 'Petrol' : random.pick(ENGINE_TYPES),
      status: random.chance(0.92) ? 'ACTIVE' : random.pick(['IN_SERVICE', 'INACTIVE'] as const),
      latestKm,
      lastKmUpdate: new Date(until.getTime() - random.int(1, 365) * 24 * 3600_000),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}

const VEHICLE_COLUMNS: ColumnSpec<Prisma.VehicleCreateManyInput>[] = [
  ['id', 'uuid'],
  ['ownerId', 'uuid'],
  ['type', '"VehicleType"'],
  ['plateNumber', 'text'],
  ['plateNormalized', 'text'],
  ['color', 'text'],
  ['brand', 'text'],
  ['model', 'text'],
  ['year', 'int4'],
  ['engineType', 'text'],
  ['status', '"VehicleStatus"'],
  ['latestKm', 'int4'],
  ['lastKmUpdate', 'timestamp(3)'],
  ['createdAt', 'timestamp(3)'],
  ['updatedAt', 'timestamp(3)'],
];

export async function generateVehicles(db: Db, options: VehicleOptions): Promise<GeneratedVehicle[]> {
  const rows = buildVehicles(options);
  await bulkInsert(db, 'Vehicle', VEHICLE_COLUMNS, rows, options.batchSize);
  return rows.map((row) => ({ id: row.id!, ownerId: row.ownerId, plateNumber: row.plateNumber, brand: row.brand, model: row.model }));
}
