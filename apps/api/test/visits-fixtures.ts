// Fixtures for the visits, tasks and payments tests: customers with a vehicle, staff callers for tRPC and
// REST, and visits written straight to the database with chosen derived state (for filter/sort tests).
import type { Prisma } from '@garage/db';
import { addDays, calendarDateIn, dueDateValue, normalizePlate, type Role, type TaskInput } from '@garage/shared';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { createTestUser, testDb, testDeps, uniqueSuffix } from './helpers.ts';

export async function createCustomer(names: { firstName?: string; lastName?: string } = {}) {
  const suffix = uniqueSuffix();
  const customer = await testDb().user.create({
    data: {
      firstName: names.firstName ?? 'Nadia',
      lastName: names.lastName ?? `Customer ${suffix}`,
      username: `cust_${suffix}`,
      role: 'CLIENT',
    },
  });
  const vehicle = await createVehicle(customer.id);
  return { customer, vehicle };
}

export async function createVehicle(ownerId: string) {
  const plate = `V${uniqueSuffix()}`.toUpperCase();
  return testDb().vehicle.create({
    data: {
      ownerId,
      type: 'CAR',
      plateNumber: plate,
      plateNormalized: normalizePlate(plate),
      color: 'Red',
      brand: 'Toyota',
      model: 'Corolla',
      year: 2020,
      engineType: 'Petrol',
    },
  });
}

/** A signed-in caller for both transports: tRPC (createCaller) and REST (authorization header). */
export async function signedIn(role: Role = 'EMPLOYEE') {
  const { user, authHeader } = await createTestUser(role);
  const caller = createCaller(createContextInner(testDeps(), { userId: user.id, roles: [role] }));
  return { user, authHeader, caller };
}

export const today = (timeZone = 'UTC') => calendarDateIn(new Date(), timeZone);
export const inDays = (days: number) => addDays(today(), days);

export const task = (overrides: Partial<TaskInput> = {}): TaskInput => ({
  title: 'Brake pads',
  service: 'REPAIR',
  priority: 'HIGH',
  costCents: 4_000,
  soldForCents: 10_000,
  ...overrides,
});

/** A visit with chosen derived columns, written directly (no service): the fixture set for list tests. */
export async function insertVisit(
  ids: { customerId: string; vehicleId: string },
  state: Partial<
    Pick<Prisma.VisitUncheckedCreateInput, 'status' | 'paymentStatus' | 'totalCostCents' | 'paidCents' | 'createdAt' | 'name'>
  > & { dueInDays: number },
) {
  const { dueInDays, ...columns } = state;
  const visit = await testDb().visit.create({
    data: {
      name: columns.name ?? `Visit ${uniqueSuffix()}`,
      customerId: ids.customerId,
      vehicleId: ids.vehicleId,
      dueDate: dueDateValue(inDays(dueInDays)),
      ...columns,
      tasks: { create: [{ title: 'Fixture task', service: 'INSPECTION', soldForCents: columns.totalCostCents || 1 }] },
    },
  });
  return visit.id;
}
