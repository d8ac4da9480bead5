// Lines of a task and the totals that follow them: the task's price and cost are the sums of its lines, the
// visit's total the sum over its committed tasks, whatever lines are added, changed or deleted (a
// property-based test); old callers still get one FLAT line at their price; the line rules and who sees costs.
import type { InvoiceSnapshotV2 } from '@garage/db/invoices';
import {
  INVENTORY_LIMITS,
  TASK_LIMITS,
  formatMinorPlain,
  lineTotalCents,
  partSellingPriceCents,
  toMilli,
  visitTotalCents,
} from '@garage/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { signedInCustomer, visitFor } from './approvals-fixtures.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';
import { linesOf, newPart, newRate, visitWith } from './task-lines-fixtures.ts';
import { pdfText } from './pdf-text.ts';
import { createCustomer, insertVisit, signedIn, task } from './visits-fixtures.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
  admin = await signedIn('ADMIN');
});
afterAll(() => app.close());

/** The stored task against the sums of its stored lines, and the visit against its committed tasks. */
async function expectTotalsMatchLines(visitId: string) {
  const tasks = await testDb().task.findMany({ where: { visitId }, include: { lines: true } });
  for (const row of tasks) {
    for (const line of row.lines) expect(line.totalCents).toBe(lineTotalCents(line.quantityMilli, line.unitPriceCents));
    expect(row.soldForCents).toBe(row.lines.reduce((sum, line) => sum + line.totalCents, 0));
    expect(row.costCents).toBe(row.lines.reduce((sum, line) => sum + lineTotalCents(line.quantityMilli, line.unitCostCents), 0));
  }
  const visit = await testDb().visit.findUniqueOrThrow({ where: { id: visitId } });
  expect(visit.totalCostCents).toBe(visitTotalCents(tasks));
}

describe('tasks made the old way', () => {
  it('a task with a price only is one FLAT line with the same totals (visits.create and tasks.create)', async () => {
    const visit = await visitWith(staff, [task({ title: 'Oil service', soldForCents: 12_345, costCents: 6_789 })]);
    const [made] = visit.tasks;
    // An employee's view leaves the cost out (admins only); it is stored all the same.
    expect(made).toMatchObject({ soldForCents: 12_345, costCents: null });
    expect(await testDb().task.findUniqueOrThrow({ where: { id: made!.id } })).toMatchObject({ costCents: 6_789 });
    expect(made!.lines).toEqual([
      expect.objectContaining({ kind: 'FLAT', description: 'Oil service', quantity: 1, unitPriceCents: 12_345, totalCents: 12_345 }),
    ]);
    expect(visit.totalCostCents).toBe(12_345);
    const added = await staff.caller.tasks.create({ id: visit.id, ...task({ title: 'Wipers', soldForCents: 2_000, costCents: 500 }) });
    expect(added.lines).toHaveLength(1);
    expect(await linesOf(added.id)).toEqual([
      expect.objectContaining({
        kind: 'FLAT',
        quantityMilli: 1000,
        unitPriceCents: 2_000,
        unitCostCents: 500,
        totalCents: 2_000,
        stock: null,
      }),
    ]);
    await expectTotalsMatchLines(visit.id);
  });

  it('editing the price of a one-line task changes that line; of a task made of lines, 409', async () => {
    const visit = await visitWith(staff, [task({ title: 'Flat', soldForCents: 5_000, costCents: 1_000 })]);
    const flat = visit.tasks[0]!;
    const edited = await staff.caller.tasks.update({ id: flat.id, updatedAt: flat.updatedAt, soldForCents: 6_000, costCents: 1_500 });
    expect(edited).toMatchObject({ soldForCents: 6_000, costCents: null });
    expect((await admin.caller.tasks.get({ id: flat.id })).costCents).toBe(1_500);
    expect(edited.lines).toEqual([expect.objectContaining({ kind: 'FLAT', unitPriceCents: 6_000, totalCents: 6_000 })]);
    await expectTotalsMatchLines(visit.id);

    const withLine = await staff.caller.taskLines.add({
      id: flat.id,
      line: { kind: 'FLAT', description: 'Disposal fee', unitPriceCents: 300 },
    });
    expect(withLine.soldForCents).toBe(6_300);
    const refused = await app.inject({
      method: 'PUT',
      url: `/backend/tasks/${flat.id}`,
      headers: staff.authHeader,
      payload: { updatedAt: withLine.updatedAt, soldForCents: 7_000 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      messageCode: 'taskLines.priceFromLines',
      fieldErrorCodes: { soldForCents: [expect.anything()] },
    });
    // The form sends every field: the same sum is no change, and the other fields still save.
    const saved = await staff.caller.tasks.update({ id: flat.id, updatedAt: withLine.updatedAt, soldForCents: 6_300, title: 'Renamed' });
    expect(saved).toMatchObject({ title: 'Renamed', soldForCents: 6_300 });
  });

  it('a task written without lines (an import) keeps its price as a first line when a line is added', async () => {
    const { customer, vehicle } = await createCustomer();
    const visitId = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { dueInDays: 2, totalCostCents: 4_200 });
    const imported = await testDb().task.findFirstOrThrow({ where: { visitId } });
    expect(await linesOf(imported.id)).toHaveLength(0);
    const added = await staff.caller.taskLines.add({ id: imported.id, line: { kind: 'FLAT', description: 'Extra', unitPriceCents: 800 } });
    expect(added.lines.map((line) => [line.kind, line.description, line.totalCents])).toEqual([
      ['FLAT', 'Fixture task', 4_200],
      ['FLAT', 'Extra', 800],
    ]);
    expect(added.soldForCents).toBe(5_000);
    await expectTotalsMatchLines(visitId);
  });

  it('the price is required only when no line and no catalogue item gives the task its lines', async () => {
    const visit = await visitWith(staff, [task()]);
    const { soldForCents: _omitted, ...withoutPrice } = task({ title: 'No price' });
    const refused = await app.inject({
      method: 'POST',
      url: `/backend/visits/${visit.id}/tasks`,
      headers: staff.authHeader,
      payload: withoutPrice,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toHaveProperty('soldForCents');
    const made = await staff.caller.tasks.create({
      id: visit.id,
      ...withoutPrice,
      lines: [{ kind: 'LABOUR', description: 'Diagnosis', quantity: 1.5, unitPriceCents: 8_000 }],
    });
    expect(made).toMatchObject({ soldForCents: 12_000 });
  });
});

describe('line operations', () => {
  it('a catalogue part line takes its price, cost and part number; labour takes its rate', async () => {
    const part = await newPart({ costCents: 1_234, priceCents: null, unit: 'LITRE' });
    const rate = await newRate(7_500);
    const visit = await visitWith(admin, [task({ title: 'Service', soldForCents: 1_000 })]);
    const taskId = visit.tasks[0]!.id;
    const bands = await testDb().partMarkupBand.findMany();
    const withPart = await admin.caller.taskLines.add({ id: taskId, line: { kind: 'PART', partId: part.id, quantity: 4.5 } });
    const price = partSellingPriceCents({ priceCents: null, costCents: 1_234 }, bands);
    expect(withPart.lines[1]).toMatchObject({
      kind: 'PART',
      description: part.name,
      partNumber: part.partNumber,
      unit: 'LITRE',
      quantity: 4.5,
      unitPriceCents: price,
      unitCostCents: 1_234,
      totalCents: lineTotalCents(4_500, price),
    });
    const withLabour = await admin.caller.taskLines.add({ id: taskId, line: { kind: 'LABOUR', labourRateId: rate.id, quantity: 0.25 } });
    expect(withLabour.lines[2]).toMatchObject({
      kind: 'LABOUR',
      description: rate.name,
      unitPriceCents: 7_500,
      totalCents: 1_875,
      quantity: 0.25,
    });
    expect(withLabour.soldForCents).toBe(1_000 + lineTotalCents(4_500, price) + 1_875);
    await expectTotalsMatchLines(visit.id);
  });

  it("refuses a quantity with more decimals than the part's unit, or hours past the hundredth", async () => {
    const part = await newPart({ unit: 'PIECE' });
    const visit = await visitWith(staff, [task()]);
    const taskId = visit.tasks[0]!.id;
    const add = (line: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/backend/tasks/${taskId}/lines`, headers: staff.authHeader, payload: line });
    const pieces = await add({ kind: 'PART', partId: part.id, quantity: 1.5 });
    expect(pieces.statusCode).toBe(400);
    expect(pieces.json()).toMatchObject({ messageCode: 'inventory.quantityDecimals', params: { decimals: 0 } });
    expect(pieces.json().fieldErrorCodes).toHaveProperty('quantity');
    const hours = await add({ kind: 'LABOUR', description: 'Fitting', unitPriceCents: 5_000, quantity: 0.125 });
    expect(hours.statusCode).toBe(400);
    expect(await linesOf(taskId)).toHaveLength(1);
  });

  it('keeps the last line, refuses lines on closed or decided work, allows them on a pending proposal', async () => {
    const owner = await signedInCustomer();
    const visit = await visitFor(staff, owner);
    const only = visit.tasks[0]!;
    const last = await app.inject({ method: 'DELETE', url: `/backend/task-lines/${only.lines[0]!.id}`, headers: staff.authHeader });
    expect(last.statusCode).toBe(409);
    expect(last.json().messageCode).toBe('taskLines.lastLine');

    await staff.caller.tasks.setStatus({ id: only.id, status: 'COMPLETED' });
    const closed = await app.inject({
      method: 'POST',
      url: `/backend/tasks/${only.id}/lines`,
      headers: staff.authHeader,
      payload: { kind: 'FLAT', description: 'Extra', unitPriceCents: 100 },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ messageCode: 'taskLines.closedTask', params: { status: 'COMPLETED' } });

    const proposal = await staff.caller.tasks.create({ id: visit.id, proposed: true, ...task({ title: 'Wipers', soldForCents: 2_000 }) });
    const changed = await staff.caller.taskLines.add({
      id: proposal.id,
      line: { kind: 'FLAT', description: 'Fitting', unitPriceCents: 500 },
    });
    expect(changed.soldForCents).toBe(2_500);
    // Proposals stay out of the visit total until approved.
    expect((await staff.caller.visits.get({ id: visit.id })).totalCostCents).toBe(visit.totalCostCents);
    await owner.caller.myVisits.decide({ id: visit.id, decisions: [{ taskId: proposal.id, decision: 'APPROVED', soldForCents: 2_500 }] });
    const decided = await app.inject({
      method: 'PUT',
      url: `/backend/task-lines/${changed.lines[1]!.id}`,
      headers: staff.authHeader,
      payload: { unitPriceCents: 100 },
    });
    expect(decided.statusCode).toBe(409);
    expect(decided.json().messageCode).toBe('tasks.priceDecided');
    expect((await staff.caller.visits.get({ id: visit.id })).totalCostCents).toBe(visit.totalCostCents + 2_500);
  });

  it('refuses an archived part, a total over the limit and more lines than allowed', async () => {
    const archived = await newPart();
    await testDb().part.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const visit = await visitWith(staff, [task()]);
    const taskId = visit.tasks[0]!.id;
    const add = (line: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/backend/tasks/${taskId}/lines`, headers: staff.authHeader, payload: line });
    expect((await add({ kind: 'PART', partId: archived.id, quantity: 1 })).json().messageCode).toBe('inventory.partArchived');
    const tooLarge = await add({ kind: 'FLAT', description: 'Engine', unitPriceCents: INVENTORY_LIMITS.unitMoneyMaxCents, quantity: 11 });
    expect(tooLarge.statusCode).toBe(400);
    // The limit in the shop's currency units and decimals ("1000000.00" in a 2-decimal currency).
    const { currency } = await testDb().merchant.findFirstOrThrow({ orderBy: { createdAt: 'asc' }, select: { currency: true } });
    expect(tooLarge.json()).toMatchObject({
      messageCode: 'taskLines.totalTooLarge',
      params: { max: formatMinorPlain(TASK_LIMITS.moneyMaxCents, currency) },
    });
    await testDb().taskLine.createMany({
      data: Array.from({ length: INVENTORY_LIMITS.linesPerTask - 1 }, (_, index) => ({
        taskId,
        position: index + 1,
        kind: 'FLAT' as const,
        description: `Line ${index}`,
        quantityMilli: 1000,
        unitPriceCents: 0,
        totalCents: 0,
      })),
    });
    const tooMany = await add({ kind: 'FLAT', description: 'One more', unitPriceCents: 1 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().messageCode).toBe('taskLines.tooManyLines');
  });

  it('reorders lines (every line once) and answers the task', async () => {
    const visit = await visitWith(staff, [
      task({
        lines: [
          { kind: 'FLAT', description: 'A', unitPriceCents: 100 },
          { kind: 'FLAT', description: 'B', unitPriceCents: 200 },
          { kind: 'FLAT', description: 'C', unitPriceCents: 300 },
        ],
      }),
    ]);
    const made = visit.tasks[0]!;
    expect(made.lines.map((line) => line.description)).toEqual(['A', 'B', 'C']);
    const [a, b, c] = made.lines.map((line) => line.id);
    const response = await app.inject({
      method: 'PUT',
      url: `/backend/tasks/${made.id}/lines/order`,
      headers: staff.authHeader,
      payload: { lineIds: [c, a, b] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lines.map((line: { description: string }) => line.description)).toEqual(['C', 'A', 'B']);
    const missing = await app.inject({
      method: 'PUT',
      url: `/backend/tasks/${made.id}/lines/order`,
      headers: staff.authHeader,
      payload: { lineIds: [c, a] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().messageCode).toBe('taskLines.lineNotOfTask');
  });

  it("starts a task with a catalogue item's default lines", async () => {
    const part = await newPart({ priceCents: 900, costCents: 400 });
    const rate = await newRate(5_000);
    const category = await testDb().offeringCategory.create({ data: { title: { en: `Canned ${uniqueSuffix()}` } } });
    const item = await testDb().offeringItem.create({
      data: {
        categoryId: category.id,
        title: { en: 'Oil change' },
        priceCents: 9_900,
        currency: 'EUR',
        lines: {
          create: [
            { position: 0, kind: 'PART', description: 'Filter', partId: part.id, quantityMilli: 2_000 },
            { position: 1, kind: 'LABOUR', description: 'Fitting', labourRateId: rate.id, quantityMilli: 500 },
            { position: 2, kind: 'FLAT', description: 'Disposal', quantityMilli: 1_000, unitPriceCents: 250 },
          ],
        },
      },
    });
    const visit = await visitWith(staff, [task()]);
    const { soldForCents: _price, ...fields } = task({ title: 'Oil change' });
    const made = await staff.caller.tasks.create({ id: visit.id, ...fields, offeringItemId: item.id });
    expect(made.lines.map((line) => [line.kind, line.description, line.quantity, line.unitPriceCents])).toEqual([
      ['PART', 'Filter', 2, 900],
      ['LABOUR', 'Fitting', 0.5, 5_000],
      ['FLAT', 'Disposal', 1, 250],
    ]);
    expect(made.soldForCents).toBe(1_800 + 2_500 + 250);
    await expectTotalsMatchLines(visit.id);
  });
});

describe('canned jobs: default lines of a catalogue item', () => {
  it('staff set them (replaced as a whole), tasks start with them, the public catalogue never shows them', async () => {
    const part = await newPart({ priceCents: 1_200 });
    const rate = await newRate(4_000);
    const category = await staff.caller.offering.categories.create({ title: { en: `Canned ${uniqueSuffix()}` } });
    const item = await staff.caller.offering.items.create({
      categoryId: category.id,
      title: { en: 'Brake service' },
      priceCents: 15_000,
      currency: 'EUR',
      lines: [
        { kind: 'PART', partId: part.id, quantity: 2 },
        { kind: 'LABOUR', labourRateId: rate.id, quantity: 1.5 },
      ],
    });
    expect(item.lines.map((line) => [line.kind, line.description, line.quantity, line.partNumber, line.unitPriceCents])).toEqual([
      ['PART', part.name, 2, part.partNumber, null],
      ['LABOUR', rate.name, 1.5, null, null],
    ]);
    const replaced = await staff.caller.offering.items.update({
      id: item.id,
      data: {
        lines: [
          { kind: 'FLAT', description: 'Brake fluid check', unitPriceCents: 900 },
          { kind: 'PART', partId: part.id, quantity: 4 },
        ],
      },
    });
    expect(replaced.lines.map((line) => line.description)).toEqual(['Brake fluid check', part.name]);
    expect(await testDb().offeringItemLine.count({ where: { itemId: item.id } })).toBe(2);
    // Left out of an edit, they stay.
    const renamed = await staff.caller.offering.items.update({ id: item.id, data: { priceCents: 16_000 } });
    expect(renamed.lines).toHaveLength(2);

    const publicCatalogue = await app.inject({ method: 'GET', url: '/backend/offering/catalogue' });
    expect(publicCatalogue.body).not.toContain('"lines"');
    expect(publicCatalogue.body).not.toContain(part.id);

    const visit = await visitWith(staff, [task()]);
    const { soldForCents: _price, ...fields } = task({ title: 'Brake service' });
    const made = await staff.caller.tasks.create({ id: visit.id, ...fields, offeringItemId: item.id });
    expect(made.lines.map((line) => [line.kind, line.quantity, line.unitPriceCents, line.totalCents])).toEqual([
      ['FLAT', 1, 900, 900],
      ['PART', 4, 1_200, 4_800],
    ]);
    expect(made.soldForCents).toBe(5_700);
  });
});

describe('invoices', () => {
  it("a new invoice lists every task's lines with their quantities and prices, never their costs", async () => {
    const owner = await signedInCustomer();
    const visit = await visitFor(staff, owner, [
      task({
        title: 'Brake job',
        lines: [
          { kind: 'PART', description: 'Brake pads', quantity: 2, unitPriceCents: 3_500, unitCostCents: 1_000 },
          { kind: 'LABOUR', description: 'Fitting', quantity: 1.5, unitPriceCents: 6_000 },
        ],
      }),
      task({ title: 'Wipers', soldForCents: 2_000 }),
    ]);
    const issued = await app.inject({ method: 'POST', url: `/backend/visits/${visit.id}/invoices`, headers: staff.authHeader });
    expect(issued.statusCode, issued.body).toBe(201);
    const { snapshot } = await testDb().invoice.findUniqueOrThrow({ where: { id: issued.json().id }, select: { snapshot: true } });
    const { lines, grossTotal } = snapshot as unknown as InvoiceSnapshotV2;
    expect(
      lines.map(({ taskTitle, kind, description, quantityMilli, unitPrice, amount }) => ({
        taskTitle,
        kind,
        description,
        quantityMilli,
        unitPrice,
        amount,
      })),
    ).toEqual([
      { taskTitle: 'Brake job', kind: 'PART', description: 'Brake pads', quantityMilli: 2_000, unitPrice: 3_500, amount: 7_000 },
      { taskTitle: 'Brake job', kind: 'LABOUR', description: 'Fitting', quantityMilli: 1_500, unitPrice: 6_000, amount: 9_000 },
      { taskTitle: 'Wipers', kind: 'FLAT', description: expect.any(String), quantityMilli: 1_000, unitPrice: 2_000, amount: 2_000 },
    ]);
    expect(grossTotal).toBe(18_000);
    expect(JSON.stringify(snapshot)).not.toContain('unitCostCents');
    const pdf = await app.inject({ method: 'GET', url: `/backend/invoices/${issued.json().id}/pdf?lang=en`, headers: staff.authHeader });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Brake pads');
    expect(text).toContain('Fitting');
    expect(text).toContain('1.5');
  });
});

describe('who sees costs', () => {
  it('admins see unit costs; employees get null and cannot set them; clients see lines without costs', async () => {
    const part = await newPart({ costCents: 1_111, priceCents: 2_222 });
    const owner = await signedInCustomer();
    const visit = await visitFor(staff, owner);
    const taskId = visit.tasks[0]!.id;
    const byEmployee = await staff.caller.taskLines.add({
      id: taskId,
      line: { kind: 'PART', partId: part.id, quantity: 1, unitCostCents: 1 },
    });
    expect(byEmployee.lines.every((line) => line.unitCostCents === null)).toBe(true);
    // The cost an employee sent is ignored: the part's average cost is kept.
    expect((await linesOf(taskId))[1]).toMatchObject({ unitCostCents: 1_111 });
    expect((await staff.caller.visits.get({ id: visit.id })).tasks[0]!.lines.every((line) => line.unitCostCents === null)).toBe(true);
    expect((await staff.caller.tasks.get({ id: taskId })).lines.every((line) => line.unitCostCents === null)).toBe(true);

    const forAdmin = await admin.caller.visits.get({ id: visit.id });
    expect(forAdmin.tasks[0]!.lines.map((line) => line.unitCostCents)).toEqual([6_000, 1_111]);

    const mine = await owner.caller.myVisits.get({ id: visit.id });
    expect(mine.tasks[0]!.lines).toHaveLength(2);
    expect(mine.tasks[0]!.lines.every((line) => line.unitCostCents === null && line.stock === null)).toBe(true);
    const clientCall = await app.inject({
      method: 'POST',
      url: `/backend/tasks/${taskId}/lines`,
      headers: owner.authHeader,
      payload: { kind: 'FLAT', description: 'Free money', unitPriceCents: 0 },
    });
    expect(clientCall.statusCode).toBe(403);
  });
});

describe('totals follow the lines (property-based)', () => {
  type Step =
    | { op: 'add'; kind: 'PART' | 'LABOUR' | 'FLAT'; quantity: number; price: number; cost: number; catalogue: boolean }
    | { op: 'update'; pick: number; quantity: number | null; price: number | null }
    | { op: 'delete'; pick: number };
  const money = fc.integer({ min: 0, max: 250_000 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      op: fc.constant('add' as const),
      kind: fc.constantFrom('PART' as const, 'LABOUR' as const, 'FLAT' as const),
      // Thousandths, hundredths or whole units: each kind's allowed decimals are checked below.
      quantity: fc.integer({ min: 1, max: 20_000 }),
      price: money,
      cost: money,
      catalogue: fc.boolean(),
    }),
    fc.record({
      op: fc.constant('update' as const),
      pick: fc.nat(),
      quantity: fc.option(fc.integer({ min: 1, max: 20_000 })),
      price: fc.option(money),
    }),
    fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  );

  it('any lines added, changed and deleted give task and visit totals equal to the sums of their lines', async () => {
    // A litre part: quantities to the hundredth.
    const litres = await newPart({ unit: 'LITRE', costCents: 900, priceCents: 1_450 });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), fc.boolean(), async (steps, approvedWork) => {
        const visit = await visitWith(admin, [task({ soldForCents: 1_999, costCents: 333 }), task({ title: 'Second', soldForCents: 1 })]);
        const taskId = visit.tasks[0]!.id;
        if (!approvedWork) await admin.caller.tasks.setStatus({ id: visit.tasks[1]!.id, status: 'CANCELLED' });
        for (const s of steps) {
          const lines = await linesOf(taskId);
          if (s.op === 'add') {
            // LABOUR and catalogue litres to the hundredth, a typed part or flat amount to the thousandth.
            const quantity =
              s.kind === 'FLAT' || (s.kind === 'PART' && !s.catalogue) ? s.quantity / 1000 : Math.round(s.quantity / 10) / 100 || 0.01;
            const line =
              s.kind === 'PART' && s.catalogue
                ? { kind: 'PART' as const, partId: litres.id, quantity, unitPriceCents: s.price }
                : { kind: s.kind, description: `Line ${s.kind}`, quantity, unitPriceCents: s.price, unitCostCents: s.cost };
            await admin.caller.taskLines.add({ id: taskId, line });
          } else if (s.op === 'update') {
            const target = lines[s.pick % lines.length]!;
            const hundredths = target.kind === 'LABOUR' || target.partId !== null;
            const quantity = s.quantity === null ? undefined : hundredths ? Math.round(s.quantity / 10) / 100 || 0.01 : s.quantity / 1000;
            await admin.caller.taskLines.update({ id: target.id, quantity, unitPriceCents: s.price ?? undefined });
          } else if (lines.length > 1) {
            await admin.caller.taskLines.delete({ id: lines[s.pick % lines.length]!.id });
          }
          await expectTotalsMatchLines(visit.id);
        }
        const read = await admin.caller.visits.get({ id: visit.id });
        const shown = read.tasks.find((t) => t.id === taskId)!;
        expect(shown.soldForCents).toBe(shown.lines.reduce((sum, line) => sum + line.totalCents, 0));
        for (const line of shown.lines) expect(line.totalCents).toBe(lineTotalCents(toMilli(line.quantity), line.unitPriceCents));
      }),
      { numRuns: 25 },
    );
  });
});
