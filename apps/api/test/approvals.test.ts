// Estimate approval: staff propose, the customer decides (client area or single-use link), totals and
// statuses follow, staff see the decisions; and every rule that refuses a decision.
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { OutgoingMessage } from '../src/lib/mailer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb } from './helpers.ts';
import { propose, signedInCustomer, visitFor, type Customer, type Staff } from './approvals-fixtures.ts';
import { signedIn, task } from './visits-fixtures.ts';

let app: App;
let staff: Staff;
let alice: Customer;
let bob: Customer;
const outbox: OutgoingMessage[] = [];
beforeAll(async () => {
  app = await buildTestApp({ senders: { email: { name: 'test', send: async (message) => void outbox.push(message) } } });
  staff = await signedIn('EMPLOYEE');
  [alice, bob] = await Promise.all([signedInCustomer(), signedInCustomer()]);
});
afterAll(() => app.close());

async function trpcError(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}
const decide = (
  customer: Customer,
  visitId: string,
  decisions: { taskId: string; decision: 'APPROVED' | 'DECLINED'; soldForCents: number; comment?: string }[],
) => app.inject({ method: 'POST', url: `/backend/my/visits/${visitId}/decisions`, headers: customer.authHeader, payload: { decisions } });

describe('proposing work', () => {
  it('a proposal waits: not in the total, cannot be started, only withdrawn', async () => {
    const visit = await visitFor(staff, alice);
    const proposal = await propose(staff, visit.id, { soldForCents: 2_500 });
    expect(proposal.approval).toMatchObject({ state: 'PENDING', decidedAt: null, seenAt: null });
    expect(proposal.nextStatuses).toEqual(['CANCELLED']);
    const after = await staff.caller.visits.get({ id: visit.id });
    expect(after.totalCostCents).toBe(10_000);
    const start = await app.inject({
      method: 'PATCH',
      url: `/backend/tasks/${proposal.id}/status`,
      headers: staff.authHeader,
      payload: { status: 'IN_PROGRESS' },
    });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toMatch(/waiting for the customer/);
    expect((await testDb().task.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe('PENDING');
  });

  it('a withdrawn proposal is final: not in the total, cannot be reopened or decided, no link for it', async () => {
    const visit = await visitFor(staff, alice);
    const proposal = await propose(staff, visit.id, { soldForCents: 2_500 });
    await staff.caller.tasks.setStatus({ id: proposal.id, status: 'CANCELLED' });
    const reopen = await app.inject({
      method: 'PATCH',
      url: `/backend/tasks/${proposal.id}/status`,
      headers: staff.authHeader,
      payload: { status: 'REOPENED' },
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toMatch(/withdrawn/);
    const decision = await decide(alice, visit.id, [{ taskId: proposal.id, decision: 'APPROVED', soldForCents: 2_500 }]);
    expect(decision.statusCode).toBe(409);
    expect(decision.json().message).toBe('The shop withdrew this proposal');
    expect((await staff.caller.visits.get({ id: visit.id })).totalCostCents).toBe(10_000);
    expect(
      (await app.inject({ method: 'POST', url: `/backend/visits/${visit.id}/approval-links`, headers: staff.authHeader, payload: {} }))
        .statusCode,
    ).toBe(409);
  });

  it('REST proposes with proposed: true and records who proposed', async () => {
    const visit = await visitFor(staff, alice);
    const response = await app.inject({
      method: 'POST',
      url: `/backend/visits/${visit.id}/tasks`,
      headers: staff.authHeader,
      payload: { ...task({ title: 'Cabin filter', soldForCents: 1_900 }), proposed: true },
    });
    expect(response.statusCode).toBe(201);
    const stored = await testDb().task.findUniqueOrThrow({ where: { id: response.json().id } });
    expect(stored).toMatchObject({ approval: 'PENDING', proposedById: staff.user.id });
    expect(stored.proposedAt).toBeInstanceOf(Date);
  });

  it('cannot be added to a closed visit', async () => {
    const visit = await visitFor(staff, alice);
    await testDb().visit.update({ where: { id: visit.id }, data: { status: 'PICKED_UP' } });
    expect((await trpcError(propose(staff, visit.id))).code).toBe('CONFLICT');
    expect(await testDb().task.count({ where: { visitId: visit.id } })).toBe(1);
  });
});

describe('the customer decides in the client area', () => {
  it('approve one, decline the other: totals follow, decisions are recorded and shown to staff', async () => {
    const visit = await visitFor(staff, alice);
    const [wipers, filter] = [
      await propose(staff, visit.id, { title: 'Wipers', soldForCents: 3_000 }),
      await propose(staff, visit.id, { title: 'Air filter', soldForCents: 4_000 }),
    ];
    const freshBefore = (await staff.caller.approvals.fresh()).count;

    const response = await decide(alice, visit.id, [
      { taskId: wipers.id, decision: 'APPROVED', soldForCents: 3_000 },
      { taskId: filter.id, decision: 'DECLINED', soldForCents: 4_000, comment: 'Next time' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ totalCostCents: 13_000, pendingProposalCents: 0 });

    const staffView = await staff.caller.visits.get({ id: visit.id });
    expect(staffView.totalCostCents).toBe(13_000);
    const byTitle = Object.fromEntries(staffView.tasks.map((t) => [t.title, t]));
    expect(byTitle.Wipers).toMatchObject({
      status: 'PENDING',
      approval: { state: 'APPROVED', channel: 'PORTAL', decidedBy: { id: alice.customer.id } },
    });
    expect(byTitle.Wipers!.nextStatuses).toContain('IN_PROGRESS');
    expect(byTitle['Air filter']).toMatchObject({
      status: 'CANCELLED',
      nextStatuses: [],
      approval: { state: 'DECLINED', comment: 'Next time' },
    });
    expect(byTitle['Air filter']!.approval!.decidedAt).not.toBeNull();

    const fresh = await staff.caller.approvals.fresh();
    expect(fresh.count).toBe(freshBefore + 2);
    expect(
      fresh.items
        .filter((item) => item.visit.id === visit.id)
        .map((item) => item.decision)
        .sort(),
    ).toEqual(['APPROVED', 'DECLINED']);
    expect(await staff.caller.approvals.markSeen({ id: visit.id })).toEqual({ count: 2 });
    expect((await staff.caller.approvals.fresh()).items.some((item) => item.visit.id === visit.id)).toBe(false);
  });

  it('approving new work on a visit ready for pickup puts it back in progress', async () => {
    const visit = await visitFor(staff, alice);
    await staff.caller.tasks.setStatus({ id: visit.tasks[0]!.id, status: 'COMPLETED' });
    const proposal = await propose(staff, visit.id);
    const done = await staff.caller.visits.get({ id: visit.id });
    expect(done.status).toBe('COMPLETED');
    await staff.caller.visits.setStatus({ id: visit.id, version: done.version, status: 'READY_FOR_PICKUP' });
    await alice.caller.myVisits.decide({
      id: visit.id,
      decisions: [{ taskId: proposal.id, decision: 'APPROVED', soldForCents: proposal.soldForCents }],
    });
    expect((await staff.caller.visits.get({ id: visit.id })).status).toBe('IN_PROGRESS');
  });

  it("only the visit's owner: another client gets the same 404 as a missing visit and nothing changes", async () => {
    const visit = await visitFor(staff, alice);
    const proposal = await propose(staff, visit.id);
    const item = { taskId: proposal.id, decision: 'APPROVED' as const, soldForCents: proposal.soldForCents };
    const [foreign, missing] = [await decide(bob, visit.id, [item]), await decide(bob, randomUUID(), [item])];
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(await trpcError(bob.caller.myVisits.decide({ id: visit.id, decisions: [item] }))).toEqual(
      await trpcError(bob.caller.myVisits.decide({ id: randomUUID(), decisions: [item] })),
    );
    // A task of someone else's visit under the caller's own visit id is "Task not found".
    const own = await visitFor(staff, bob);
    const smuggled = await decide(bob, own.id, [item]);
    expect(smuggled.statusCode).toBe(404);
    expect(smuggled.json().message).toBe('Task not found');
    expect((await testDb().task.findUniqueOrThrow({ where: { id: proposal.id } })).approval).toBe('PENDING');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/backend/my/visits/${visit.id}/decisions`,
          headers: staff.authHeader,
          payload: { decisions: [item] },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: `/backend/my/visits/${visit.id}/decisions`, payload: { decisions: [item] } })).statusCode,
    ).toBe(401);
  });

  it('only proposed tasks, once, at the price shown, not after the visit is closed', async () => {
    const visit = await visitFor(staff, alice);
    const ordinary = visit.tasks[0]!;
    const notProposed = await decide(alice, visit.id, [{ taskId: ordinary.id, decision: 'DECLINED', soldForCents: ordinary.soldForCents }]);
    expect(notProposed.statusCode).toBe(409);
    expect(notProposed.json().message).toBe('This task was not proposed for approval');
    expect((await testDb().task.findUniqueOrThrow({ where: { id: ordinary.id } })).status).toBe('PENDING');

    const proposal = await propose(staff, visit.id, { soldForCents: 5_000 });
    const stale = await decide(alice, visit.id, [{ taskId: proposal.id, decision: 'APPROVED', soldForCents: 4_000 }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed the price/);

    expect((await decide(alice, visit.id, [{ taskId: proposal.id, decision: 'APPROVED', soldForCents: 5_000 }])).statusCode).toBe(200);
    const again = await decide(alice, visit.id, [{ taskId: proposal.id, decision: 'DECLINED', soldForCents: 5_000 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A decision was already recorded for this task');
    expect((await testDb().task.findUniqueOrThrow({ where: { id: proposal.id } })).approval).toBe('APPROVED');

    const late = await propose(staff, visit.id);
    await testDb().visit.update({ where: { id: visit.id }, data: { status: 'PICKED_UP' } });
    const closed = await decide(alice, visit.id, [{ taskId: late.id, decision: 'APPROVED', soldForCents: late.soldForCents }]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/closed/);
    expect((await alice.caller.myVisits.get({ id: visit.id })).tasks.every((t) => !t.awaitingDecision)).toBe(true);
  });

  it('two decisions racing on one task: exactly one is recorded', async () => {
    const visit = await visitFor(staff, alice);
    const proposal = await propose(staff, visit.id);
    const results = await Promise.all(
      (['APPROVED', 'DECLINED'] as const).map((decision) =>
        decide(alice, visit.id, [{ taskId: proposal.id, decision, soldForCents: proposal.soldForCents }]),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('a batch with one bad decision changes nothing', async () => {
    const visit = await visitFor(staff, alice);
    const good = await propose(staff, visit.id);
    const response = await decide(alice, visit.id, [
      { taskId: good.id, decision: 'APPROVED', soldForCents: good.soldForCents },
      { taskId: visit.tasks[0]!.id, decision: 'APPROVED', soldForCents: visit.tasks[0]!.soldForCents },
    ]);
    expect(response.statusCode).toBe(409);
    expect((await testDb().task.findUniqueOrThrow({ where: { id: good.id } })).approval).toBe('PENDING');
    expect((await decide(alice, visit.id, [])).statusCode).toBe(400);
  });

  it("declined work is final on its task, kept, and shown on the vehicle's next visit", async () => {
    const first = await visitFor(staff, alice);
    const proposal = await propose(staff, first.id, { title: 'Timing belt', soldForCents: 45_000 });
    await alice.caller.myVisits.decide({
      id: first.id,
      decisions: [{ taskId: proposal.id, decision: 'DECLINED', soldForCents: 45_000, comment: 'Too expensive now' }],
    });
    const reopen = await app.inject({
      method: 'PATCH',
      url: `/backend/tasks/${proposal.id}/status`,
      headers: staff.authHeader,
      payload: { status: 'REOPENED' },
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toMatch(/declined/);
    expect((await app.inject({ method: 'DELETE', url: `/backend/tasks/${proposal.id}`, headers: staff.authHeader })).statusCode).toBe(409);

    const next = await visitFor(staff, alice);
    const declined = await staff.caller.approvals.declined({ id: alice.vehicle.id, exceptVisitId: next.id });
    expect(declined.items[0]).toMatchObject({
      taskId: proposal.id,
      title: 'Timing belt',
      soldForCents: 45_000,
      comment: 'Too expensive now',
      visit: { id: first.id },
    });
    const rest = await app.inject({
      method: 'GET',
      url: `/backend/vehicles/${alice.vehicle.id}/declined-work?exceptVisitId=${first.id}`,
      headers: staff.authHeader,
    });
    expect(rest.json().items.some((item: { taskId: string }) => item.taskId === proposal.id)).toBe(false);
  });

  it('the price of decided work is locked; a pending proposal can still be repriced', async () => {
    const visit = await visitFor(staff, alice);
    const proposal = await propose(staff, visit.id, { soldForCents: 3_000 });
    const repriced = await staff.caller.tasks.update({
      ...task({ title: proposal.title, soldForCents: 3_500 }),
      id: proposal.id,
      updatedAt: proposal.updatedAt,
    });
    await alice.caller.myVisits.decide({ id: visit.id, decisions: [{ taskId: proposal.id, decision: 'APPROVED', soldForCents: 3_500 }] });
    const current = await staff.caller.tasks.get({ id: repriced.id });
    const stale = staff.caller.tasks.update({
      ...task({ title: 'x', soldForCents: 9_000 }),
      id: proposal.id,
      updatedAt: current.updatedAt,
    });
    expect((await trpcError(stale)).code).toBe('CONFLICT');
    expect((await staff.caller.visits.get({ id: visit.id })).totalCostCents).toBe(13_500);
  });
});

describe('the approval link', () => {
  async function linkFor(visitId: string, sendEmail = true) {
    const response = await app.inject({
      method: 'POST',
      url: `/backend/visits/${visitId}/approval-links`,
      headers: staff.authHeader,
      payload: { sendEmail },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    return { ...body, token: (body.url as string).split('/approve/')[1]! };
  }
  const open = (token: string) => app.inject({ method: 'GET', url: `/backend/approve/${token}` });
  const submit = (token: string, decisions: unknown[]) =>
    app.inject({ method: 'POST', url: `/backend/approve/${token}`, payload: { decisions } });

  it("is emailed in the customer's language, offered for WhatsApp, opens only that visit's proposals and works once", async () => {
    const email = `alice-${randomUUID().slice(0, 8)}@test.garage`;
    await testDb().user.update({
      where: { id: alice.customer.id },
      data: { email, preferredLanguage: 'fr', countryCode: '+33', phoneNumber: `6${String(Date.now()).slice(-8)}` },
    });
    const visit = await visitFor(staff, alice);
    const [wipers, filter] = [
      await propose(staff, visit.id, { title: 'Wipers', soldForCents: 3_000 }),
      await propose(staff, visit.id, { title: 'Air filter', soldForCents: 4_000 }),
    ];
    const link = await linkFor(visit.id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.emailedTo).toBe(email);
    expect(link.pendingCount).toBe(2);
    expect(link.whatsappUrl).toMatch(/^https:\/\/wa\.me\/336\d{8}\?text=/);
    expect(decodeURIComponent(link.whatsappUrl.split('text=')[1])).toContain(link.url);
    const mail = outbox.find((message) => message.text.includes(link.url));
    expect(mail).toMatchObject({ to: email, subject: expect.stringMatching(/^Votre accord est nécessaire/) });
    // The database keeps only a keyed hash.
    expect(await testDb().approvalLink.count({ where: { tokenHash: link.token } })).toBe(0);

    const page = await open(link.token);
    expect(page.statusCode).toBe(200);
    expect(page.json().tasks.map((t: { title: string }) => t.title)).toEqual(['Wipers', 'Air filter']);
    expect(page.json()).toMatchObject({ visit: { name: 'Portal visit', totalCostCents: 10_000 }, language: 'fr' });
    expect(JSON.stringify(page.json())).not.toContain('costCents"');

    // Every proposal must be decided in the one submission.
    expect((await submit(link.token, [{ taskId: wipers.id, decision: 'APPROVED', soldForCents: 3_000 }])).statusCode).toBe(409);
    const done = await submit(link.token, [
      { taskId: wipers.id, decision: 'APPROVED', soldForCents: 3_000 },
      { taskId: filter.id, decision: 'DECLINED', soldForCents: 4_000, comment: 'Later' },
    ]);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ decided: 2, totalCostCents: 13_000 });
    const stored = await testDb().task.findUniqueOrThrow({ where: { id: filter.id } });
    expect(stored).toMatchObject({
      approval: 'DECLINED',
      approvalChannel: 'LINK',
      approvalDecidedById: alice.customer.id,
      status: 'CANCELLED',
    });

    const reopened = await open(link.token);
    expect(reopened.statusCode).toBe(410);
    expect(reopened.json().message).toMatch(/already used/);
    expect((await submit(link.token, [{ taskId: wipers.id, decision: 'DECLINED', soldForCents: 3_000 }])).statusCode).toBe(410);
    expect((await staff.caller.approvals.latestLink({ id: visit.id })).latest?.consumedAt).not.toBeNull();
  });

  it('a forged token is 404; an expired or replaced one is 410; nothing is decided', async () => {
    const visit = await visitFor(staff, alice);
    const proposal = await propose(staff, visit.id);
    const decision = [{ taskId: proposal.id, decision: 'APPROVED', soldForCents: proposal.soldForCents }];
    expect((await open('forged-token-forged-token-forged-token-abcde')).statusCode).toBe(404);
    expect((await submit('forged-token-forged-token-forged-token-abcde', decision)).statusCode).toBe(404);

    const first = await linkFor(visit.id, false);
    expect(first.emailedTo).toBeNull();
    const second = await linkFor(visit.id, false);
    expect((await open(first.token)).statusCode).toBe(410);
    expect((await open(first.token)).json().message).toMatch(/replaced/);
    expect((await submit(first.token, decision)).statusCode).toBe(410);

    await testDb().approvalLink.updateMany({
      where: { visitId: visit.id, revokedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await open(second.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);
    expect((await submit(second.token, decision)).statusCode).toBe(410);
    expect((await testDb().task.findUniqueOrThrow({ where: { id: proposal.id } })).approval).toBe('PENDING');
  });

  it('is served over tRPC too, to a caller without a session (approvals.readLink, approvals.decideByLink)', async () => {
    const visit = await visitFor(staff, alice);
    const proposal = await propose(staff, visit.id, { title: 'Brake fluid', soldForCents: 2_500 });
    const link = await linkFor(visit.id, false);
    const input = encodeURIComponent(JSON.stringify({ token: link.token }));
    const page = await app.inject({ method: 'GET', url: `/backend/trpc/approvals.readLink?input=${input}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().result.data.tasks.map((t: { title: string }) => t.title)).toEqual(['Brake fluid']);

    const decisions = [{ taskId: proposal.id, decision: 'APPROVED', soldForCents: 2_500 }];
    const decideByLink = () =>
      app.inject({ method: 'POST', url: '/backend/trpc/approvals.decideByLink', payload: { token: link.token, decisions } });
    const done = await decideByLink();
    expect(done.statusCode).toBe(200);
    expect(done.json().result.data).toMatchObject({ decided: 1 });
    const stored = await testDb().task.findUniqueOrThrow({ where: { id: proposal.id } });
    expect(stored).toMatchObject({ approval: 'APPROVED', approvalChannel: 'LINK' });
    const again = await decideByLink();
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toMatch(/already used/);
  });

  it("cannot decide another visit's tasks, even of the same customer", async () => {
    const [visitA, visitB] = [await visitFor(staff, alice), await visitFor(staff, alice)];
    await propose(staff, visitA.id);
    const other = await propose(staff, visitB.id);
    const link = await linkFor(visitA.id, false);
    const response = await submit(link.token, [{ taskId: other.id, decision: 'APPROVED', soldForCents: other.soldForCents }]);
    expect(response.statusCode).toBe(404);
    expect((await testDb().task.findUniqueOrThrow({ where: { id: other.id } })).approval).toBe('PENDING');
    expect((await open(link.token)).statusCode).toBe(200);
  });

  it('staff only, and only for a visit with proposals waiting that is not closed', async () => {
    const visit = await visitFor(staff, alice);
    expect(
      (await app.inject({ method: 'POST', url: `/backend/visits/${visit.id}/approval-links`, headers: staff.authHeader, payload: {} }))
        .statusCode,
    ).toBe(409);
    await propose(staff, visit.id);
    expect(
      (await app.inject({ method: 'POST', url: `/backend/visits/${visit.id}/approval-links`, headers: alice.authHeader, payload: {} }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/backend/visits/${visit.id}/approval-links`, payload: {} })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: `/backend/visits/${randomUUID()}/approval-links`, headers: staff.authHeader, payload: {} }))
        .statusCode,
    ).toBe(404);
    const link = await linkFor(visit.id, false);
    await testDb().visit.update({ where: { id: visit.id }, data: { status: 'CANCELLED' } });
    expect((await open(link.token)).statusCode).toBe(409);
    expect(
      (await app.inject({ method: 'POST', url: `/backend/visits/${visit.id}/approval-links`, headers: staff.authHeader, payload: {} }))
        .statusCode,
    ).toBe(409);
    expect((await app.inject({ method: 'GET', url: '/backend/approvals/fresh', headers: alice.authHeader })).statusCode).toBe(403);
  });

  it('staff can revoke the live link', async () => {
    const visit = await visitFor(staff, alice);
    await propose(staff, visit.id);
    const link = await linkFor(visit.id, false);
    const revoked = await app.inject({ method: 'DELETE', url: `/backend/visits/${visit.id}/approval-links`, headers: staff.authHeader });
    expect(revoked.json()).toEqual({ count: 1 });
    expect((await open(link.token)).statusCode).toBe(410);
  });
});
