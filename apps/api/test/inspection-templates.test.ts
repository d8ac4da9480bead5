// Inspection templates (issue #29): staff create, read, list, edit, delete and restore the checklists an
// inspection starts from, on both transports. Measurements travel as plain numbers and are stored in
// thousandths; each refusal names the item's field (`items.<index>.<field>`) and stores nothing; an edit names
// the version it read (409 otherwise) and keeps the ids of the items it keeps; a template inspections were
// started from is archived instead of erased and their copies never change. Then the three standard
// templates every installation starts with: their texts, keys and thresholds, and their idempotent creation.
import {
  ensureStandardInspectionTemplates,
  STANDARD_INSPECTION_TEMPLATES,
  STANDARD_TEMPLATE_IDS,
  type StandardTemplateItem,
} from '@garage/db';
import { createDb } from '@garage/db';
import { migrateDatabase } from '@garage/db/migrate';
import { LANGUAGES, templateItemProblems, type TemplateItemInput } from '@garage/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../src/app.ts';
import { prepareSetupCode } from '../src/modules/setup/setup-code.ts';
import { buildTestApp, TEST_JWT_SECRET, testDb, uniqueSuffix } from './helpers.ts';
import { createCustomer, insertVisit, signedIn } from './visits-fixtures.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

type Payload = Record<string, unknown>;
const rest = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: Payload) =>
  app.inject({ method, url: `/backend${path}`, headers: staff.authHeader, ...(payload && { payload }) });

const text = (en: string) => ({ en, fr: `${en} (fr)`, ar: `${en} (ar)` });
const tread = (overrides: Partial<TemplateItemInput> = {}): Payload => ({
  section: text('Tyres'),
  label: text('Tread depth, front left'),
  key: 'tread.front-left',
  kind: 'MEASUREMENT',
  unit: 'MM',
  minValue: 0,
  maxValue: 20,
  amberAt: 4,
  redAt: 2,
  photoRequired: true,
  ...overrides,
});
const oilCheck = (overrides: Payload = {}): Payload => ({
  section: text('Under the hood'),
  label: text('Engine oil'),
  kind: 'CHECK',
  ...overrides,
});
const water: Payload = {
  section: text('Brakes'),
  label: text('Brake fluid water content'),
  key: 'brake-fluid.water',
  kind: 'MEASUREMENT',
  unit: 'PERCENT',
  minValue: 0,
  maxValue: 10,
  amberAt: 2,
  redAt: 3,
  lowerIsWorse: false,
};
const newTemplate = (overrides: Payload = {}): Payload => ({
  name: text(`Checklist ${uniqueSuffix()}`),
  items: [tread(), oilCheck(), water],
  ...overrides,
});

async function created(overrides: Payload = {}) {
  const response = await rest('POST', '/inspection-templates', newTemplate(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** A visit with an inspection started from the template (items copied as inspections.start does). */
async function startInspection(templateId: string) {
  const { customer, vehicle } = await createCustomer();
  const visitId = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { dueInDays: 2 });
  const template = await testDb().inspectionTemplate.findUniqueOrThrow({ where: { id: templateId }, include: { items: true } });
  return testDb().inspection.create({
    data: {
      visitId,
      templateId,
      name: template.name as object,
      items: {
        create: template.items.map(({ id: _id, templateId: _template, section, label, ...item }) => ({
          ...item,
          section: section as object,
          label: label as object,
        })),
      },
    },
    include: { items: { orderBy: { position: 'asc' } } },
  });
}

describe('inspection templates: create, read, list', () => {
  it('creates a template whose measurements are plain numbers in the API and thousandths in the table', async () => {
    const template = await created({ description: text('Quick look'), sortOrder: 5 });
    expect(template).toMatchObject({
      description: text('Quick look'),
      sortOrder: 5,
      archived: false,
      itemCount: 3,
      usedCount: 0,
      version: 1,
    });
    expect(template.items.map((item: { position: number; kind: string }) => [item.position, item.kind])).toEqual([
      [0, 'MEASUREMENT'],
      [1, 'CHECK'],
      [2, 'MEASUREMENT'],
    ]);
    expect(template.items[0]).toMatchObject({
      key: 'tread.front-left',
      unit: 'MM',
      minValue: 0,
      maxValue: 20,
      amberAt: 4,
      redAt: 2,
      lowerIsWorse: true,
      photoRequired: true,
    });
    expect(template.items[2]).toMatchObject({ amberAt: 2, redAt: 3, lowerIsWorse: false, photoRequired: false, offeringItem: null });
    const row = await testDb().inspectionTemplateItem.findUniqueOrThrow({ where: { id: template.items[0].id } });
    expect([row.minMilli, row.maxMilli, row.amberAtMilli, row.redAtMilli]).toEqual([0, 20_000, 4_000, 2_000]);

    const read = await rest('GET', `/inspection-templates/${template.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(template);
    expect(await staff.caller.inspectionTemplates.get({ id: template.id })).toEqual(template);
  });

  it('keeps decimals exactly (12.4 V, 1.6 mm) and links the canned job of a finding', async () => {
    const category = await testDb().offeringCategory.create({ data: { title: { en: 'Electrics' } } });
    const job = await testDb().offeringItem.create({
      data: { categoryId: category.id, title: { en: 'Battery replacement' }, priceCents: 14_500, currency: 'USD' },
    });
    const battery = {
      ...tread(),
      key: 'battery.voltage',
      unit: 'VOLT',
      minValue: 0,
      maxValue: 16,
      amberAt: 12.4,
      redAt: 12,
      offeringItemId: job.id,
    };
    const template = await created({ items: [battery, tread({ key: null, amberAt: 1.6, redAt: null })] });
    expect(template.items[0]).toMatchObject({
      amberAt: 12.4,
      redAt: 12,
      offeringItem: { id: job.id, title: { en: 'Battery replacement' }, priceCents: 14_500 },
    });
    expect(template.items[1]).toMatchObject({ amberAt: 1.6, redAt: null, key: null });
    const row = await testDb().inspectionTemplateItem.findUniqueOrThrow({ where: { id: template.items[0].id } });
    expect(row.amberAtMilli).toBe(12_400);
  });

  it('clears what a check still carried of a measurement instead of refusing it', async () => {
    const template = await created({ items: [oilCheck({ unit: 'MM', minValue: 30, maxValue: 2, amberAt: 50, lowerIsWorse: false })] });
    expect(template.items[0]).toMatchObject({
      kind: 'CHECK',
      unit: null,
      minValue: null,
      maxValue: null,
      amberAt: null,
      redAt: null,
      lowerIsWorse: true,
    });
  });

  it('lists in the shop order with item and use counts, archived ones only when asked', async () => {
    const late = await created({ sortOrder: 90_001 });
    const early = await created({ sortOrder: 90_000 });
    const archived = await created({ sortOrder: 90_002 });
    await startInspection(archived.id);
    expect((await rest('DELETE', `/inspection-templates/${archived.id}`)).json()).toEqual({ id: archived.id, archived: true });

    const ids = (list: { id: string }[]) =>
      list.map((template) => template.id).filter((id) => [late.id, early.id, archived.id].includes(id));
    const visible = await rest('GET', '/inspection-templates');
    expect(visible.statusCode).toBe(200);
    expect(ids(visible.json())).toEqual([early.id, late.id]);
    expect(ids((await rest('GET', '/inspection-templates?includeArchived=false')).json())).toEqual([early.id, late.id]);
    const all = (await rest('GET', '/inspection-templates?includeArchived=true')).json();
    expect(ids(all)).toEqual([early.id, late.id, archived.id]);
    expect(all.find((template: { id: string }) => template.id === archived.id)).toMatchObject({
      archived: true,
      itemCount: 3,
      usedCount: 1,
    });
    expect(ids(await staff.caller.inspectionTemplates.list({ includeArchived: false }))).toEqual([early.id, late.id]);
    // The list carries no items: a summary per template.
    expect(visible.json()[0]).not.toHaveProperty('items');
  });

  it('answers 404 for a template that does not exist', async () => {
    const missing = '0190a3c5-0000-7000-8000-00000000cafe';
    for (const response of [
      await rest('GET', `/inspection-templates/${missing}`),
      await rest('PATCH', `/inspection-templates/${missing}`, { version: 1, sortOrder: 1 }),
      await rest('DELETE', `/inspection-templates/${missing}`),
      await rest('POST', `/inspection-templates/${missing}/restore`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().messageCode).toBe('inspections.templateNotFound');
    }
  });
});

describe('inspection templates: refusals name the field and store nothing', () => {
  const refusals: [string, Payload, number, string, string][] = [
    ['a name without any text', { name: { en: ' ', fr: '' } }, 400, 'required', 'name'],
    ['no items', { items: [] }, 400, 'inspections.templateEmpty', 'items'],
    ['an item without a label', { items: [oilCheck(), oilCheck({ label: { en: '' } })] }, 400, 'required', 'items.1.label'],
    ['an item without a section', { items: [oilCheck({ section: {} })] }, 400, 'required', 'items.0.section'],
    ['a measurement without a unit', { items: [oilCheck(), tread({ unit: null })] }, 400, 'inspections.unitRequired', 'items.1.unit'],
    [
      'a limit beyond what the unit can be',
      { items: [tread({ maxValue: 150, amberAt: null, redAt: null })] },
      400,
      'maxValue',
      'items.0.maxValue',
    ],
    ['a negative minimum', { items: [tread({ minValue: -1, amberAt: null, redAt: null })] }, 400, 'minValue', 'items.0.minValue'],
    [
      'a minimum not below the maximum',
      { items: [tread({ minValue: 20, maxValue: 10, amberAt: null, redAt: null })] },
      400,
      'ageAbove',
      'items.0.maxValue',
    ],
    [
      'a threshold outside the limits',
      { items: [oilCheck(), oilCheck(), tread({ amberAt: 25 })] },
      400,
      'inspections.thresholdRange',
      'items.2.amberAt',
    ],
    [
      'red before amber when lower is worse',
      { items: [tread({ amberAt: 2, redAt: 4 })] },
      400,
      'inspections.thresholdOrder',
      'items.0.redAt',
    ],
    [
      'red before amber when higher is worse',
      { items: [{ ...water, amberAt: 3, redAt: 2 }] },
      400,
      'inspections.thresholdOrder',
      'items.0.redAt',
    ],
    ['the same key twice', { items: [tread(), oilCheck(), tread({ label: text('Again') })] }, 400, 'inspections.keyTaken', 'items.2.key'],
    ['a key that is not a key', { items: [tread({ key: 'Tread Front' })] }, 400, 'format', 'items.0.key'],
    ['a value with more than three decimals', { items: [tread({ amberAt: 4.0001 })] }, 400, 'format', 'items.0.amberAt'],
    [
      'a canned job that does not exist',
      { items: [oilCheck(), oilCheck({ offeringItemId: '0190a3c5-0000-7000-8000-00000000f00d' })] },
      404,
      'missing.item',
      'items.1.offeringItemId',
    ],
  ];
  for (const [what, overrides, status, code, field] of refusals) {
    it(`refuses ${what} (${field}: ${code})`, async () => {
      const name = text(`Refused ${uniqueSuffix()}`);
      const response = await rest('POST', '/inspection-templates', newTemplate({ name, ...overrides }));
      expect(response.statusCode).toBe(status);
      const body = response.json();
      expect(body.fieldErrorCodes?.[field]?.map((message: { code: string }) => message.code)).toContain(code);
      expect(await testDb().inspectionTemplate.count({ where: { name: { path: ['en'], equals: name.en } } })).toBe(0);
    });
  }

  it('reports every problem of every item at once, the first as the message', async () => {
    const response = await rest(
      'POST',
      '/inspection-templates',
      newTemplate({ items: [tread({ amberAt: 30, redAt: 40 }), tread({ key: 'x', unit: null })] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ messageCode: 'inspections.thresholdRange', params: { minValue: 0, maxValue: 20 } });
    expect(Object.keys(response.json().fieldErrorCodes).sort()).toEqual(['items.0.amberAt', 'items.0.redAt', 'items.1.unit']);
  });

  it('refuses the same way over tRPC', async () => {
    await expect(staff.caller.inspectionTemplates.create(newTemplate({ items: [tread({ redAt: 5 })] }) as never)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('inspection templates: edit', () => {
  it('changes only the fields sent, bumps the version and refuses a stale one (409)', async () => {
    const template = await created({ description: text('Kept') });
    const renamed = await rest('PATCH', `/inspection-templates/${template.id}`, { version: 1, name: { en: 'Renamed' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: { en: 'Renamed' }, description: text('Kept'), version: 2, items: template.items });

    const stale = await rest('PATCH', `/inspection-templates/${template.id}`, { version: 1, sortOrder: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().messageCode).toBe('versionConflict');
    expect((await rest('GET', `/inspection-templates/${template.id}`)).json()).toMatchObject({ sortOrder: template.sortOrder, version: 2 });

    const cleared = await staff.caller.inspectionTemplates.update({ id: template.id, version: 2, description: null });
    expect(cleared).toMatchObject({ description: null, version: 3 });
  });

  it('replaces the item list: kept items keep their id, new ones are created, missing ones deleted', async () => {
    const template = await created();
    const [treadItem, oilItem, waterItem] = template.items;
    const response = await rest('PATCH', `/inspection-templates/${template.id}`, {
      version: 1,
      items: [{ ...water, id: waterItem.id, redAt: 4 }, oilCheck({ label: text('Coolant') }), { ...tread(), id: treadItem.id }],
    });
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.map((item: { id: string; position: number }) => [item.id, item.position])).toEqual([
      [waterItem.id, 0],
      [expect.any(String), 1],
      [treadItem.id, 2],
    ]);
    expect(items[0]).toMatchObject({ redAt: 4 });
    expect(items[1]).toMatchObject({ label: text('Coolant') });
    expect(items[1].id).not.toBe(oilItem.id);
    expect(await testDb().inspectionTemplateItem.findUnique({ where: { id: oilItem.id } })).toBeNull();
    expect(response.json().itemCount).toBe(3);
  });

  it("refuses an item id that is not one of this template's, and refused edits change nothing", async () => {
    const template = await created();
    const other = await created();
    const foreign = await rest('PATCH', `/inspection-templates/${template.id}`, {
      version: 1,
      name: { en: 'Should not stick' },
      items: [oilCheck(), { ...tread(), id: other.items[0].id }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ messageCode: 'inspections.itemNotFound', fieldErrorCodes: { 'items.1.id': expect.any(Array) } });
    const twice = await rest('PATCH', `/inspection-templates/${template.id}`, {
      version: 1,
      items: [
        { ...tread(), id: template.items[0].id },
        { ...oilCheck(), id: template.items[0].id },
      ],
    });
    expect(twice.statusCode).toBe(404);
    const invalid = await rest('PATCH', `/inspection-templates/${template.id}`, { version: 1, items: [tread({ unit: null })] });
    expect(invalid.json().fieldErrorCodes).toHaveProperty(['items.0.unit']);
    expect((await rest('GET', `/inspection-templates/${template.id}`)).json()).toEqual(template);
  });

  it('never changes an inspection already started: its items are copies', async () => {
    const template = await created();
    const inspection = await startInspection(template.id);
    const updated = await rest('PATCH', `/inspection-templates/${template.id}`, {
      version: 1,
      items: [{ ...tread({ label: text('Tread, changed'), amberAt: 5 }), id: template.items[0].id }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().usedCount).toBe(1);
    const copies = await testDb().inspectionItem.findMany({ where: { inspectionId: inspection.id }, orderBy: { position: 'asc' } });
    expect(copies).toEqual(inspection.items);
  });
});

describe('inspection templates: delete and restore', () => {
  it('erases an unused template with its items', async () => {
    const template = await created();
    const response = await rest('DELETE', `/inspection-templates/${template.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: template.id, archived: false });
    expect(await testDb().inspectionTemplate.findUnique({ where: { id: template.id } })).toBeNull();
    expect(await testDb().inspectionTemplateItem.count({ where: { templateId: template.id } })).toBe(0);
  });

  it('archives a used template (its inspections keep it), and restores it', async () => {
    const template = await created();
    const inspection = await startInspection(template.id);
    expect(await staff.caller.inspectionTemplates.delete({ id: template.id })).toEqual({ id: template.id, archived: true });
    const archived = await rest('GET', `/inspection-templates/${template.id}`);
    expect(archived.json()).toMatchObject({ archived: true, usedCount: 1, version: 2, items: template.items });
    // Deleting it again changes nothing more.
    expect((await rest('DELETE', `/inspection-templates/${template.id}`)).json()).toEqual({ id: template.id, archived: true });
    expect((await testDb().inspection.findUniqueOrThrow({ where: { id: inspection.id } })).templateId).toBe(template.id);

    const restored = await rest('POST', `/inspection-templates/${template.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ archived: false, version: 3 });
    // Restoring one that is not archived answers it as it is.
    expect(await staff.caller.inspectionTemplates.restore({ id: template.id })).toMatchObject({ archived: false, version: 3 });
  });
});

describe('the standard templates', () => {
  const byId = (id: string) => STANDARD_INSPECTION_TEMPLATES.find((template) => ensureId(template.slug) === id);
  const ensureId = (slug: string) =>
    ({
      'multi-point': STANDARD_TEMPLATE_IDS.multiPoint,
      'tyres-and-brakes': STANDARD_TEMPLATE_IDS.tyresAndBrakes,
      'pre-purchase': STANDARD_TEMPLATE_IDS.prePurchase,
    })[slug];

  it('are three: a full multi-point inspection of 35 to 45 items, tyres and brakes, and a pre-purchase inspection', () => {
    expect(STANDARD_INSPECTION_TEMPLATES.map((template) => template.slug)).toEqual(['multi-point', 'tyres-and-brakes', 'pre-purchase']);
    const [multiPoint, tyresAndBrakes, prePurchase] = STANDARD_INSPECTION_TEMPLATES.map((template) => template.items.length);
    expect(multiPoint).toBeGreaterThanOrEqual(35);
    expect(multiPoint).toBeLessThanOrEqual(45);
    expect(tyresAndBrakes).toBeGreaterThanOrEqual(10);
    expect(tyresAndBrakes).toBeLessThanOrEqual(15);
    expect(prePurchase).toBeGreaterThanOrEqual(25);
    expect(prePurchase).toBeLessThanOrEqual(35);
    expect(byId(STANDARD_TEMPLATE_IDS.multiPoint)?.slug).toBe('multi-point');
  });

  it('say everything in English, French and Arabic', () => {
    const missing: string[] = [];
    for (const template of STANDARD_INSPECTION_TEMPLATES) {
      const texts: [string, Record<string, string>][] = [
        ['name', template.name],
        ['description', template.description],
        ...template.items.flatMap((item, index): [string, Record<string, string>][] => [
          [`items.${index}.section`, item.section],
          [`items.${index}.label`, item.label],
        ]),
      ];
      for (const [where, value] of texts) {
        for (const language of LANGUAGES) if (!value[language]?.trim()) missing.push(`${template.slug} ${where} ${language}`);
        // Arabic text is Arabic, not a copy of the English.
        if (!/[\u0600-\u06ff]/.test(value.ar ?? '')) missing.push(`${template.slug} ${where} ar is not Arabic`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('have valid items, keys unique per template and shared across templates for the same measurement', () => {
    const problems: string[] = [];
    for (const template of STANDARD_INSPECTION_TEMPLATES) {
      const keys = template.items.flatMap((item) => (item.key ? [item.key] : []));
      expect(new Set(keys).size, `${template.slug}: keys unique`).toBe(keys.length);
      template.items.forEach((item, index) => {
        for (const problem of templateItemProblems(item)) problems.push(`${template.slug} ${index} ${problem.field} ${problem.code}`);
        if (item.kind === 'MEASUREMENT' && !item.key) problems.push(`${template.slug} ${index}: a measurement without a key`);
        if (item.kind === 'CHECK' && (item.unit || item.amberAt !== null || item.redAt !== null))
          problems.push(`${template.slug} ${index}: a check with a unit`);
      });
    }
    expect(problems).toEqual([]);
    const measurement = (key: string) =>
      STANDARD_INSPECTION_TEMPLATES.flatMap((template) => template.items.filter((item) => item.key === key));
    const definition = ({ section: _s, label: _l, ...item }: StandardTemplateItem) => item;
    // The same key means the same measurement wherever it is (the vehicle's history charts by it).
    for (const key of [
      'tread.front-left',
      'tread.rear-right',
      'brake-pad.front',
      'brake-disc.front',
      'battery.voltage',
      'brake-fluid.water',
    ]) {
      const found = measurement(key);
      expect(found.length, key).toBeGreaterThanOrEqual(2);
      for (const item of found) expect(definition(item), key).toEqual(definition(found[0]!));
    }
    expect(definition(measurement('tread.front-left')[0]!)).toMatchObject({
      unit: 'MM',
      minValue: 0,
      maxValue: 20,
      amberAt: 4,
      redAt: 2,
      lowerIsWorse: true,
    });
    expect(definition(measurement('brake-fluid.water')[0]!)).toMatchObject({ unit: 'PERCENT', amberAt: 2, redAt: 3, lowerIsWorse: false });
    expect(definition(measurement('battery.voltage')[0]!)).toMatchObject({ unit: 'VOLT', amberAt: 12.4, redAt: 12 });
    expect(definition(measurement('brake-disc.front')[0]!)).toMatchObject({ unit: 'MM', amberAt: null, redAt: null });
  });

  it('are made by the demo seed; running again creates nothing, leaves an edited one alone, brings an erased one back', async () => {
    // The shared baseline is the demo seed, which made them already.
    expect(await ensureStandardInspectionTemplates(testDb())).toEqual({ created: 0 });
    expect(await ensureStandardInspectionTemplates(testDb())).toEqual({ created: 0 });
    for (const template of STANDARD_INSPECTION_TEMPLATES) {
      const id = ensureId(template.slug)!;
      const read = await staff.caller.inspectionTemplates.get({ id });
      expect(read.items.map((item) => item.label)).toEqual(template.items.map((item) => item.label));
      expect(read.name).toEqual(template.name);
    }
    // In a transaction rolled back (other test files start inspections from these): an edited template stays as
    // edited, an erased one comes back whole.
    const rolledBack = new Error('roll back');
    await expect(
      testDb().$transaction(async (tx) => {
        await tx.inspectionTemplate.update({ where: { id: STANDARD_TEMPLATE_IDS.tyresAndBrakes }, data: { name: { en: 'Our tyres' } } });
        await tx.inspectionTemplate.delete({ where: { id: STANDARD_TEMPLATE_IDS.prePurchase } });
        expect(await ensureStandardInspectionTemplates(tx)).toEqual({ created: 1 });
        const edited = await tx.inspectionTemplate.findUniqueOrThrow({ where: { id: STANDARD_TEMPLATE_IDS.tyresAndBrakes } });
        expect(edited.name).toEqual({ en: 'Our tyres' });
        const prePurchase = STANDARD_INSPECTION_TEMPLATES.find((template) => template.slug === 'pre-purchase')!;
        expect(await tx.inspectionTemplateItem.count({ where: { templateId: STANDARD_TEMPLATE_IDS.prePurchase } })).toBe(
          prePurchase.items.length,
        );
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});

describe('a fresh installation without the demo', () => {
  it('has the standard templates once the first setup completes', async () => {
    const name = `garage_a1_${randomUUID().slice(0, 8)}`;
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${name}`;
    await testDb().$executeRawUnsafe(`CREATE DATABASE "${name}"`);
    const db = createDb(url.toString(), { poolSize: 4 });
    let freshApp: App | undefined;
    try {
      await migrateDatabase(url.toString());
      freshApp = await buildTestApp({ db });
      expect(await db.inspectionTemplate.count()).toBe(0);
      const state = await prepareSetupCode(db, TEST_JWT_SECRET);
      if (state.status !== 'ready') throw new Error(`setup code: ${state.status}`);
      const response = await freshApp.inject({
        method: 'POST',
        url: '/backend/setup/complete',
        remoteAddress: '10.29.0.1',
        payload: {
          setupCode: state.code,
          admin: {
            firstName: 'Samir',
            lastName: 'Haddad',
            username: 'samir',
            email: 'samir@haddad-auto.example',
            countryCode: '+213',
            phoneNumber: '550112233',
            password: 'Owner#Setup2026',
          },
          shop: {
            displayName: 'Haddad Auto',
            name: 'haddad-auto',
            defaultLanguage: 'ar',
            currency: 'dzd',
            timezone: 'Africa/Algiers',
            phone: '+213 21 00 11 22',
            email: 'contact@haddad-auto.example',
            address: '5 rue Didouche Mourad, Alger',
            primaryColor: '#1d4ed8',
          },
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const templates = await db.inspectionTemplate.findMany({ select: { id: true, _count: { select: { items: true } } } });
      expect(templates.map((template) => template.id).sort()).toEqual(Object.values(STANDARD_TEMPLATE_IDS).sort());
      expect(templates.reduce((sum, template) => sum + template._count.items, 0)).toBe(
        STANDARD_INSPECTION_TEMPLATES.reduce((sum, template) => sum + template.items.length, 0),
      );
    } finally {
      await freshApp?.close();
      await db.$disconnect();
      await testDb().$executeRawUnsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
