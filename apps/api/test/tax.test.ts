// Taxes (#27), on a database of its own: the shop's tax settings (profile, prices mode, default rates) are
// what every other test file shares. Rates and their in-use lock, settings validated per country profile,
// business customers' identifiers, which rate a line takes (tax-resolution.ts), and the amount due when
// prices are typed without tax: the JS rule (visitAmountDue) and its SQL twin agree on random visits.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Prisma, createDb, ensureMerchant, type Db } from '@garage/db';
import { createIsolatedDatabase, type IsolatedDatabase } from '@garage/db/testing/test-database';
import { visitAmountDue, type Role, type TaskLineInput, type TaxCountryProfile } from '@garage/shared';
import type { App } from '../src/app.ts';
import { readAmountDueTasks } from '../src/modules/tax/amount-due.ts';
import { visitAmountDueSql } from '../src/modules/tax/amount-due.sql.ts';
import { createCaller } from '../src/router.ts';
import { signAccessToken } from '../src/session/session.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { TEST_JWT_SECRET, buildTestApp, testDeps, uniqueSuffix } from './helpers.ts';
import { newUser } from './users-fixtures.ts';

let iso: IsolatedDatabase;
let db: Db;
let app: App;
type Actor = Awaited<ReturnType<typeof user>>;
let admin: Actor;
let employee: Actor;
let client: Actor;
let vehicle: { id: string; ownerId: string };

async function user(role: Role) {
  const suffix = uniqueSuffix();
  const row = await db.user.create({ data: { firstName: role, lastName: suffix, username: `${role.toLowerCase()}_${suffix}`, role } });
  const session = { userId: row.id, roles: [role] };
  return {
    id: row.id,
    headers: { authorization: `Bearer ${signAccessToken(session, TEST_JWT_SECRET)}` },
    caller: createCaller(createContextInner(testDeps({ db }), session)),
  };
}

const rest = (method: 'GET' | 'POST' | 'PATCH', url: string, actor: Actor | null, payload?: object) =>
  app.inject({ method, url: `/backend${url}`, headers: actor?.headers ?? {}, ...(payload ? { payload } : {}) });

const newRate = async (name: string, basisPoints: number) =>
  (await rest('POST', '/tax-rates', admin, { name: `${name} ${uniqueSuffix()}`, basisPoints })).json() as { id: string };

const settings = (patch: object) => rest('PATCH', '/tax-settings', admin, patch);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function visitWith(lines: TaskLineInput[], extra: Record<string, unknown> = {}) {
  return employee.caller.visits.create({
    name: 'Tax visit',
    customerId: vehicle.ownerId,
    vehicleId: vehicle.id,
    dueDate: inDays(3),
    tasks: [{ title: 'Service', service: 'MAINTENANCE', priority: 'NORMAL', lines, ...extra }],
  });
}

// 732 829 320: a valid SIREN (Luhn); its VAT key is 44 (legal-identifiers.test.ts).
const SIREN = '732829320';

beforeAll(async () => {
  iso = await createIsolatedDatabase(inject('databaseUrl'));
  db = createDb(iso.url, { poolSize: 4 });
  app = await buildTestApp({ db });
  await ensureMerchant(db);
  admin = await user('ADMIN');
  employee = await user('EMPLOYEE');
  client = await user('CLIENT');
  vehicle = await db.vehicle.create({
    data: {
      ownerId: client.id,
      type: 'CAR',
      plateNumber: 'TX 27',
      plateNormalized: 'TX27',
      color: 'Blue',
      brand: 'Renault',
      model: 'Clio',
      year: 2021,
      engineType: 'Petrol',
    },
    select: { id: true, ownerId: true },
  });
});

afterAll(async () => {
  await app?.close();
  await db?.$disconnect();
  await iso?.drop();
});

describe('tax rates', () => {
  it('admins create, rename and archive; staff read; the percentage is locked once a part uses the rate', async () => {
    const created = await rest('POST', '/tax-rates', admin, { name: 'TVA 20 %', basisPoints: 2000 });
    expect(created.statusCode).toBe(201);
    const rate = created.json();
    expect(rate).toMatchObject({
      name: 'TVA 20 %',
      basisPoints: 2000,
      category: 'S',
      exemptionReason: null,
      archivedAt: null,
      inUse: false,
    });

    // Not used yet: its percentage may still be corrected.
    const corrected = await rest('PATCH', `/tax-rates/${rate.id}`, admin, { basisPoints: 1960 });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().basisPoints).toBe(1960);

    await db.part.create({ data: { partNumber: `P-${uniqueSuffix()}`, name: 'Filter', taxRateId: rate.id } });
    const listed = await rest('GET', '/tax-rates', employee);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().find((row: { id: string }) => row.id === rate.id)).toMatchObject({ inUse: true });

    const locked = await rest('PATCH', `/tax-rates/${rate.id}`, admin, { basisPoints: 2000 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ messageCode: 'tax.rateInUse', fieldErrorCodes: { basisPoints: [{ code: 'tax.rateInUse' }] } });
    const category = await rest('PATCH', `/tax-rates/${rate.id}`, admin, { category: 'E' });
    expect(category.statusCode).toBe(409);
    expect((await db.taxRate.findUniqueOrThrow({ where: { id: rate.id } })).basisPoints).toBe(1960);
    // Labels may change (issued invoices keep their own copy).
    const renamed = await rest('PATCH', `/tax-rates/${rate.id}`, admin, { name: 'TVA 19,6 %', exemptionReason: null });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'TVA 19,6 %', basisPoints: 1960 });

    const archived = await rest('POST', `/tax-rates/${rate.id}/archive`, admin);
    expect(archived.json().archivedAt).not.toBeNull();
    const inPickers = (await rest('GET', '/tax-rates', employee)).json().map((row: { id: string }) => row.id);
    expect(inPickers).not.toContain(rate.id);
    const all = (await rest('GET', '/tax-rates?includeArchived=true', employee)).json().map((row: { id: string }) => row.id);
    expect(all).toContain(rate.id);
    const restored = await rest('POST', `/tax-rates/${rate.id}/unarchive`, admin);
    expect(restored.json().archivedAt).toBeNull();
  });

  it('refuses bad rates and unknown ids', async () => {
    expect((await rest('POST', '/tax-rates', admin, { name: 'Too much', basisPoints: 10_001 })).statusCode).toBe(400);
    expect((await rest('POST', '/tax-rates', admin, { name: '', basisPoints: 2000 })).statusCode).toBe(400);
    const missing = await rest('PATCH', '/tax-rates/0190a3c5-0000-7000-8000-000000000001', admin, { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().messageCode).toBe('missing.taxRate');
  });

  it('access: staff read rates and settings, only admins write; clients and strangers neither', async () => {
    expect((await rest('GET', '/tax-rates', client)).statusCode).toBe(403);
    expect((await rest('GET', '/tax-rates', null)).statusCode).toBe(401);
    expect((await rest('POST', '/tax-rates', employee, { name: 'VAT', basisPoints: 500 })).statusCode).toBe(403);
    expect((await rest('GET', '/tax-settings', employee)).statusCode).toBe(200);
    expect((await rest('GET', '/tax-settings', client)).statusCode).toBe(403);
    expect((await rest('PATCH', '/tax-settings', employee, { pricesIncludeTax: false })).statusCode).toBe(403);
    await expect(employee.caller.taxSettings.update({ pricesIncludeTax: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(employee.caller.taxRates.list({})).resolves.toBeInstanceOf(Array);
  });
});

describe('tax settings', () => {
  it('starts from the defaults: profile OTHER, prices with tax, the PCG accounts', async () => {
    const read = await rest('GET', '/tax-settings', employee);
    expect(read.json()).toMatchObject({
      accountingAccounts: { customers: '411000', taxCollected: '445710', salesJournal: 'VT' },
      legalIdentity: { legalName: null, identifiers: { siren: null, other: [] } },
    });
  });

  it('checks identifiers by the profile and names the field; compacts what is typed', async () => {
    const badSiret = await settings({
      profile: 'FR',
      legalIdentity: {
        legalName: 'Garage du Centre SARL',
        address: { line1: '1 rue de la Paix', postcode: '69001', city: 'Lyon', countryCode: 'FR' },
        identifiers: { siren: SIREN, siret: '73282932000075' },
      },
    });
    expect(badSiret.statusCode).toBe(400);
    expect(badSiret.json().fieldErrorCodes).toEqual({ 'legalIdentity.identifiers.siret': [{ code: 'legalIds.siret', params: {} }] });
    // Refused whole: the profile did not change either.
    expect((await db.merchant.findFirstOrThrow()).taxProfile).toBe('OTHER');

    const ok = await settings({
      profile: 'FR',
      legalIdentity: {
        legalName: 'Garage du Centre SARL',
        address: { line1: '1 rue de la Paix', postcode: '69001', city: 'Lyon', countryCode: 'FR' },
        identifiers: { siren: '732 829 320', siret: '732 829 320 00074', vatNumber: 'FR 44 732829320', rcs: 'RCS Lyon 732 829 320' },
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      profile: 'FR',
      legalIdentity: { identifiers: { siren: SIREN, siret: '73282932000074', vatNumber: `FR44${SIREN}`, rcs: 'RCS Lyon 732 829 320' } },
    });

    // A field left out keeps its value.
    const partial = await settings({ accountingAccounts: { customers: '411100' } });
    expect(partial.json()).toMatchObject({ profile: 'FR', legalIdentity: { legalName: 'Garage du Centre SARL' } });
    expect(partial.json().accountingAccounts.customers).toBe('411100');

    // Another profile checks the kept identity by its own rules: a French VAT number is no Saudi one.
    const toSaudi = await settings({ profile: 'SA' });
    expect(toSaudi.statusCode).toBe(400);
    expect(Object.keys(toSaudi.json().fieldErrorCodes)).toEqual(['legalIdentity.identifiers.vatNumber']);
    const saudi = await settings({
      profile: 'SA',
      legalIdentity: {
        legalName: 'ورشة',
        address: {},
        identifiers: { vatNumber: '310122393500003', commercialRegistration: '1010010101' },
      },
    });
    expect(saudi.statusCode).toBe(200);
    const badCr = await settings({ legalIdentity: { address: {}, identifiers: { commercialRegistration: '12' } } });
    expect(badCr.json().fieldErrorCodes).toHaveProperty(['legalIdentity.identifiers.commercialRegistration']);
    // Back to France for the rest of the file.
    expect((await settings({ profile: 'FR', legalIdentity: { address: {}, identifiers: { siren: SIREN } } })).statusCode).toBe(200);
  });

  it('a default rate must exist and not be archived; archiving a default clears it', async () => {
    const rate = await newRate('Default', 2000);
    expect((await settings({ defaultLabourTaxRateId: rate.id })).json().defaultLabourTaxRateId).toBe(rate.id);
    await rest('POST', `/tax-rates/${rate.id}/archive`, admin);
    expect((await rest('GET', '/tax-settings', employee)).json().defaultLabourTaxRateId).toBeNull();
    const refused = await settings({ defaultPartTaxRateId: rate.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ messageCode: 'tax.rateArchived', fieldErrorCodes: { defaultPartTaxRateId: expect.any(Array) } });
    const unknown = await settings({ defaultPartTaxRateId: '0190a3c5-0000-7000-8000-000000000002' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('business customers', () => {
  it('carry billing details checked by the shop profile (FR here); null makes a private customer', async () => {
    const base = () => newUser({ firstName: 'Flotte' });
    const bad = await rest('POST', '/users', admin, {
      ...base(),
      billing: { companyName: 'Transports Martin', address: {}, identifiers: { siren: '732829321' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrorCodes).toEqual({ 'billing.identifiers.siren': [{ code: 'legalIds.siren', params: {} }] });

    const created = await rest('POST', '/users', admin, {
      ...base(),
      billing: {
        companyName: 'Transports Martin',
        address: { city: 'Lyon' },
        identifiers: { siren: '732 829 320', vatNumber: `FR44${SIREN}` },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().billing).toMatchObject({ companyName: 'Transports Martin', identifiers: { siren: SIREN } });
    const id = created.json().id;
    // An edit without billing keeps it; null clears it.
    const kept = await employee.caller.users.update({ id, data: { firstName: 'Fleet' } });
    expect(kept.billing?.companyName).toBe('Transports Martin');
    const cleared = await employee.caller.users.update({ id, data: { billing: null } });
    expect(cleared.billing).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id } })).billing).toBeNull();
  });
});

describe('the rate a line takes', () => {
  it('explicit, else its part’s, else the catalogue item’s (flat lines), else the shop default for its kind', async () => {
    const labour = await newRate('Labour', 2000);
    const parts = await newRate('Parts', 2000);
    const flat = await newRate('Flat', 1000);
    const ownPart = await newRate('Own part', 550);
    const item = await newRate('Item', 2100);
    const chosen = await newRate('Chosen', 700);
    expect(
      (await settings({ defaultLabourTaxRateId: labour.id, defaultPartTaxRateId: parts.id, defaultFlatTaxRateId: flat.id })).statusCode,
    ).toBe(200);

    // A part's rate flows from the part form (parts.create) to its lines.
    const withRate = await admin.caller.parts.create({
      partNumber: `R-${uniqueSuffix()}`,
      name: 'Brake pads',
      unit: 'PIECE',
      priceCents: 5_000,
      taxRateId: ownPart.id,
    });
    expect(withRate.taxRateId).toBe(ownPart.id);
    const plain = await admin.caller.parts.create({ partNumber: `N-${uniqueSuffix()}`, name: 'Bulb', unit: 'PIECE', priceCents: 500 });

    const visit = await visitWith([
      { kind: 'PART', partId: withRate.id, quantity: 1 },
      { kind: 'PART', partId: plain.id, quantity: 1 },
      { kind: 'PART', description: 'Typed part', unitPriceCents: 1_000, quantity: 1 },
      { kind: 'LABOUR', description: 'Fitting', unitPriceCents: 6_000, quantity: 1 },
      { kind: 'FLAT', description: 'Disposal', unitPriceCents: 300 },
      { kind: 'FLAT', description: 'Chosen', unitPriceCents: 300, taxRateId: chosen.id },
      { kind: 'PART', partId: withRate.id, quantity: 1, taxRateId: chosen.id },
    ]);
    const lines = visit.tasks[0]!.lines;
    expect(lines.map((line) => line.taxRateId)).toEqual([ownPart.id, parts.id, parts.id, labour.id, flat.id, chosen.id, chosen.id]);
    expect(lines.map((line) => line.taxBasisPoints)).toEqual([550, 2000, 2000, 2000, 1000, 700, 700]);

    // A task made from a catalogue item: its flat lines take the item's rate.
    const category = await db.offeringCategory.create({ data: { title: { en: 'Service' } } });
    const offering = await admin.caller.offering.items.create({
      categoryId: category.id,
      title: { en: 'Oil change' },
      priceCents: 8_900,
      currency: 'EUR',
      taxRateId: item.id,
    });
    expect(offering.taxRateId).toBe(item.id);
    const fromItem = await visitWith([], { offeringItemId: offering.id });
    expect(fromItem.tasks[0]!.lines.map((line) => [line.kind, line.taxRateId])).toEqual([['FLAT', item.id]]);

    // Adding and changing a line: an archived rate is refused, null goes back to the rule.
    const task = visit.tasks[0]!;
    await rest('POST', `/tax-rates/${chosen.id}/archive`, admin);
    await expect(
      employee.caller.taskLines.add({
        id: task.id,
        line: { kind: 'FLAT', description: 'Late', unitPriceCents: 100, taxRateId: chosen.id },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const changed = await employee.caller.taskLines.update({ id: lines[5]!.id, taxRateId: null });
    expect(changed.lines[5]!.taxRateId).toBe(flat.id);
    const explicit = await employee.caller.taskLines.update({ id: lines[4]!.id, taxRateId: ownPart.id });
    expect(explicit.lines[4]!.taxRateId).toBe(ownPart.id);
  });
});

describe('the amount due', () => {
  it('prices without tax (France): 100.00 at 20 % + 50.00 at 5.5 % = 172.75 due; paying 172.75 settles it', async () => {
    const standard = await newRate('TVA', 2000);
    const reduced = await newRate('TVA réduite', 550);
    expect((await settings({ profile: 'FR', pricesIncludeTax: false })).statusCode).toBe(200);
    const lines: TaskLineInput[] = [
      { kind: 'FLAT', description: 'Service', unitPriceCents: 10_000, taxRateId: standard.id },
      { kind: 'FLAT', description: 'Accessibility work', unitPriceCents: 5_000, taxRateId: reduced.id },
    ];
    const visit = await visitWith(lines);
    expect(visit.totalCostCents).toBe(17_275);
    expect(visit.balanceCents).toBe(17_275);
    expect(visit.taxes).toEqual({
      pricesIncludeTax: false,
      net: 15_000,
      tax: 2_275,
      gross: 17_275,
      rates: [
        { basisPoints: 2000, net: 10_000, tax: 2_000, gross: 12_000 },
        { basisPoints: 550, net: 5_000, tax: 275, gross: 5_275 },
      ],
    });
    const paid = await employee.caller.payments.create({ id: visit.id, data: { amountCents: 17_275, method: 'CASH' } });
    expect(paid).toMatchObject({ visit: { paymentStatus: 'PAID' } });
    const stored = await db.visit.findUniqueOrThrow({ where: { id: visit.id } });
    expect(stored).toMatchObject({ totalCostCents: 17_275, paidCents: 17_275, paymentStatus: 'PAID' });

    // One cent more than the amount due is more than the balance (OVERPAID: visit-rules.ts keeps overpayments on record).
    const other = await visitWith(lines);
    await employee.caller.payments.create({ id: other.id, data: { amountCents: 17_276, method: 'CASH' } });
    expect((await db.visit.findUniqueOrThrow({ where: { id: other.id } })).paymentStatus).toBe('OVERPAID');

    // The client portal shows the same amount.
    const mine = await client.caller.myVisits.get({ id: visit.id });
    expect(mine).toMatchObject({ totalCostCents: 17_275, balanceCents: 0, taxes: { net: 15_000, tax: 2_275, gross: 17_275 } });

    // Back to prices with tax: open visits are recomputed, closed ones (picked up) keep what was settled.
    const closed = await visitWith(lines);
    await db.visit.update({ where: { id: closed.id }, data: { status: 'PICKED_UP' } });
    expect((await settings({ pricesIncludeTax: true })).statusCode).toBe(200);
    expect((await db.visit.findUniqueOrThrow({ where: { id: closed.id } })).totalCostCents).toBe(17_275);
    expect((await db.visit.findUniqueOrThrow({ where: { id: other.id } })).totalCostCents).toBe(15_000);
    expect((await db.visit.findUniqueOrThrow({ where: { id: visit.id } })).totalCostCents).toBe(15_000);
    expect((await employee.caller.visits.get({ id: visit.id })).taxes).toMatchObject({ pricesIncludeTax: true, gross: 15_000 });
  });

  it('a proposal of 100.00 without tax at 20 % is shown at 120.00 to staff, the client and the link; approving it adds 120.00', async () => {
    const standard = await newRate('TVA proposals', 2000);
    expect((await settings({ profile: 'FR', pricesIncludeTax: false })).statusCode).toBe(200);
    const visit = await visitWith([{ kind: 'FLAT', description: 'Service', unitPriceCents: 5_000, taxRateId: standard.id }]);
    expect(visit.totalCostCents).toBe(6_000);
    const proposal = await employee.caller.tasks.create({
      id: visit.id,
      proposed: true,
      title: 'Brake pads',
      service: 'REPAIR',
      priority: 'NORMAL',
      lines: [{ kind: 'FLAT', description: 'Pads', unitPriceCents: 10_000, taxRateId: standard.id }],
    });
    // The typed price stays what it is; the price the customer pays is beside it.
    expect(proposal).toMatchObject({ soldForCents: 10_000, grossCents: 12_000 });

    const staffView = (await rest('GET', `/visits/${visit.id}`, employee)).json();
    expect(staffView).toMatchObject({ totalCostCents: 6_000, pendingProposalCents: 12_000 });
    expect(staffView.tasks.find((task: { id: string }) => task.id === proposal.id)).toMatchObject({
      soldForCents: 10_000,
      grossCents: 12_000,
    });
    // Committed work shows its gross too.
    expect(staffView.tasks.find((task: { id: string }) => task.id !== proposal.id)).toMatchObject({
      soldForCents: 5_000,
      grossCents: 6_000,
    });
    expect(await employee.caller.tasks.get({ id: proposal.id })).toMatchObject({ grossCents: 12_000 });

    const mine = await client.caller.myVisits.get({ id: visit.id });
    expect(mine).toMatchObject({ totalCostCents: 6_000, pendingProposalCents: 12_000 });
    expect(mine.tasks.find((task) => task.id === proposal.id)).toMatchObject({
      soldForCents: 10_000,
      grossCents: 12_000,
      awaitingDecision: true,
    });
    expect(await client.caller.myVisits.task({ id: proposal.id })).toMatchObject({
      soldForCents: 10_000,
      grossCents: 12_000,
      pricesIncludeTax: false,
    });

    const link = await rest('POST', `/visits/${visit.id}/approval-links`, employee, { sendEmail: false });
    expect(link.statusCode).toBe(201);
    const token = (link.json().url as string).split('/approve/')[1]!;
    const page = await rest('GET', `/approve/${token}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      pricesIncludeTax: false,
      pendingProposalCents: 12_000,
      tasks: [{ id: proposal.id, soldForCents: 10_000, grossCents: 12_000 }],
    });

    // The decision names the typed price: the gross figure is not the price the customer saw, and is refused (409).
    const wrongPrice = await rest('POST', `/approve/${token}`, null, {
      decisions: [{ taskId: proposal.id, decision: 'APPROVED', soldForCents: 12_000 }],
    });
    expect(wrongPrice.statusCode).toBe(409);
    expect(wrongPrice.json()).toMatchObject({ messageCode: 'approvals.priceChanged' });
    const approved = await rest('POST', `/approve/${token}`, null, {
      decisions: [{ taskId: proposal.id, decision: 'APPROVED', soldForCents: 10_000 }],
    });
    expect(approved.statusCode).toBe(200);
    // The amount due grows by exactly what the customer was shown.
    expect(approved.json()).toEqual({ decided: 1, totalCostCents: 6_000 + 12_000 });
    expect(await client.caller.myVisits.get({ id: visit.id })).toMatchObject({ totalCostCents: 18_000, pendingProposalCents: 0 });
    expect((await db.visit.findUniqueOrThrow({ where: { id: visit.id } })).totalCostCents).toBe(18_000);
    // Staff's "new decisions" panel names the price the customer agreed to.
    const fresh = await employee.caller.approvals.fresh();
    expect(fresh.items.find((item) => item.taskId === proposal.id)).toMatchObject({ soldForCents: 10_000, grossCents: 12_000 });

    // Prices typed with tax: the gross of a proposal is its typed price.
    const withTax = await visitWith([{ kind: 'FLAT', description: 'Service', unitPriceCents: 5_000, taxRateId: standard.id }]);
    expect((await settings({ pricesIncludeTax: true })).statusCode).toBe(200);
    const typedWithTax = await employee.caller.tasks.create({
      id: withTax.id,
      proposed: true,
      title: 'Wipers',
      service: 'REPAIR',
      priority: 'NORMAL',
      lines: [{ kind: 'FLAT', description: 'Wipers', unitPriceCents: 10_000, taxRateId: standard.id }],
    });
    expect(typedWithTax).toMatchObject({ soldForCents: 10_000, grossCents: 10_000 });
    expect(await client.caller.myVisits.get({ id: withTax.id })).toMatchObject({ totalCostCents: 5_000, pendingProposalCents: 10_000 });
    const decided = await client.caller.myVisits.decide({
      id: withTax.id,
      decisions: [{ taskId: typedWithTax.id, decision: 'APPROVED', soldForCents: 10_000 }],
    });
    expect(decided).toMatchObject({ totalCostCents: 15_000 });
  });

  it('the SQL amount due equals visitAmountDue on random visits, under every profile and prices mode', async () => {
    const rates = await Promise.all([0, 550, 1000, 1500, 2000].map((bp) => newRate(`Random ${bp}`, bp)));
    const random = (n: number) => Math.floor(Math.random() * n);
    const statuses = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'REOPENED'] as const;
    const approvals = [null, null, 'PENDING', 'APPROVED', 'DECLINED'] as const;
    const visitIds: string[] = [];
    for (let v = 0; v < 40; v++) {
      const visit = await db.visit.create({
        data: { name: `Random ${v}`, dueDate: new Date(), customerId: vehicle.ownerId, vehicleId: vehicle.id },
        select: { id: true },
      });
      visitIds.push(visit.id);
      for (let t = 0; t < 1 + random(4); t++) {
        const lineCount = random(6);
        const amounts = Array.from({ length: lineCount }, () => random(200_000) - 20_000);
        await db.task.create({
          data: {
            visitId: visit.id,
            title: 'Random',
            service: 'MAINTENANCE',
            status: statuses[random(statuses.length)]!,
            approval: approvals[random(approvals.length)]!,
            soldForCents: lineCount ? amounts.reduce((a, b) => a + b, 0) : random(50_000),
            lines: {
              create: amounts.map((amount, position) => ({
                position,
                kind: 'FLAT' as const,
                description: 'Line',
                quantityMilli: 1000,
                unitPriceCents: amount,
                totalCents: amount,
                // Some lines without a rate (a shop without rates: no tax).
                taxRateId: random(6) === 0 ? null : rates[random(rates.length)]!.id,
              })),
            },
          },
        });
      }
    }
    const combos: { profile: TaxCountryProfile; pricesIncludeTax: boolean }[] = [
      { profile: 'FR', pricesIncludeTax: false },
      { profile: 'FR', pricesIncludeTax: true },
      { profile: 'SA', pricesIncludeTax: false },
      { profile: 'SA', pricesIncludeTax: true },
    ];
    let nonZero = 0;
    for (const combo of combos) {
      const sqlRows = await db.$queryRaw<{ id: string; due: number }[]>`
        SELECT v.id, ${visitAmountDueSql(Prisma.sql`v.id`, combo)} AS due FROM "Visit" v WHERE v.id = ANY(${visitIds}::uuid[])`;
      const fromSql = new Map(sqlRows.map((row) => [row.id, row.due]));
      for (const id of visitIds) {
        const tasks = await db.$transaction((tx) => readAmountDueTasks(tx, id));
        const fromJs = visitAmountDue(tasks, combo);
        expect({ id, combo, due: fromSql.get(id) }).toEqual({ id, combo, due: fromJs });
        if (fromJs !== 0) nonZero++;
      }
    }
    // The comparison was about real amounts, not only empty visits.
    expect(nonZero).toBeGreaterThan(40);
  });
});
