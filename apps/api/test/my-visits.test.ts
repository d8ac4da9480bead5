// The client area's visit and task reads: only the caller's own rows, a foreign id answers exactly like a
// missing one, and the shop's internal cost never leaves the API.
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb } from './helpers.ts';
import { keysOf, propose, signedInCustomer, visitFor, type Customer, type Staff } from './approvals-fixtures.ts';
import { signedIn, task } from './visits-fixtures.ts';

let app: App;
let staff: Staff;
let alice: Customer;
let bob: Customer;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
  [alice, bob] = await Promise.all([signedInCustomer(), signedInCustomer()]);
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

async function trpcError(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}

describe('my visit', () => {
  it('shows tasks with sold-for prices, totals, payments and balance, never the internal cost', async () => {
    const visit = await visitFor(staff, alice, [
      task({ title: 'Brakes', soldForCents: 20_000, costCents: 9_000 }),
      task({ title: 'Tyres', soldForCents: 30_000, costCents: 25_000 }),
    ]);
    await staff.caller.payments.create({ id: visit.id, data: { amountCents: 15_000, method: 'CASH' } });
    await staff.caller.payments.create({ id: visit.id, data: { amountCents: 1_000, method: 'CREDIT_CARD', status: 'FAILED' } });
    // A record marked deleted stays in the database for the audit trail but is not the customer's business.
    await testDb().payment.create({ data: { visitId: visit.id, amountCents: 2_000, method: 'CASH', status: 'DELETED' } });

    const response = await get(`/backend/my/visits/${visit.id}`, alice.authHeader);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: visit.id,
      name: 'Portal visit',
      totalCostCents: 50_000,
      paidCents: 15_000,
      balanceCents: 35_000,
      paymentStatus: 'PARTIALLY_PAID',
      open: true,
    });
    expect(body.tasks.map((t: { title: string; soldForCents: number }) => [t.title, t.soldForCents])).toEqual([
      ['Brakes', 20_000],
      ['Tyres', 30_000],
    ]);
    expect(body.payments.map((p: { status: string; amountCents: number }) => [p.status, p.amountCents])).toEqual([
      ['SUCCESS', 15_000],
      ['FAILED', 1_000],
    ]);
    expect(body.payments.some((p: { status: string }) => p.status === 'DELETED')).toBe(false);
    expect(keysOf(body).has('costCents')).toBe(false);
    expect(JSON.stringify(body)).not.toContain('9000');

    const viaTrpc = await alice.caller.myVisits.get({ id: visit.id, vehicleId: alice.vehicle.id });
    expect(viaTrpc.totalCostCents).toBe(50_000);
    expect(keysOf(viaTrpc).has('costCents')).toBe(false);

    const taskResponse = await get(`/backend/my/tasks/${visit.tasks[0]!.id}`, alice.authHeader);
    expect(taskResponse.statusCode).toBe(200);
    expect(taskResponse.json()).toMatchObject({
      title: 'Brakes',
      soldForCents: 20_000,
      visit: { id: visit.id, vehicleId: alice.vehicle.id, open: true },
    });
    expect(keysOf(taskResponse.json()).has('costCents')).toBe(false);
    const viaTrpcTask = await alice.caller.myVisits.task({ id: visit.tasks[1]!.id, visitId: visit.id, vehicleId: alice.vehicle.id });
    expect(keysOf(viaTrpcTask).has('costCents')).toBe(false);
  });

  it('marks proposals waiting for a decision and keeps them out of the total', async () => {
    const visit = await visitFor(staff, alice);
    await propose(staff, visit.id, { soldForCents: 4_500 });
    const mine = await alice.caller.myVisits.get({ id: visit.id });
    expect(mine.totalCostCents).toBe(10_000);
    expect(mine.pendingProposalCents).toBe(4_500);
    expect(mine.tasks.map((t) => t.awaitingDecision)).toEqual([false, true]);
    expect(mine.tasks[1]!.approval).toMatchObject({ state: 'PENDING', decidedAt: null });
    // The vehicle's visit list flags it (client area and staff pages share the summary).
    const list = await alice.caller.myVehicles.visits({ id: alice.vehicle.id, pageSize: 50 });
    expect(list.items.find((item) => item.id === visit.id)?.awaitingApproval).toBe(1);
  });
});

describe('a foreign id answers exactly like a missing one', () => {
  it('visit and task, REST and tRPC', async () => {
    const bobsVisit = await visitFor(staff, bob);
    const bobsTask = bobsVisit.tasks[0]!.id;
    const [foreignVisit, missingVisit, foreignTask, missingTask] = await Promise.all([
      get(`/backend/my/visits/${bobsVisit.id}`, alice.authHeader),
      get(`/backend/my/visits/${randomUUID()}`, alice.authHeader),
      get(`/backend/my/tasks/${bobsTask}`, alice.authHeader),
      get(`/backend/my/tasks/${randomUUID()}`, alice.authHeader),
    ]);
    expect(foreignVisit.statusCode).toBe(404);
    expect(foreignVisit.body).toBe(missingVisit.body);
    expect(foreignTask.statusCode).toBe(404);
    expect(foreignTask.body).toBe(missingTask.body);

    expect(await trpcError(alice.caller.myVisits.get({ id: bobsVisit.id }))).toEqual(
      await trpcError(alice.caller.myVisits.get({ id: randomUUID() })),
    );
    expect(await trpcError(alice.caller.myVisits.task({ id: bobsTask }))).toEqual(
      await trpcError(alice.caller.myVisits.task({ id: randomUUID() })),
    );
    // The owner still reads it.
    expect((await get(`/backend/my/visits/${bobsVisit.id}`, bob.authHeader)).statusCode).toBe(200);
  });

  it('a visit opened under another vehicle of the URL is not found', async () => {
    const visit = await visitFor(staff, alice);
    const error = await trpcError(alice.caller.myVisits.get({ id: visit.id, vehicleId: bob.vehicle.id }));
    expect(error.code).toBe('NOT_FOUND');
    expect((await trpcError(alice.caller.myVisits.task({ id: visit.tasks[0]!.id, visitId: randomUUID() }))).code).toBe('NOT_FOUND');
  });

  it("another client's vehicle: its visits and oil history are 404 like its own page, not an empty list", async () => {
    await visitFor(staff, bob);
    for (const suffix of ['', '/visits', '/oil-changes']) {
      const [foreign, missing, own] = await Promise.all([
        get(`/backend/my/vehicles/${bob.vehicle.id}${suffix}`, alice.authHeader),
        get(`/backend/my/vehicles/${randomUUID()}${suffix}`, alice.authHeader),
        get(`/backend/my/vehicles/${alice.vehicle.id}${suffix}`, alice.authHeader),
      ]);
      expect(foreign.statusCode, suffix).toBe(404);
      expect(foreign.body, suffix).toBe(missing.body);
      expect(own.statusCode, suffix).toBe(200);
    }
    expect(await trpcError(alice.caller.myVehicles.visits({ id: bob.vehicle.id }))).toEqual(
      await trpcError(alice.caller.myVehicles.visits({ id: randomUUID() })),
    );
    const own = await bob.caller.myVehicles.visits({ id: bob.vehicle.id });
    expect(own.total).toBeGreaterThan(0);
  });

  it('staff are refused the client routes (403) and anonymous callers (401)', async () => {
    const visit = await visitFor(staff, alice);
    expect((await get(`/backend/my/visits/${visit.id}`, staff.authHeader)).statusCode).toBe(403);
    expect((await get(`/backend/my/visits/${visit.id}`, {})).statusCode).toBe(401);
    expect((await get(`/backend/my/tasks/${visit.tasks[0]!.id}`, {})).statusCode).toBe(401);
    expect((await trpcError(staff.caller.myVisits.get({ id: visit.id }))).code).toBe('FORBIDDEN');
  });
});
