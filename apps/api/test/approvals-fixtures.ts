// Fixtures for the client-portal and estimate-approval tests: a customer who can sign in (tRPC caller and
// REST header), a visit created by staff, and proposals added through the staff API.
import type { TaskInput } from '@garage/shared';
import { signAccessToken } from '../src/session/session.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { TEST_JWT_SECRET, testDeps } from './helpers.ts';
import { createCustomer, inDays, type signedIn, task } from './visits-fixtures.ts';

export type Staff = Awaited<ReturnType<typeof signedIn>>;

/** A CLIENT with a vehicle, signed in for both transports. */
export async function signedInCustomer() {
  const { customer, vehicle } = await createCustomer();
  const session = { userId: customer.id, roles: ['CLIENT' as const] };
  const caller = createCaller(createContextInner(testDeps(), session));
  const authHeader = { authorization: `Bearer ${signAccessToken(session, TEST_JWT_SECRET)}` };
  return { customer, vehicle, caller, authHeader };
}
export type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

export async function visitFor(
  staff: Staff,
  owner: Customer,
  tasks: TaskInput[] = [task({ title: 'Oil service', soldForCents: 10_000, costCents: 6_000 })],
) {
  return staff.caller.visits.create({
    name: 'Portal visit',
    customerId: owner.customer.id,
    vehicleId: owner.vehicle.id,
    dueDate: inDays(2),
    tasks,
  });
}

export async function propose(staff: Staff, visitId: string, overrides: Partial<TaskInput> = {}) {
  return staff.caller.tasks.create({
    ...task({ title: 'Replace wiper blades', soldForCents: 3_000, costCents: 1_000, ...overrides }),
    id: visitId,
    proposed: true,
  });
}

/** Every key anywhere in a JSON value (to prove a field is never sent). */
export function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      into.add(key);
      keysOf(child, into);
    }
  }
  return into;
}
