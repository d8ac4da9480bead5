// Fixtures for the task lines tests: catalogue parts with stock (received through the stock core, so the
// ledger explains it), labour rates, visits made by staff, and readers of the stored lines and movements.
import type { PartUnit, TaskInput } from '@garage/shared';
import { allocateBackorders, lockPart, recordMovement } from '../src/modules/stock/stock.service.ts';
import { testDb, uniqueSuffix } from './helpers.ts';
import { createCustomer, inDays, type signedIn } from './visits-fixtures.ts';

type Staff = Awaited<ReturnType<typeof signedIn>>;

export async function newPart(options: { onHand?: number; costCents?: number; priceCents?: number | null; unit?: PartUnit } = {}) {
  const part = await testDb().part.create({
    data: {
      partNumber: `TL-${uniqueSuffix()}`,
      name: `Brake pad set ${uniqueSuffix()}`,
      unit: options.unit ?? 'PIECE',
      costCents: options.costCents ?? 2_000,
      priceCents: options.priceCents === undefined ? 3_500 : options.priceCents,
    },
  });
  if (options.onHand) await receive(part.id, options.onHand, options.costCents ?? 2_000);
  return part;
}

/** Parts received at the counter: a RECEIVED movement, then waiting backorders are served. */
export async function receive(partId: string, quantity: number, unitCostCents = 2_000) {
  await testDb().$transaction(async (tx) => {
    const part = await lockPart(tx, partId);
    await recordMovement(tx, part, { kind: 'RECEIVED', quantityMilli: Math.round(quantity * 1000), unitCostCents });
    await allocateBackorders(tx, part);
  });
}

export async function newRate(rateCents = 6_000) {
  return testDb().labourRate.create({ data: { name: `Mechanical ${uniqueSuffix()}`, rateCents } });
}

/** A visit made by `staff` with the given tasks (default: one task priced the old way). */
export async function visitWith(staff: Staff, tasks: TaskInput[]) {
  const { customer, vehicle } = await createCustomer();
  return staff.caller.visits.create({ name: 'Lines visit', customerId: customer.id, vehicleId: vehicle.id, dueDate: inDays(3), tasks });
}

export const onHandOf = async (partId: string) => (await testDb().part.findUniqueOrThrow({ where: { id: partId } })).onHandMilli / 1000;

export const linesOf = (taskId: string) => testDb().taskLine.findMany({ where: { taskId }, orderBy: { position: 'asc' } });

export const movementsOf = (partId: string) =>
  testDb().stockMovement.findMany({ where: { partId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });

/** The stock state of each catalogue part line of a task, in line order. */
export const stockOf = async (taskId: string) => (await linesOf(taskId)).filter((line) => line.partId).map((line) => line.stock);
