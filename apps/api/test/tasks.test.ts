import { TASK_STATUSES, canTransitionTask, type TaskStatus } from '@garage/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb } from './helpers.ts';
import { createCustomer, inDays, signedIn, task } from './visits-fixtures.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

async function newVisit(tasks = [task()]) {
  const { customer, vehicle } = await createCustomer();
  return staff.caller.visits.create({ name: 'Task tests', customerId: customer.id, vehicleId: vehicle.id, dueDate: inDays(2), tasks });
}

// The documented table (packages/shared visit-rules.ts); written out here so a change to it fails a test.
const ALLOWED = new Set([
  'PENDING>IN_PROGRESS',
  'PENDING>COMPLETED',
  'PENDING>CANCELLED',
  'IN_PROGRESS>PENDING',
  'IN_PROGRESS>COMPLETED',
  'IN_PROGRESS>CANCELLED',
  'COMPLETED>REOPENED',
  'CANCELLED>REOPENED',
  'REOPENED>IN_PROGRESS',
  'REOPENED>COMPLETED',
  'REOPENED>CANCELLED',
]);
const PAIRS = TASK_STATUSES.flatMap((from) => TASK_STATUSES.map((to) => [from, to] as [TaskStatus, TaskStatus]));

describe('task transitions through REST', () => {
  it.each(PAIRS)('%s -> %s', async (from, to) => {
    const visit = await newVisit();
    const taskId = visit.tasks[0]!.id;
    await testDb().task.update({ where: { id: taskId }, data: { status: from, completedOn: from === 'COMPLETED' ? new Date() : null } });
    const response = await app.inject({
      method: 'PATCH',
      url: `/backend/tasks/${taskId}/status`,
      headers: staff.authHeader,
      payload: { status: to },
    });
    const allowed = ALLOWED.has(`${from}>${to}`);
    expect(canTransitionTask(from, to)).toBe(allowed);
    expect(response.statusCode).toBe(allowed ? 200 : 409);
    const stored = await testDb().task.findUniqueOrThrow({ where: { id: taskId } });
    expect(stored.status).toBe(allowed ? to : from);
    if (allowed) {
      expect(response.json().status).toBe(to);
      // completedOn is set by completing and cleared by every other move.
      expect(stored.completedOn === null).toBe(to !== 'COMPLETED');
    } else {
      expect(response.json().message).toMatch(`cannot move from ${from} to ${to}`);
    }
  });
});

describe('tasks and the visit they belong to', () => {
  it('derives the visit status from its tasks: in progress, completed, reopened, cancelled', async () => {
    const visit = await newVisit([task({ soldForCents: 3_000 }), task({ soldForCents: 7_000 })]);
    const [first, second] = visit.tasks;
    const statusAfter = async (id: string, status: TaskStatus) => {
      await staff.caller.tasks.setStatus({ id, status });
      return staff.caller.visits.get({ id: visit.id });
    };
    expect((await statusAfter(first!.id, 'IN_PROGRESS')).status).toBe('IN_PROGRESS');
    expect((await statusAfter(first!.id, 'COMPLETED')).status).toBe('IN_PROGRESS');
    const done = await statusAfter(second!.id, 'COMPLETED');
    expect(done.status).toBe('COMPLETED');
    expect(done.tasks.every((t) => t.completedOn !== null)).toBe(true);
    const reopened = await statusAfter(second!.id, 'REOPENED');
    expect(reopened.status).toBe('IN_PROGRESS');
    expect(reopened.completedAt).toBeNull();
    // Cancelling a task takes it out of the total.
    const cancelled = await statusAfter(second!.id, 'CANCELLED');
    expect(cancelled).toMatchObject({ status: 'COMPLETED', totalCostCents: 3_000 });
    expect(cancelled.version).toBeGreaterThan(visit.version);
  });

  it('recomputes the total when a task is added, repriced or deleted', async () => {
    const visit = await newVisit([task({ soldForCents: 10_000 })]);
    const added = await app.inject({
      method: 'POST',
      url: `/backend/visits/${visit.id}/tasks`,
      headers: staff.authHeader,
      payload: task({ title: 'Wipers', service: 'MAINTENANCE', soldForCents: 2_500, dueDate: inDays(1) }),
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ title: 'Wipers', status: 'PENDING', dueDate: inDays(1) });
    expect((await staff.caller.visits.get({ id: visit.id })).totalCostCents).toBe(12_500);

    const wipers = added.json();
    const repriced = await app.inject({
      method: 'PUT',
      url: `/backend/tasks/${wipers.id}`,
      headers: staff.authHeader,
      payload: { ...task({ title: 'Wipers (pair)', service: 'MAINTENANCE', soldForCents: 4_000 }), updatedAt: wipers.updatedAt },
    });
    expect(repriced.statusCode).toBe(200);
    expect((await staff.caller.visits.get({ id: visit.id })).totalCostCents).toBe(14_000);

    const removed = await app.inject({ method: 'DELETE', url: `/backend/tasks/${wipers.id}`, headers: staff.authHeader });
    expect(removed.statusCode).toBe(200);
    expect((await staff.caller.visits.get({ id: visit.id })).totalCostCents).toBe(10_000);
  });

  it('refuses an edit based on a stale read of the task', async () => {
    const visit = await newVisit();
    const original = visit.tasks[0]!;
    await staff.caller.tasks.update({ ...task({ title: 'First edit' }), id: original.id, updatedAt: original.updatedAt });
    const stale = await app.inject({
      method: 'PUT',
      url: `/backend/tasks/${original.id}`,
      headers: staff.authHeader,
      payload: { ...task({ title: 'Second edit' }), updatedAt: original.updatedAt },
    });
    expect(stale.statusCode).toBe(409);
    expect((await staff.caller.tasks.get({ id: original.id })).title).toBe('First edit');
  });

  it("keeps a visit's last task", async () => {
    const visit = await newVisit();
    const response = await app.inject({ method: 'DELETE', url: `/backend/tasks/${visit.tasks[0]!.id}`, headers: staff.authHeader });
    expect(response.statusCode).toBe(409);
    expect(await testDb().task.count({ where: { visitId: visit.id } })).toBe(1);
  });

  it('serialises simultaneous completions of the two tasks so the visit ends completed', async () => {
    const visit = await newVisit([task(), task({ title: 'Second' })]);
    await Promise.all(visit.tasks.map((t) => staff.caller.tasks.setStatus({ id: t.id, status: 'COMPLETED' })));
    expect((await staff.caller.visits.get({ id: visit.id })).status).toBe('COMPLETED');
  });

  it('shows a task with its visit for the task page', async () => {
    const visit = await newVisit();
    const detail = await staff.caller.tasks.get({ id: visit.tasks[0]!.id });
    expect(detail).toMatchObject({
      visit: { id: visit.id, customerId: visit.customer.id, vehicleId: visit.vehicle.id },
      nextStatuses: ['IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
    });
  });
});
