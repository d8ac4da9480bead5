// Stock through a task's states: a catalogue part on approved, unfinished work is reserved (or backordered
// when there is not enough), completing the task uses it (USED movement, stock on hand down), reopening gives
// it back (RETURNED), cancelling, declining, deleting the task or the visit releases it; a proposal holds
// nothing until approved. And the last unit taken by two people at once: exactly one gets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { signedInCustomer, visitFor } from './approvals-fixtures.ts';
import { buildTestApp, testDb } from './helpers.ts';
import { linesOf, movementsOf, newPart, onHandOf, receive, stockOf, visitWith } from './task-lines-fixtures.ts';
import { signedIn, task } from './visits-fixtures.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

const partLine = (partId: string, quantity: number) => ({ kind: 'PART' as const, partId, quantity });
const reservedOf = async (partId: string) =>
  (await testDb().taskLine.aggregate({ where: { partId, stock: 'RESERVED' }, _sum: { quantityMilli: true } }))._sum.quantityMilli ?? 0;

describe('a part on a task through its states', () => {
  it('reserves on ordinary work, uses at completion, returns on reopening, releases on cancelling', async () => {
    const part = await newPart({ onHand: 5 });
    const visit = await visitWith(staff, [task({ title: 'Brakes', lines: [partLine(part.id, 2)] })]);
    const taskId = visit.tasks[0]!.id;
    expect(await stockOf(taskId)).toEqual(['RESERVED']);
    expect(await reservedOf(part.id)).toBe(2_000);
    expect(await onHandOf(part.id)).toBe(5);

    await staff.caller.tasks.setStatus({ id: taskId, status: 'COMPLETED' });
    expect(await stockOf(taskId)).toEqual(['USED']);
    expect(await onHandOf(part.id)).toBe(3);
    const [line] = await linesOf(taskId);
    const used = (await movementsOf(part.id)).filter((movement) => movement.kind === 'USED');
    expect(used).toMatchObject([{ quantityMilli: -2_000, onHandAfterMilli: 3_000, taskLineId: line!.id, userId: staff.user.id }]);
    expect(await reservedOf(part.id)).toBe(0);

    await staff.caller.tasks.setStatus({ id: taskId, status: 'REOPENED' });
    expect(await stockOf(taskId)).toEqual(['RESERVED']);
    expect(await onHandOf(part.id)).toBe(5);
    expect((await movementsOf(part.id)).map((movement) => [movement.kind, movement.quantityMilli])).toEqual([
      ['RECEIVED', 5_000],
      ['USED', -2_000],
      ['RETURNED', 2_000],
    ]);

    await staff.caller.tasks.setStatus({ id: taskId, status: 'CANCELLED' });
    expect(await stockOf(taskId)).toEqual(['QUOTED']);
    expect(await reservedOf(part.id)).toBe(0);
    expect(await onHandOf(part.id)).toBe(5);
  });

  it('a proposal holds nothing until approved; approving reserves, declining releases', async () => {
    const part = await newPart({ onHand: 4 });
    const owner = await signedInCustomer();
    const visit = await visitFor(staff, owner);
    const proposal = await staff.caller.tasks.create({
      id: visit.id,
      proposed: true,
      ...task({ title: 'Discs', lines: [partLine(part.id, 2)] }),
    });
    const declinedLater = await staff.caller.tasks.create({
      id: visit.id,
      proposed: true,
      ...task({ title: 'Pads', lines: [partLine(part.id, 1)] }),
    });
    expect(await stockOf(proposal.id)).toEqual(['QUOTED']);
    expect(await stockOf(declinedLater.id)).toEqual(['QUOTED']);
    expect(await reservedOf(part.id)).toBe(0);

    const decided = await owner.caller.myVisits.decide({
      id: visit.id,
      decisions: [
        { taskId: proposal.id, decision: 'APPROVED', soldForCents: proposal.soldForCents },
        { taskId: declinedLater.id, decision: 'DECLINED', soldForCents: declinedLater.soldForCents },
      ],
    });
    expect(await stockOf(proposal.id)).toEqual(['RESERVED']);
    expect(await stockOf(declinedLater.id)).toEqual(['QUOTED']);
    expect(await reservedOf(part.id)).toBe(2_000);
    expect(await onHandOf(part.id)).toBe(4);
    // The client sees the lines of the visit without their costs or stock states.
    const approved = decided.tasks.find((t) => t.id === proposal.id)!;
    expect(approved.lines).toEqual([expect.objectContaining({ kind: 'PART', quantity: 2, unitCostCents: null, stock: null })]);
  });

  it('backorders what is not there, and a receipt turns the backorder into a reservation', async () => {
    const part = await newPart({ onHand: 1 });
    const visit = await visitWith(staff, [task({ title: 'Filters', lines: [partLine(part.id, 3)] })]);
    const taskId = visit.tasks[0]!.id;
    expect(await stockOf(taskId)).toEqual(['BACKORDERED']);
    expect(visit.tasks[0]!.lines[0]!.stock).toBe('BACKORDERED');
    await receive(part.id, 1);
    expect(await stockOf(taskId)).toEqual(['BACKORDERED']);
    await receive(part.id, 1);
    expect(await stockOf(taskId)).toEqual(['RESERVED']);
    expect(await reservedOf(part.id)).toBe(3_000);
  });

  it('a quantity change releases the old quantity and asks for the new one', async () => {
    const part = await newPart({ onHand: 3 });
    const visit = await visitWith(staff, [task({ title: 'Oil', lines: [partLine(part.id, 2)] })]);
    const [line] = visit.tasks[0]!.lines;
    expect(line!.stock).toBe('RESERVED');
    const more = await staff.caller.taskLines.update({ id: line!.id, quantity: 4 });
    expect(more.lines[0]).toMatchObject({ quantity: 4, stock: 'BACKORDERED' });
    expect(await reservedOf(part.id)).toBe(0);
    const less = await staff.caller.taskLines.update({ id: line!.id, quantity: 3 });
    expect(less.lines[0]).toMatchObject({ quantity: 3, stock: 'RESERVED' });
    expect(await reservedOf(part.id)).toBe(3_000);
  });

  it('deleting a line, a task or a visit gives its stock back and serves whoever waits', async () => {
    const part = await newPart({ onHand: 2 });
    const first = await visitWith(staff, [
      task({ title: 'Used then deleted', lines: [partLine(part.id, 1)] }),
      task({ title: 'Reserved then deleted', lines: [partLine(part.id, 1)] }),
      task({ title: 'Kept', soldForCents: 1_000 }),
    ]);
    const [usedTask, reservedTask] = first.tasks;
    await staff.caller.tasks.setStatus({ id: usedTask!.id, status: 'COMPLETED' });
    expect(await onHandOf(part.id)).toBe(1);
    // Someone else waits for the part: nothing is available (1 on hand, 1 reserved).
    const waiting = await visitWith(staff, [
      task({ title: 'Waiting', lines: [partLine(part.id, 1), { kind: 'FLAT', description: 'Fee', unitPriceCents: 500 }] }),
    ]);
    const waitingTask = waiting.tasks[0]!.id;
    expect(await stockOf(waitingTask)).toEqual(['BACKORDERED']);

    await staff.caller.tasks.delete({ id: reservedTask!.id });
    expect(await stockOf(waitingTask)).toEqual(['RESERVED']);

    await staff.caller.tasks.delete({ id: usedTask!.id });
    expect(await onHandOf(part.id)).toBe(2);
    expect((await movementsOf(part.id)).at(-1)).toMatchObject({ kind: 'RETURNED', quantityMilli: 1_000 });

    // Deleting the waiting task's part line releases its reservation.
    const partLineId = waiting.tasks[0]!.lines.find((line) => line.kind === 'PART')!.id;
    const afterDelete = await staff.caller.taskLines.delete({ id: partLineId });
    expect(afterDelete.lines.map((line) => line.kind)).toEqual(['FLAT']);
    expect(afterDelete.soldForCents).toBe(500);
    expect(await reservedOf(part.id)).toBe(0);

    // A visit deleted with completed work: the parts used come back.
    const third = await visitWith(staff, [task({ title: 'Done', lines: [partLine(part.id, 2)] })]);
    await staff.caller.tasks.setStatus({ id: third.tasks[0]!.id, status: 'COMPLETED' });
    expect(await onHandOf(part.id)).toBe(0);
    await staff.caller.visits.delete({ id: third.id });
    expect(await onHandOf(part.id)).toBe(2);
    expect(await reservedOf(part.id)).toBe(0);
  });
});

describe('the last unit, taken twice at the same moment', () => {
  it('exactly one line reserves it, the other is backordered; both completed leave stock at -1', async () => {
    const part = await newPart({ onHand: 1 });
    const [a, b] = await Promise.all([
      visitWith(staff, [task({ title: 'Visit A', soldForCents: 1_000 })]),
      visitWith(staff, [task({ title: 'Visit B', soldForCents: 1_000 })]),
    ]);
    const taskIds = [a.tasks[0]!.id, b.tasks[0]!.id];
    const responses = await Promise.all(
      taskIds.map((taskId) =>
        app.inject({
          method: 'POST',
          url: `/backend/tasks/${taskId}/lines`,
          headers: staff.authHeader,
          payload: { kind: 'PART', partId: part.id, quantity: 1 },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    const states = (await Promise.all(taskIds.map(stockOf))).flat().sort();
    expect(states).toEqual(['BACKORDERED', 'RESERVED']);
    expect(await reservedOf(part.id)).toBe(1_000);

    for (const taskId of taskIds) await staff.caller.tasks.setStatus({ id: taskId, status: 'COMPLETED' });
    // The warning case: used before it arrived, stock on hand goes below zero instead of failing.
    expect(await onHandOf(part.id)).toBe(-1);
    const used = (await movementsOf(part.id)).filter((movement) => movement.kind === 'USED');
    expect(used).toHaveLength(2);
    expect(used.map((movement) => movement.quantityMilli)).toEqual([-1_000, -1_000]);
  });
});
