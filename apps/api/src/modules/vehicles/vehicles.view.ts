// What the API returns for a vehicle, with its oil status from the latest oil change.
import type { Prisma } from '@garage/db';
import { oilDueInKm, type VehicleDetail, type VehicleView } from '@garage/shared';

export const vehicleSelect = {
  id: true,
  ownerId: true,
  type: true,
  plateNumber: true,
  color: true,
  brand: true,
  model: true,
  year: true,
  engineType: true,
  status: true,
  imageUrl: true,
  vin: true,
  trim: true,
  plateRegion: true,
  firstRegistrationDate: true,
  distanceUnit: true,
  latestKm: true,
  lastKmUpdate: true,
  createdAt: true,
  updatedAt: true,
  oilChanges: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 1, select: { nextChangeKm: true } },
} satisfies Prisma.VehicleSelect;

export const vehicleDetailSelect = {
  ...vehicleSelect,
  owner: { select: { id: true, firstName: true, lastName: true, username: true, imageUrl: true } },
} satisfies Prisma.VehicleSelect;

type VehicleRow = Prisma.VehicleGetPayload<{ select: typeof vehicleSelect }>;
type VehicleDetailRow = Prisma.VehicleGetPayload<{ select: typeof vehicleDetailSelect }>;

export function toVehicleView({
  oilChanges,
  lastKmUpdate,
  firstRegistrationDate,
  createdAt,
  updatedAt,
  ...vehicle
}: VehicleRow): VehicleView {
  const nextOilChangeKm = oilChanges[0]?.nextChangeKm ?? null;
  return {
    ...vehicle,
    // A DATE column: the calendar day as stored, whatever the server's time zone.
    firstRegistrationDate: firstRegistrationDate?.toISOString().slice(0, 10) ?? null,
    lastKmUpdate: lastKmUpdate?.toISOString() ?? null,
    nextOilChangeKm,
    oilDueInKm: oilDueInKm(vehicle.latestKm, nextOilChangeKm),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

export function toVehicleDetail({ owner, ...row }: VehicleDetailRow): VehicleDetail {
  return { ...toVehicleView(row), owner };
}
