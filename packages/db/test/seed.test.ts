import {
  BRANDING_TYPES,
  LANGUAGES,
  VISIT_PAYMENT_STATUSES,
  VISIT_STATUSES,
  isValidBarcode,
  lineTotalCents,
  parseThemeColors,
  visitTotalCents,
  wantedLineStock,
} from '@garage/shared';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { createDb } from '../src/client.ts';
import { verifyPassword } from '../src/password.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/seed/demo.ts';

// The global setup already seeded this database once.
const db = createDb(inject('databaseUrl'), { poolSize: 2 });
afterAll(() => db.$disconnect());

async function counts() {
  const [users, vehicles, visits, tasks, payments, branding, pageViews] = await Promise.all([
    db.user.count(),
    db.vehicle.count(),
    db.visit.count(),
    db.task.count(),
    db.payment.count(),
    db.branding.count(),
    db.pageViewEvent.count(),
  ]);
  return { users, vehicles, visits, tasks, payments, branding, pageViews };
}

describe('demo seed', () => {
  it('is idempotent: running it again adds nothing', async () => {
    const before = await counts();
    expect(await seedDemoData(db)).toEqual({ created: false });
    expect(await counts()).toEqual(before);
  });

  it('creates the four demo accounts with their documented passwords and roles', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await db.user.findUniqueOrThrow({ where: { email: account.email } });
      expect(user).toMatchObject({ username: account.username, role: account.role, active: true });
      expect(await verifyPassword(user.passwordHash!, account.password)).toBe(true);
    }
  });

  it('has visits in every status and every payment status', async () => {
    const statuses = await db.visit.groupBy({ by: ['status'], _count: true });
    expect(statuses.map((row) => row.status).sort()).toEqual([...VISIT_STATUSES].sort());
    const paymentStatuses = await db.visit.groupBy({ by: ['paymentStatus'], _count: true });
    expect(paymentStatuses.map((row) => row.paymentStatus).sort()).toEqual([...VISIT_PAYMENT_STATUSES].sort());
  });

  it("makes sense as a shop's data: electric vehicles are recent, without oil changes or combustion-engine jobs", async () => {
    const electric = await db.vehicle.findMany({ where: { engineType: 'Electric' }, select: { id: true, year: true } });
    expect(electric.length).toBeGreaterThan(0);
    for (const vehicle of electric) expect(vehicle.year).toBeGreaterThanOrEqual(2020);
    const ids = electric.map((vehicle) => vehicle.id);
    expect(await db.oilChange.count({ where: { vehicleId: { in: ids } } })).toBe(0);
    const jobs = await db.task.findMany({ where: { visit: { vehicleId: { in: ids } } }, select: { title: true } });
    expect(jobs.length).toBeGreaterThan(0);
    for (const { title } of jobs) expect(title).not.toMatch(/oil|timing belt|clutch|spark plug/i);
    expect(await db.oilChange.count()).toBeGreaterThan(0);
  });

  it("puts visits in the shop's week: Monday to Saturday, 08:00 to 18:00, none in the future", async () => {
    const visits = await db.visit.findMany({ select: { visitDate: true } });
    for (const { visitDate } of visits) {
      expect(visitDate.getUTCDay()).not.toBe(0);
      expect(visitDate.getUTCHours()).toBeGreaterThanOrEqual(8);
      expect(visitDate.getUTCHours()).toBeLessThan(18);
      expect(visitDate.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('has every branding type for its scope, with a valid theme JSON', async () => {
    const entries = await db.branding.findMany();
    for (const [type, { scope }] of Object.entries(BRANDING_TYPES)) {
      const languages = scope === 'common' ? ['common'] : [...LANGUAGES];
      for (const language of languages)
        expect(
          entries.some((e) => e.type === type && e.language === language),
          `${type}/${language}`,
        ).toBe(true);
    }
    const theme = entries.find((e) => e.type === 'MERCHANT_THEME_COLORS')!;
    expect(parseThemeColors((theme.fields as { value: string }[])[0]!.value)).not.toBeNull();
  });

  it('has about 30 days of page views', async () => {
    const oldest = await db.pageViewEvent.findFirst({ orderBy: { occurredAt: 'asc' } });
    const ageDays = (Date.now() - oldest!.occurredAt.getTime()) / 86_400_000;
    expect(ageDays).toBeGreaterThan(28);
  });

  it('has an invoice for every finished visit, numbered in issue order, the demo client among them, and credit notes', async () => {
    const finished = await db.visit.count({
      where: { status: { in: ['COMPLETED', 'READY_FOR_PICKUP', 'PICKED_UP'] }, completedAt: { not: null } },
    });
    const invoices = await db.invoice.findMany({
      where: { kind: 'INVOICE' },
      orderBy: [{ year: 'asc' }, { sequence: 'asc' }],
      select: { number: true, issuedAt: true, customerId: true, totalCents: true, visitId: true },
    });
    expect(finished).toBeGreaterThan(0);
    // A corrected visit has its credited invoice and the one issued after it.
    expect(new Set(invoices.map((invoice) => invoice.visitId)).size).toBe(finished);
    expect(invoices.every((invoice) => /^INV-\d{4}-\d{6}$/.test(invoice.number) && invoice.totalCents > 0)).toBe(true);
    const dates = invoices.map((invoice) => invoice.issuedAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    const client = await db.user.findUniqueOrThrow({ where: { username: 'client' }, select: { id: true } });
    expect(invoices.some((invoice) => invoice.customerId === client.id)).toBe(true);
    // Credit notes: their own series, negative, each crediting an invoice of the same visit.
    const creditNotes = await db.invoice.findMany({
      where: { kind: 'CREDIT_NOTE' },
      select: { number: true, totalCents: true, visitId: true, creditedInvoice: { select: { visitId: true, kind: true } } },
    });
    expect(creditNotes.length).toBeGreaterThan(0);
    for (const note of creditNotes) {
      expect(note.number).toMatch(/^CN-\d{4}-\d{6}$/);
      expect(note.totalCents).toBeLessThan(0);
      expect(note.creditedInvoice).toEqual({ visitId: note.visitId, kind: 'INVOICE' });
    }
  });

  it('explains its stock: every part on hand is the sum of its movements, used lines have their USED movement', async () => {
    const parts = await db.part.findMany({ select: { id: true, onHandMilli: true, barcode: true } });
    expect(parts.length).toBeGreaterThanOrEqual(250);
    const sums = await db.stockMovement.groupBy({ by: ['partId'], _sum: { quantityMilli: true } });
    const sumOf = new Map(sums.map((row) => [row.partId, row._sum.quantityMilli ?? 0]));
    for (const part of parts) expect(part.onHandMilli).toBe(sumOf.get(part.id) ?? 0);
    expect(parts.every((part) => part.barcode && isValidBarcode(part.barcode))).toBe(true);
    const used = await db.taskLine.findMany({ where: { stock: 'USED' }, select: { id: true, quantityMilli: true, movements: true } });
    expect(used.length).toBeGreaterThan(0);
    for (const line of used) expect(line.movements.map((m) => [m.kind, m.quantityMilli])).toEqual([['USED', -line.quantityMilli]]);
    // The e2e journeys scan this part.
    const oilFilter = await db.part.findUniqueOrThrow({ where: { partNumber: 'OF-1001' } });
    expect(oilFilter).toMatchObject({ name: 'Oil filter', barcode: '4006381333931' });
    expect(oilFilter.onHandMilli).toBeGreaterThanOrEqual(20_000);
  });

  it('prices every task from its lines and every visit from its tasks, with part lines in the state their task wants', async () => {
    const tasks = await db.task.findMany({
      select: { status: true, approval: true, soldForCents: true, costCents: true, lines: true, visitId: true },
    });
    for (const task of tasks) {
      expect(task.lines.length).toBeGreaterThan(0);
      expect(task.soldForCents).toBe(task.lines.reduce((sum, line) => sum + line.totalCents, 0));
      expect(task.costCents).toBe(task.lines.reduce((sum, line) => sum + lineTotalCents(line.quantityMilli, line.unitCostCents), 0));
      for (const line of task.lines.filter((candidate) => candidate.partId)) {
        const wanted = wantedLineStock({ status: task.status, approval: task.approval });
        expect(wanted === 'RESERVED' ? ['RESERVED', 'BACKORDERED'] : [wanted]).toContain(line.stock);
      }
    }
    expect(tasks.some((task) => task.lines.some((line) => line.kind === 'LABOUR'))).toBe(true);
    const visits = await db.visit.findMany({ select: { id: true, totalCostCents: true } });
    for (const visit of visits) {
      expect(visit.totalCostCents).toBe(visitTotalCents(tasks.filter((task) => task.visitId === visit.id)));
    }
  });

  it('has purchase orders in every state but cancelled, parts running low and catalogue items with default lines', async () => {
    const statuses = await db.purchaseOrder.groupBy({ by: ['status'], _count: true });
    expect(Object.fromEntries(statuses.map((row) => [row.status, row._count]))).toEqual({
      RECEIVED: 10,
      PARTLY_RECEIVED: 1,
      SENT: 2,
      DRAFT: 2,
    });
    const received = await db.stockMovement.count({ where: { kind: 'RECEIVED', purchaseOrderId: { not: null } } });
    expect(received).toBeGreaterThan(10);
    const low = await db.$queryRawUnsafe<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM "Part" WHERE "reorderPointMilli" IS NOT NULL AND "onHandMilli" < "reorderPointMilli"`,
    );
    expect(low[0]!.count).toBeGreaterThan(2);
    expect(await db.offeringItemLine.count()).toBeGreaterThan(5);
    expect(await db.labourRate.count({ where: { isDefault: true } })).toBe(1);
  });
});
