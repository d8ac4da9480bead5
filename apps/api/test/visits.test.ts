import { MESSAGES } from '@garage/shared';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb } from './helpers.ts';
import { createCustomer, createVehicle, inDays, signedIn, task } from './visits-fixtures.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

async function postVisit(body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/backend/visits', headers: staff.authHeader, payload: body });
}

describe('creating a visit', () => {
  it('computes the total from the sold-for prices and ignores a total sent by the client', async () => {
    const { customer, vehicle } = await createCustomer();
    const response = await postVisit({
      name: 'Brakes and oil',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(2),
      totalCostCents: 1,
      tasks: [task({ soldForCents: 12_000 }), task({ title: 'Oil change', service: 'MAINTENANCE', soldForCents: 8_950 })],
    });
    expect(response.statusCode).toBe(201);
    const visit = response.json();
    expect(visit).toMatchObject({
      totalCostCents: 20_950,
      paidCents: 0,
      balanceCents: 20_950,
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      version: 1,
      taskCount: 2,
    });
    expect(visit.tasks.map((t: { status: string }) => t.status)).toEqual(['PENDING', 'PENDING']);
    const stored = await testDb().visit.findUniqueOrThrow({ where: { id: visit.id } });
    expect(stored.totalCostCents).toBe(20_950);
  });

  it('answers the same through tRPC', async () => {
    const { customer, vehicle } = await createCustomer();
    const visit = await staff.caller.visits.create({
      name: 'Inspection',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(0),
      tasks: [task({ soldForCents: 4_500 })],
    });
    expect(visit).toMatchObject({ totalCostCents: 4_500, status: 'PENDING', customer: { id: customer.id }, vehicle: { id: vehicle.id } });
    expect(await staff.caller.visits.get({ id: visit.id })).toEqual(visit);
  });

  it.each([
    ['a name of 2 characters', { name: 'ab' }, 'name', 'Name must be at least 3 characters long'],
    ['no task', { tasks: [] }, 'tasks', 'Add at least one task'],
    ['no customer', { customerId: '' }, 'customerId', 'Customer is required'],
    ['no vehicle', { vehicleId: undefined }, 'vehicleId', 'Vehicle is required'],
    ['a due date yesterday', { dueDate: inDays(-1) }, 'dueDate', 'Due date must be today or a future date'],
    ['a free task', { tasks: [task({ soldForCents: 0 })] }, 'tasks.0.soldForCents', 'Sold for must be greater than 0'],
    ['a task without title', { tasks: [task({ title: ' ' })] }, 'tasks.0.title', 'Title is required'],
  ])('rejects %s with the message on the field', async (_, override, field, message) => {
    const { customer, vehicle } = await createCustomer();
    const response = await postVisit({
      name: 'Valid name',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(1),
      tasks: [task()],
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toContain(message);
  });

  it('accepts a 3-character name and a due date of today', async () => {
    const { customer, vehicle } = await createCustomer();
    const response = await postVisit({ name: 'abc', customerId: customer.id, vehicleId: vehicle.id, dueDate: inDays(0), tasks: [task()] });
    expect(response.statusCode).toBe(201);
  });

  it("judges 'today' in the client's time zone", async () => {
    const { customer, vehicle } = await createCustomer();
    // Kiritimati (UTC+14) is always at least a day ahead of Pago Pago (UTC-11).
    const kiritimatiToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    const base = { name: 'Time zones', customerId: customer.id, vehicleId: vehicle.id, dueDate: kiritimatiToday, tasks: [task()] };
    expect((await postVisit({ ...base, timeZone: 'Pacific/Kiritimati' })).statusCode).toBe(201);
    const yesterdayThere = new Date(`${kiritimatiToday}T00:00:00Z`);
    yesterdayThere.setUTCDate(yesterdayThere.getUTCDate() - 1);
    const stale = await postVisit({ ...base, dueDate: yesterdayThere.toISOString().slice(0, 10), timeZone: 'Pacific/Kiritimati' });
    expect(stale.statusCode).toBe(400);
  });

  it('refuses a vehicle that belongs to another customer', async () => {
    const { customer } = await createCustomer();
    const other = await createCustomer();
    const response = await postVisit({
      name: 'Wrong car',
      customerId: customer.id,
      vehicleId: other.vehicle.id,
      dueDate: inDays(1),
      tasks: [task()],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.vehicleId[0]).toMatch(/does not belong/);
  });
});

describe('editing a visit under concurrency', () => {
  async function newVisit() {
    const { customer, vehicle } = await createCustomer();
    return staff.caller.visits.create({
      name: 'Concurrency',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(3),
      tasks: [task()],
    });
  }

  it('applies an edit that names the current version and bumps it', async () => {
    const visit = await newVisit();
    const response = await app.inject({
      method: 'PUT',
      url: `/backend/visits/${visit.id}`,
      headers: staff.authHeader,
      payload: { version: visit.version, name: 'Renamed', dueDate: visit.dueDate, notes: 'Customer waits' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed', notes: 'Customer waits', version: visit.version + 1 });
  });

  it('refuses a stale version with 409 and the conflict message, keeping the first save', async () => {
    const visit = await newVisit();
    await staff.caller.visits.update({ id: visit.id, version: visit.version, name: 'First save', dueDate: visit.dueDate });
    const second = await app.inject({
      method: 'PUT',
      url: `/backend/visits/${visit.id}`,
      headers: staff.authHeader,
      payload: { version: visit.version, name: 'Second save', dueDate: visit.dueDate },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MESSAGES.versionConflict);
    expect((await staff.caller.visits.get({ id: visit.id })).name).toBe('First save');
  });

  it('lets exactly one of two simultaneous saves of the same version win', async () => {
    const visit = await newVisit();
    const save = (name: string) =>
      app.inject({
        method: 'PUT',
        url: `/backend/visits/${visit.id}`,
        headers: staff.authHeader,
        payload: { version: visit.version, name, dueDate: visit.dueDate },
      });
    const results = await Promise.all([save('Alice'), save('Bruno')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().name;
    expect((await staff.caller.visits.get({ id: visit.id })).name).toBe(winner);
  });

  it('reports the conflict through tRPC as CONFLICT', async () => {
    const visit = await newVisit();
    await staff.caller.visits.update({ id: visit.id, version: visit.version, name: 'One', dueDate: visit.dueDate });
    await expect(
      staff.caller.visits.update({ id: visit.id, version: visit.version, name: 'Two', dueDate: visit.dueDate }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: MESSAGES.versionConflict,
    });
  });

  it('keeps a past due date on an overdue visit but refuses moving it into the past', async () => {
    const { customer, vehicle } = await createCustomer();
    const created = await staff.caller.visits.create({
      name: 'Overdue',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(0),
      tasks: [task()],
    });
    await testDb().visit.update({ where: { id: created.id }, data: { dueDate: new Date(`${inDays(-3)}T00:00:00Z`) } });
    const visit = await staff.caller.visits.get({ id: created.id });
    expect(visit.overdue).toBe(true);
    const kept = await staff.caller.visits.update({ id: visit.id, version: visit.version, name: 'Still overdue', dueDate: visit.dueDate });
    expect(kept.name).toBe('Still overdue');
    await expect(
      staff.caller.visits.update({ id: visit.id, version: kept.version, name: 'Earlier', dueDate: inDays(-5) }),
    ).rejects.toBeInstanceOf(TRPCError);
  });
});

describe('hand-over and deletion', () => {
  it('moves a completed visit to ready for pickup and picked up, and refuses it for unfinished work', async () => {
    const { customer, vehicle } = await createCustomer();
    const visit = await staff.caller.visits.create({
      name: 'Hand-over',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(1),
      tasks: [task()],
    });
    const early = await app.inject({
      method: 'PATCH',
      url: `/backend/visits/${visit.id}/status`,
      headers: staff.authHeader,
      payload: { version: visit.version, status: 'READY_FOR_PICKUP' },
    });
    expect(early.statusCode).toBe(400);
    await staff.caller.tasks.setStatus({ id: visit.tasks[0]!.id, status: 'COMPLETED' });
    const completed = await staff.caller.visits.get({ id: visit.id });
    expect(completed).toMatchObject({ status: 'COMPLETED', nextStatuses: ['READY_FOR_PICKUP'] });
    expect(completed.completedAt).not.toBeNull();
    const ready = await staff.caller.visits.setStatus({ id: visit.id, version: completed.version, status: 'READY_FOR_PICKUP' });
    expect(ready.status).toBe('READY_FOR_PICKUP');
    const picked = await staff.caller.visits.setStatus({ id: visit.id, version: ready.version, status: 'PICKED_UP' });
    expect(picked.status).toBe('PICKED_UP');
  });

  it('deletes a visit without payments with its tasks, and refuses one with payments', async () => {
    const { customer, vehicle } = await createCustomer();
    const plain = await staff.caller.visits.create({
      name: 'Deletable',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(1),
      tasks: [task()],
    });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/backend/visits/${plain.id}?version=${plain.version}`,
      headers: staff.authHeader,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await testDb().task.count({ where: { visitId: plain.id } })).toBe(0);

    const paid = await staff.caller.visits.create({
      name: 'Has payment',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(1),
      tasks: [task()],
    });
    await staff.caller.payments.create({ id: paid.id, data: { amountCents: 500, method: 'CASH' } });
    const refused = await app.inject({ method: 'DELETE', url: `/backend/visits/${paid.id}`, headers: staff.authHeader });
    expect(refused.statusCode).toBe(409);
    expect(await testDb().visit.count({ where: { id: paid.id } })).toBe(1);
  });

  it('answers 404 for an unknown visit', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/backend/visits/01900000-0000-7000-8000-000000000000',
      headers: staff.authHeader,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('reading a visit', () => {
  // The detail is one hand-written statement (visit-detail.ts): every field is checked against the stored rows.
  it('answers every column of the visit, its customer, vehicle and tasks (approval, decider, instants) in creation order', async () => {
    const { customer, vehicle } = await createCustomer();
    const created = await staff.caller.visits.create({
      name: 'Full read',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(3),
      notes: 'Rattle at the back',
      tasks: [task({ title: 'First', soldForCents: 1_000, dueDate: inDays(5) }), task({ title: 'Second', soldForCents: 2_000 })],
    });
    const [first, second] = await testDb().task.findMany({
      where: { visitId: created.id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    const decidedAt = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 60));
    await testDb().task.update({
      where: { id: first!.id },
      data: { status: 'COMPLETED', completedOn: new Date(Date.UTC(2026, 0, 3, 0, 0, 0, 7)), remindInMonths: 6 },
    });
    await testDb().task.update({
      where: { id: second!.id },
      data: {
        approval: 'APPROVED',
        proposedAt: new Date(Date.UTC(2026, 0, 1)),
        approvalDecidedAt: decidedAt,
        approvalDecidedById: staff.user.id,
        approvalChannel: 'LINK',
        approvalComment: 'ok',
        remindInKm: 5_000,
      },
    });
    const stored = await testDb().visit.findUniqueOrThrow({ where: { id: created.id }, include: { customer: true, vehicle: true } });
    const [storedFirst, storedSecond] = await testDb().task.findMany({
      where: { visitId: created.id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });

    const response = await app.inject({ method: 'GET', url: `/backend/visits/${created.id}`, headers: staff.authHeader });
    expect(response.statusCode).toBe(200);
    const visit = response.json();
    expect(visit).toEqual({
      id: stored.id,
      name: 'Full read',
      visitDate: stored.visitDate.toISOString(),
      dueDate: inDays(3),
      customer: {
        id: customer.id,
        firstName: stored.customer.firstName,
        lastName: stored.customer.lastName,
        email: stored.customer.email,
        countryCode: stored.customer.countryCode,
        phoneNumber: stored.customer.phoneNumber,
      },
      vehicle: { id: vehicle.id, plateNumber: stored.vehicle.plateNumber, brand: stored.vehicle.brand, model: stored.vehicle.model },
      totalCostCents: 3_000,
      paidCents: 0,
      balanceCents: 3_000,
      status: stored.status,
      paymentStatus: 'UNPAID',
      overdue: false,
      taskCount: 2,
      version: stored.version,
      createdAt: stored.createdAt.toISOString(),
      updatedAt: stored.updatedAt.toISOString(),
      notes: 'Rattle at the back',
      completedAt: null,
      tasks: [
        expect.objectContaining({
          id: first!.id,
          title: 'First',
          status: 'COMPLETED',
          dueDate: inDays(5),
          completedOn: '2026-01-03T00:00:00.007Z',
          remindInMonths: 6,
          remindInKm: null,
          approval: null,
          createdAt: storedFirst!.createdAt.toISOString(),
          updatedAt: storedFirst!.updatedAt.toISOString(),
        }),
        expect.objectContaining({
          id: second!.id,
          visitId: created.id,
          soldForCents: 2_000,
          dueDate: null,
          completedOn: null,
          remindInKm: 5_000,
          approval: {
            state: 'APPROVED',
            proposedAt: '2026-01-01T00:00:00.000Z',
            decidedAt: '2026-01-02T03:04:05.060Z',
            decidedBy: { id: staff.user.id, firstName: staff.user.firstName, lastName: staff.user.lastName },
            channel: 'LINK',
            comment: 'ok',
            seenAt: null,
          },
          updatedAt: storedSecond!.updatedAt.toISOString(),
        }),
      ],
      nextStatuses: [],
      hasPayments: false,
      pendingProposalCents: 0,
      // The taxes block's figures are tax.test.ts's business (it changes the shop's settings on its own database).
      taxes: expect.objectContaining({ net: expect.any(Number), tax: expect.any(Number), gross: expect.any(Number) }),
      // No odometer read on this visit (test/visit-odometer.test.ts reads them in km and miles).
      distanceUnit: stored.vehicle.distanceUnit,
      odometerInKm: null,
      odometerOutKm: null,
      odometerIn: null,
      odometerOut: null,
    });
    // The REST answer and tRPC's (validated against the schema) are the same document.
    expect(await staff.caller.visits.get({ id: created.id })).toEqual(visit);
  });
});

describe('access', () => {
  it('refuses clients with 403 and anonymous callers with 401 on every visit, task, payment and to-do route', async () => {
    const client = await signedIn('CLIENT');
    const { customer } = await createCustomer();
    const vehicle = await createVehicle(customer.id);
    const visit = await staff.caller.visits.create({
      name: 'Private',
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: inDays(1),
      tasks: [task()],
    });
    const id = visit.id;
    const taskId = visit.tasks[0]!.id;
    const routes: [string, string, unknown?][] = [
      ['GET', '/backend/visits'],
      ['POST', '/backend/visits', {}],
      ['GET', `/backend/visits/${id}`],
      ['PUT', `/backend/visits/${id}`, {}],
      ['PATCH', `/backend/visits/${id}/status`, {}],
      ['DELETE', `/backend/visits/${id}`],
      ['POST', `/backend/visits/${id}/tasks`, {}],
      ['GET', `/backend/tasks/${taskId}`],
      ['PUT', `/backend/tasks/${taskId}`, {}],
      ['PATCH', `/backend/tasks/${taskId}/status`, { status: 'COMPLETED' }],
      ['DELETE', `/backend/tasks/${taskId}`],
      ['GET', `/backend/visits/${id}/payments`],
      ['POST', `/backend/visits/${id}/payments`, {}],
      ['GET', '/backend/payments'],
      ['PATCH', `/backend/payments/${id}`, { action: 'delete' }],
      ['GET', '/backend/todos'],
      ['POST', '/backend/todos', {}],
    ];
    for (const [method, url, payload] of routes) {
      const asClient = await app.inject({
        method: method as 'GET',
        url,
        headers: client.authHeader,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(asClient.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await app.inject({ method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    await expect(client.caller.visits.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(client.caller.visits.get({ id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(client.caller.tasks.setStatus({ id: taskId, status: 'COMPLETED' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(client.caller.payments.create({ id, data: { amountCents: 100, method: 'CASH' } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(client.caller.todos.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await staff.caller.visits.get({ id })).status).toBe('PENDING');
  });

  it('lets admins and managers in as staff', async () => {
    for (const role of ['ADMIN', 'MANAGER'] as const) {
      const member = await signedIn(role);
      const response = await app.inject({ method: 'GET', url: '/backend/visits', headers: member.authHeader });
      expect(response.statusCode, role).toBe(200);
    }
  });

  it('lists the visit routes in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/backend/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/backend/visits',
        '/backend/visits/{id}',
        '/backend/visits/{id}/tasks',
        '/backend/tasks/{id}/status',
        '/backend/visits/{id}/payments',
        '/backend/payments',
        '/backend/payments/{id}',
        '/backend/todos',
        '/backend/todos/{id}/status',
      ]),
    );
  });
});
