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

/** A visit whose total is 100.00. */
async function newVisit() {
  const { customer, vehicle } = await createCustomer();
  return staff.caller.visits.create({
    name: 'Payments',
    customerId: customer.id,
    vehicleId: vehicle.id,
    dueDate: inDays(2),
    tasks: [task({ soldForCents: 10_000 })],
  });
}

async function pay(visitId: string, amountCents: number, status: 'SUCCESS' | 'FAILED' = 'SUCCESS') {
  const response = await app.inject({
    method: 'POST',
    url: `/backend/visits/${visitId}/payments`,
    headers: staff.authHeader,
    payload: { amountCents, method: 'CREDIT_CARD', status, notes: 'At the desk' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().payment as { id: string };
}
const change = (id: string, body: object) =>
  app.inject({ method: 'PATCH', url: `/backend/payments/${id}`, headers: staff.authHeader, payload: body });

type Step = (visitId: string) => Promise<unknown>;
const steps = {
  pay:
    (amount: number): Step =>
    (visitId) =>
      pay(visitId, amount),
  fail:
    (amount: number): Step =>
    (visitId) =>
      pay(visitId, amount, 'FAILED'),
  failThenDelete:
    (amount: number): Step =>
    async (visitId) =>
      expect((await change((await pay(visitId, amount, 'FAILED')).id, { action: 'delete' })).statusCode).toBe(200),
  payThenRefund:
    (amount: number, refund?: number): Step =>
    async (visitId) => {
      const payment = await pay(visitId, amount);
      expect((await change(payment.id, { action: 'refund', ...(refund ? { amountCents: refund } : {}) })).statusCode).toBe(200);
    },
};

describe('visit payment status derivation', () => {
  it.each<[string, Step[], number, string]>([
    ['no payment', [], 0, 'UNPAID'],
    ['partial', [steps.pay(4_000)], 4_000, 'PARTIALLY_PAID'],
    ['exact, in two payments', [steps.pay(4_000), steps.pay(6_000)], 10_000, 'PAID'],
    ['over', [steps.pay(12_500)], 12_500, 'OVERPAID'],
    ['partial refund after full', [steps.payThenRefund(10_000, 3_000)], 7_000, 'PARTIALLY_PAID'],
    ['full refund after full', [steps.payThenRefund(10_000)], 0, 'UNPAID'],
    ['failed payment ignored', [steps.fail(10_000)], 0, 'UNPAID'],
    ['failed then successful', [steps.fail(10_000), steps.pay(10_000)], 10_000, 'PAID'],
    ['deleted failed payment ignored', [steps.pay(3_000), steps.failThenDelete(7_000)], 3_000, 'PARTIALLY_PAID'],
  ])('%s', async (_, sequence, expectedPaid, expectedStatus) => {
    const visit = await newVisit();
    for (const step of sequence) await step(visit.id);
    const after = await staff.caller.visits.get({ id: visit.id });
    expect(after).toMatchObject({ paidCents: expectedPaid, paymentStatus: expectedStatus, balanceCents: 10_000 - expectedPaid });
    const stored = await testDb().visit.findUniqueOrThrow({ where: { id: visit.id } });
    expect([stored.paidCents, stored.paymentStatus]).toEqual([expectedPaid, expectedStatus]);
  });

  it('follows the total when the tasks change after payment', async () => {
    const visit = await newVisit();
    await pay(visit.id, 10_000);
    await staff.caller.tasks.create({ ...task({ soldForCents: 2_000 }), id: visit.id });
    expect((await staff.caller.visits.get({ id: visit.id })).paymentStatus).toBe('PARTIALLY_PAID');
  });
});

describe('payment records', () => {
  it('requires an amount above zero and a method', async () => {
    const visit = await newVisit();
    const response = await app.inject({
      method: 'POST',
      url: `/backend/visits/${visit.id}/payments`,
      headers: staff.authHeader,
      payload: { amountCents: 0 },
    });
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = response.json();
    expect(fieldErrors.amountCents).toEqual(['Amount must be greater than 0']);
    expect(fieldErrors.method).toEqual(['Payment method is required']);
  });

  it('keeps a deleted failed payment on record and refuses to delete it twice', async () => {
    const visit = await newVisit();
    const payment = await pay(visit.id, 2_000, 'FAILED');
    const deleted = await change(payment.id, { action: 'delete' });
    expect(deleted.json()).toMatchObject({
      payment: { status: 'DELETED', amountCents: 2_000 },
      visit: { paidCents: 0, paymentStatus: 'UNPAID' },
    });
    expect(await testDb().payment.findUnique({ where: { id: payment.id } })).toMatchObject({ status: 'DELETED' });
    expect((await change(payment.id, { action: 'delete' })).json()).toMatchObject({ messageCode: 'payments.alreadyDeleted' });
  });

  it('never deletes money received or returned (it is in the fiscal journal): a refund gives it back', async () => {
    const visit = await newVisit();
    const payment = await pay(visit.id, 2_000);
    const refused = await change(payment.id, { action: 'delete' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ messageCode: 'payments.recordedUseRefund' });
    const refund = await staff.caller.payments.refund({ id: payment.id, amountCents: 500, notes: null });
    expect((await change(refund.payment.id, { action: 'delete' })).statusCode).toBe(409);
    expect(await testDb().payment.findUnique({ where: { id: payment.id } })).toMatchObject({ status: 'SUCCESS', amountCents: 2_000 });
    const entries = await testDb().fiscalJournalEntry.findMany({
      where: { documentId: { in: [payment.id, refund.payment.id] } },
      orderBy: { sequence: 'asc' },
    });
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ['PAYMENT', 2_000],
      ['REFUND', -500],
    ]);
    expect(entries[1]!.previousHash).toHaveLength(64);
  });

  it('links refunds to their payment and never refunds more than was paid', async () => {
    const visit = await newVisit();
    const payment = await pay(visit.id, 5_000);
    const first = await staff.caller.payments.refund({ id: payment.id, amountCents: 2_000, notes: 'Goodwill' });
    expect(first.payment).toMatchObject({ status: 'REFUNDED', amountCents: 2_000, refundOfId: payment.id, method: 'CREDIT_CARD' });
    const tooMuch = await change(payment.id, { action: 'refund', amountCents: 3_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors.amountCents).toEqual(['Amount must not exceed 30.00']);
    const history = await staff.caller.payments.listForVisit({ id: visit.id });
    expect(history.find((p) => p.id === payment.id)).toMatchObject({ refundableCents: 3_000 });
    expect((await staff.caller.visits.get({ id: visit.id })).paidCents).toBe(3_000);
  });

  it('refunds and deletes at their own REST paths too, and takes the PATCH body over tRPC (payments.change)', async () => {
    const visit = await newVisit();
    const payment = await pay(visit.id, 6_000);
    const refund = await app.inject({
      method: 'POST',
      url: `/backend/payments/${payment.id}/refund`,
      headers: staff.authHeader,
      payload: { amountCents: 1_000 },
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json()).toMatchObject({
      payment: { status: 'REFUNDED', amountCents: 1_000, refundOfId: payment.id },
      visit: { paidCents: 5_000 },
    });
    const second = await staff.caller.payments.change({ id: payment.id, change: { action: 'refund', amountCents: 500, notes: 'Scratch' } });
    expect(second).toMatchObject({ payment: { status: 'REFUNDED', amountCents: 500, notes: 'Scratch' }, visit: { paidCents: 4_500 } });

    const failed = await pay(visit.id, 700, 'FAILED');
    const deleted = await app.inject({ method: 'DELETE', url: `/backend/payments/${failed.id}`, headers: staff.authHeader });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ payment: { status: 'DELETED' }, visit: { paidCents: 4_500 } });
    const another = await pay(visit.id, 300, 'FAILED');
    expect((await staff.caller.payments.change({ id: another.id, change: { action: 'delete' } })).payment.status).toBe('DELETED');
  });

  it('refuses refunds of failed payments', async () => {
    const visit = await newVisit();
    const failed = await pay(visit.id, 5_000, 'FAILED');
    expect((await change(failed.id, { action: 'refund' })).statusCode).toBe(409);
  });

  it('lists the history of a visit and the global history with filters', async () => {
    const visit = await newVisit();
    const cash = await staff.caller.payments.create({ id: visit.id, data: { amountCents: 1_000, method: 'CASH' } });
    const transfer = await staff.caller.payments.create({
      id: visit.id,
      data: { amountCents: 2_000, method: 'BANK_TRANSFER', status: 'FAILED' },
    });
    const perVisit = await app.inject({ method: 'GET', url: `/backend/visits/${visit.id}/payments`, headers: staff.authHeader });
    expect(perVisit.json().map((p: { id: string }) => p.id)).toEqual([transfer.payment.id, cash.payment.id]);

    const query = (qs: string) =>
      app.inject({ method: 'GET', url: `/backend/payments?visitId=${visit.id}&${qs}`, headers: staff.authHeader });
    const ids = async (qs: string) => (await query(qs)).json().items.map((p: { id: string }) => p.id);
    expect(await ids('method=CASH')).toEqual([cash.payment.id]);
    expect(await ids('status=FAILED')).toEqual([transfer.payment.id]);
    expect(await ids(`from=${inDays(0)}&to=${inDays(0)}`)).toHaveLength(2);
    expect(await ids(`from=${inDays(1)}`)).toEqual([]);
    expect(await ids(`to=${inDays(-1)}`)).toEqual([]);
    const page = (await query('')).json();
    expect(page).toMatchObject({ total: 2, items: [{ visit: { id: visit.id }, customer: { id: visit.customer.id } }, {}] });
    expect((await staff.caller.payments.list({ visitId: visit.id, method: 'BANK_TRANSFER' })).items).toHaveLength(1);
  });
});
