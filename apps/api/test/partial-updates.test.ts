// Updates change only what they are sent. For each update operation on people (staff PUT /users/{id} and
// tRPC users.update, own PUT /profile and tRPC profile.update): an update that carries one field leaves
// every other field as it was; null clears what may be empty. (Before, an omitted `active` reactivated a
// deactivated user, an omitted `verified` un-verified and an omitted email erased it.) Visits: an edit that
// omits the notes keeps them (it used to erase them); tasks: an edit that omits priority or cost kept resetting
// them to NORMAL and 0. Then a table of every other update operation (vehicles, static data, to-dos, offering
// categories and items, branding, shop identity, oil-change corrections, media rename/move, a client's rating):
// each field left out in turn stays as it was, or is refused (400) when the update requires it. (A vehicle
// edit without its picture erased it; a branding edit without its status made it ACTIVE; rating a visit
// again without the consent withdrew it.) Last, the list is checked against the app: every tRPC procedure named
// update* and every PUT/PATCH REST route is covered here or excluded below with its reason, so a new update
// operation fails this file until it is tested.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  brandingInputSchema,
  categoryPatchSchema,
  itemPatchSchema,
  oilChangeUpdateInputSchema,
  ratingInputSchema,
  staticDataInputSchema,
  todoInputSchema,
  saveResultSchema,
  updateInspectionSchema,
  updateMediaDataSchema,
  updateMerchantSchema,
  updatePurchaseOrderSchema,
  updateReminderSettingsSchema,
  updateStatutorySettingsSchema,
  updateTaskLineSchema,
  updateLabourRateSchema,
  updateTaxRateSchema,
  updateTemplateSchema,
  updatePartSchema,
  updateSupplierSchema,
  vehicleInputSchema,
  vehicleSpecInputSchema,
  type CreateUserInput,
  type InspectionTemplateView,
} from '@garage/shared';
import type { App } from '../src/app.ts';
import { signedInCustomer, type Customer } from './approvals-fixtures.ts';
import { restOperationSpecs, trpcProcedureSpecs } from './operations.ts';
import { buildTestApp, createTestUser, testDb, uniqueSuffix } from './helpers.ts';
import { callerFor, newUser as newUserPayload, type TestUser } from './users-fixtures.ts';
import { createCustomer, insertVisit } from './visits-fixtures.ts';

const KEPT = [
  'firstName',
  'lastName',
  'username',
  'email',
  'countryCode',
  'phoneNumber',
  'role',
  'age',
  'imageUrl',
  'preferredLanguage',
  'verified',
  'active',
] as const;
const snapshot = async (id: string) => {
  const row = await testDb().user.findUniqueOrThrow({ where: { id } });
  return Object.fromEntries(KEPT.map((key) => [key, row[key]]));
};

const newUser = (overrides: Record<string, unknown> = {}) => newUserPayload(overrides) as CreateUserInput;

describe('updates change only the fields they are sent', () => {
  let app: App;
  let admin: TestUser;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await createTestUser('ADMIN');
  });
  afterAll(() => app.close());

  /** A client that is deactivated, verified, Arabic-speaking, with an email and an age: every default differs. */
  async function unusualClient() {
    const created = await callerFor(admin).users.create(newUser({ preferredLanguage: 'ar', verified: true, age: 40 }));
    await testDb().user.update({ where: { id: created.id }, data: { active: false } });
    return created.id;
  }

  const staffChanges: [string, Record<string, unknown>][] = [
    ['firstName', { firstName: 'Renamed' }],
    ['lastName', { lastName: 'Renamed' }],
    ['age', { age: 52 }],
    ['imageUrl', { imageUrl: '/backend/media/0190a3c5-0000-7000-8000-0000000000b2/file' }],
    ['preferredLanguage', { preferredLanguage: 'fr' }],
    ['verified', { verified: false }],
  ];

  it.each(staffChanges)('staff REST PUT with only %s changes only it', async (field, change) => {
    const id = await unusualClient();
    const before = await snapshot(id);
    const response = await app.inject({ method: 'PUT', url: `/backend/users/${id}`, headers: admin.authHeader, payload: change });
    expect(response.statusCode, response.body).toBe(200);
    expect(await snapshot(id)).toEqual({ ...before, ...change });
    expect(field in change).toBe(true);
  });

  it.each(staffChanges)('staff tRPC users.update with only %s changes only it', async (_field, change) => {
    const id = await unusualClient();
    const before = await snapshot(id);
    await callerFor(admin).users.update({ id, data: change });
    expect(await snapshot(id)).toEqual({ ...before, ...change });
  });

  it('an empty update changes nothing; null clears the email and the age', async () => {
    const id = await unusualClient();
    const before = await snapshot(id);
    expect((await app.inject({ method: 'PUT', url: `/backend/users/${id}`, headers: admin.authHeader, payload: {} })).statusCode).toBe(200);
    expect(await snapshot(id)).toEqual(before);
    await callerFor(admin).users.update({ id, data: { email: null, age: null } });
    expect(await snapshot(id)).toEqual({ ...before, email: null, age: null });
  });

  it('a phone change alone is checked against the stored country code', async () => {
    const other = await callerFor(admin).users.create(newUser({ countryCode: '+33' }));
    const id = (await callerFor(admin).users.create(newUser({ countryCode: '+33' }))).id;
    const response = await app.inject({
      method: 'PUT',
      url: `/backend/users/${id}`,
      headers: admin.authHeader,
      payload: { phoneNumber: other.phoneNumber },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().fieldErrors.phoneNumber).toBeDefined();
  });

  const profileChanges: [string, Record<string, unknown>][] = [
    ['firstName', { firstName: 'Self' }],
    ['age', { age: 33 }],
    ['preferredLanguage', { preferredLanguage: 'fr' }],
  ];

  it.each(profileChanges)('own profile (REST and tRPC) with only %s changes only it', async (_field, change) => {
    const me = await createTestUser('CLIENT', { email: `self_${Date.now()}_${Math.random().toString(36).slice(2)}@example.com` });
    await testDb().user.update({
      where: { id: me.user.id },
      data: { preferredLanguage: 'ar', age: 45, imageUrl: '/backend/media/0190a3c5-0000-7000-8000-0000000000b3/file' },
    });
    const before = await snapshot(me.user.id);
    const response = await app.inject({ method: 'PUT', url: '/backend/profile', headers: me.authHeader, payload: change });
    expect(response.statusCode, response.body).toBe(200);
    expect(await snapshot(me.user.id)).toEqual({ ...before, ...change });

    await callerFor(me).profile.update({ lastName: 'Via tRPC' });
    expect(await snapshot(me.user.id)).toEqual({ ...before, ...change, lastName: 'Via tRPC' });
  });

  it('a visit edit (REST and tRPC) with only the name keeps the notes and the due date; null clears the notes', async () => {
    const { customer, vehicle } = await createCustomer();
    const id = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { dueInDays: 3 });
    await testDb().visit.update({ where: { id }, data: { notes: 'Customer waits in the lounge' } });
    const read = async () =>
      testDb().visit.findUniqueOrThrow({ where: { id }, select: { name: true, notes: true, dueDate: true, version: true } });
    const before = await read();

    const response = await app.inject({
      method: 'PUT',
      url: `/backend/visits/${id}`,
      headers: admin.authHeader,
      payload: { version: before.version, name: 'Renamed visit' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await read()).toEqual({ ...before, name: 'Renamed visit', version: before.version + 1 });

    await callerFor(admin).visits.update({ id, version: before.version + 1, name: 'Renamed again' });
    expect(await read()).toEqual({ ...before, name: 'Renamed again', version: before.version + 2 });

    await callerFor(admin).visits.update({ id, version: before.version + 2, notes: null });
    expect((await read()).notes).toBeNull();
  });

  it('a task edit (REST and tRPC) with only the title keeps priority, cost, description and due date', async () => {
    const { customer, vehicle } = await createCustomer();
    const visitId = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { dueInDays: 3 });
    const created = await testDb().task.create({
      data: {
        visitId,
        title: 'Brake pads',
        description: 'Front axle',
        service: 'REPAIR',
        priority: 'HIGH',
        costCents: 4_000,
        soldForCents: 9_000,
        dueDate: new Date(Date.UTC(2031, 0, 15)),
      },
    });
    const read = async () => {
      const { updatedAt: _updatedAt, ...row } = await testDb().task.findUniqueOrThrow({ where: { id: created.id } });
      return row;
    };
    const before = await read();
    const current = async () => (await testDb().task.findUniqueOrThrow({ where: { id: created.id } })).updatedAt.toISOString();

    const response = await app.inject({
      method: 'PUT',
      url: `/backend/tasks/${created.id}`,
      headers: admin.authHeader,
      payload: { updatedAt: await current(), title: 'Brake pads and discs' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await read()).toEqual({ ...before, title: 'Brake pads and discs' });

    await callerFor(admin).tasks.update({ id: created.id, updatedAt: await current(), priority: 'LOW' });
    expect(await read()).toEqual({ ...before, title: 'Brake pads and discs', priority: 'LOW' });

    await callerFor(admin).tasks.update({ id: created.id, updatedAt: await current(), description: null, dueDate: null });
    expect(await read()).toEqual({ ...before, title: 'Brake pads and discs', priority: 'LOW', description: null, dueDate: null });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Table-driven, for every other update operation (REST and tRPC): each field of the update's schema is left
// out in turn from an otherwise complete update. An optional field left out stays as stored (the row is made
// with values no default would write); a required one is refused with 400 and nothing changes.

type Send = (id: string, data: Record<string, unknown>) => Promise<number>;
interface UpdateCase {
  name: string;
  /** The operations this case checks, keyed as in operations.ts (`PUT /backend/vehicles/{id}`, `tRPC vehicles.update`). */
  covers: string[];
  /** The update's body / tRPC `data` schema: which fields it has and which may be left out. */
  schema: z.ZodObject;
  /** A fresh row, and a complete valid update for it. */
  fresh: () => Promise<{ id: string; full: Record<string, unknown> }>;
  /** The stored values, keyed like the update's fields. */
  read: (id: string) => Promise<Record<string, unknown>>;
  /** Absent for an operation tRPC alone serves. */
  rest?: Send;
  trpc: Send;
  /** Runs after each check (e.g. frees a unique slot). */
  cleanup?: (id: string) => Promise<void>;
}

/** Checked field by field by the first block of this file. */
const COVERED_BY_FIELD_TESTS = [
  'PUT /backend/users/{id}',
  'tRPC users.update',
  'PUT /backend/profile',
  'tRPC profile.update',
  'PUT /backend/visits/{id}',
  'tRPC visits.update',
  'PUT /backend/tasks/{id}',
  'tRPC tasks.update',
];

/** PUT/PATCH routes that are not partial updates: each sets one thing, so there is no field to leave out. */
const NOT_PARTIAL_UPDATES: Record<string, string> = {
  'PATCH /backend/users/{id}/active': 'one flag (active), required',
  'PATCH /backend/todos/{id}/status': 'one flag (completed), required',
  'PATCH /backend/tasks/{id}/status': 'one status transition, required',
  'PATCH /backend/visits/{id}/status': 'one hand-over step with the version read, both required',
  'PATCH /backend/messages/{id}/read': 'one flag (read), required',
  'PATCH /backend/ratings/{id}/testimonial': 'one flag (testimonial), required',
  'PATCH /backend/payments/{id}': 'an action (refund or delete), not an edit of stored fields',
  'PUT /backend/offering/categories/order': 'the whole order, a list of ids',
  'PUT /backend/offering/categories/{id}/items/order': 'the whole order of one category, a list of ids',
  'PUT /backend/tasks/{id}/lines/order': "the whole order of one task's lines, a list of ids",
  'PATCH /backend/parts/{id}/archived': 'one flag (archived), required',
  'PATCH /backend/suppliers/{id}/archived': 'one flag (archived), required',
  'PATCH /backend/labour-rates/{id}/archived': 'one flag (archived), required',
  'PUT /backend/parts/markup-bands': 'the whole list of markup bands, replaced',
  'PUT /backend/inspections/{id}/items/{itemId}/photos/{photoId}': 'a photo upload (multipart) under an id made on the phone, not an edit',
  // Partial updates of the tax settings are tested in tax.test.ts on an isolated database: the shared test
  // database's shop settings (profile, prices mode) must not change under the other test files.
  'PATCH /backend/tax-settings': "the shop's settings: partial updates tested in tax.test.ts (isolated database)",
  'tRPC taxSettings.update': "the shop's settings: partial updates tested in tax.test.ts (isolated database)",
};

/** An inspection in progress on a fresh visit, its one CHECK item already answered (GOOD, with a note). */
async function partialInspection(assignedToId: string) {
  const { customer, vehicle } = await createCustomer();
  const visitId = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { dueInDays: 1 });
  const text = { en: 'Brake discs', fr: 'Disques', ar: 'أقراص' };
  const row = await testDb().inspection.create({
    data: {
      visitId,
      name: { en: 'Check', fr: 'Contrôle', ar: 'فحص' },
      assignedToId,
      items: {
        create: { position: 0, section: text, label: text, kind: 'CHECK', condition: 'GOOD', note: 'Fine', answeredAt: new Date() },
      },
    },
    select: { id: true, items: { select: { id: true } } },
  });
  return { id: row.id, itemId: row.items[0]!.id };
}

/** A fresh valid EAN-13 (random digits, GS1 check digit), unique enough for a unique column. */
function partialUpdateBarcode(): string {
  const digits = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10));
  const sum = digits.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return `${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

const STORED_PICTURE = '/backend/media/0190a3c5-0000-7000-8000-0000000000d1/file';
/** An inspection template as its update's fields (items as sent back: kept by id, the canned job by id). */
const inspectionTemplateFields = ({ name, description, sortOrder, items, version }: InspectionTemplateView) => ({
  name,
  description,
  sortOrder,
  items: items.map(({ position: _position, offeringItem, ...item }) => ({ ...item, offeringItemId: offeringItem?.id ?? null })),
  version,
});
const SETTINGS = Object.keys(updateReminderSettingsSchema.shape);
const STATUTORY_SETTINGS = Object.keys(updateStatutorySettingsSchema.shape);
const pick = (row: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, row[key]]));
const mayBeLeftOut = (field: z.ZodType) => field.safeParse(undefined).success;

describe('every update operation: a field left out stays as it was', () => {
  let app: App;
  let admin: TestUser;
  let client: Customer;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await createTestUser('ADMIN');
    client = await signedInCustomer();
  });
  afterAll(() => app.close());

  const inject = async (method: 'PUT' | 'PATCH', url: string, payload: Record<string, unknown>, headers: Record<string, string>) =>
    (await app.inject({ method, url, headers, payload })).statusCode;
  const trpcStatus = async (call: () => Promise<unknown>) => {
    try {
      await call();
      return 200;
    } catch (error) {
      return error instanceof TRPCError ? getHTTPStatusCodeFromError(error) : 500;
    }
  };
  const merchantId = async () => (await testDb().merchant.findFirstOrThrow({ select: { id: true } })).id;

  const CASES: UpdateCase[] = [
    {
      name: 'task line (PUT /task-lines/{id}, taskLines.update)',
      covers: ['PUT /backend/task-lines/{id}', 'tRPC taskLines.update'],
      schema: updateTaskLineSchema.omit({ id: true }),
      fresh: async () => {
        const { customer, vehicle } = await createCustomer();
        const visitId = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { dueInDays: 3, totalCostCents: 3_000 });
        const task = await testDb().task.findFirstOrThrow({ where: { visitId }, select: { id: true } });
        const line = await testDb().taskLine.create({
          data: {
            taskId: task.id,
            position: 0,
            kind: 'FLAT',
            description: 'Wiper blades',
            quantityMilli: 2_000,
            unitCostCents: 700,
            unitPriceCents: 1_500,
            totalCents: 3_000,
          },
        });
        const rate = await testDb().taxRate.create({ data: { name: `Reduced ${uniqueSuffix()}`, basisPoints: 550 } });
        return {
          id: line.id,
          full: { description: 'Rear wiper blades', quantity: 3, unitPriceCents: 1_600, unitCostCents: 800, taxRateId: rate.id },
        };
      },
      read: async (id) => {
        const line = await testDb().taskLine.findUniqueOrThrow({ where: { id } });
        return {
          description: line.description,
          quantity: line.quantityMilli / 1000,
          unitPriceCents: line.unitPriceCents,
          unitCostCents: line.unitCostCents,
          taxRateId: line.taxRateId,
        };
      },
      rest: (id, data) => inject('PUT', `/backend/task-lines/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).taskLines.update({ id, ...(data as object) })),
    },
    {
      name: 'vehicle (PUT /vehicles/{id}, vehicles.update)',
      covers: ['PUT /backend/vehicles/{id}', 'tRPC vehicles.update'],
      schema: vehicleInputSchema,
      fresh: async () => {
        const { vehicle } = await createCustomer();
        // The identity fields (#28) hold values no default writes: left out, they must stay.
        const identity = {
          vin: `WVWZZZ1KZ${uniqueSuffix().toUpperCase()}`,
          trim: 'GTI',
          plateRegion: 'Dubai',
          distanceUnit: 'MI' as const,
        };
        await testDb().vehicle.update({
          where: { id: vehicle.id },
          data: { imageUrl: STORED_PICTURE, status: 'INACTIVE', ...identity, firstRegistrationDate: new Date('2015-03-02T00:00:00Z') },
        });
        const row = await testDb().vehicle.findUniqueOrThrow({ where: { id: vehicle.id } });
        const full = pick(row, ['type', 'plateNumber', 'color', 'brand', 'model', 'year', 'engineType', 'status']);
        return { id: vehicle.id, full: { ...full, ...identity, firstRegistrationDate: '2015-03-02' } };
      },
      read: async (id) => pick(await testDb().vehicle.findUniqueOrThrow({ where: { id } }), Object.keys(vehicleInputSchema.shape)),
      rest: (id, data) => inject('PUT', `/backend/vehicles/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).vehicles.update({ id, data: data as never })),
    },
    {
      name: 'spec card (PUT /vehicles/{vehicleId}/spec, vehicleSpecs.update)',
      covers: ['PUT /backend/vehicles/{vehicleId}/spec', 'tRPC vehicleSpecs.update'],
      schema: vehicleSpecInputSchema,
      fresh: async () => {
        const { vehicle } = await createCustomer();
        const full = {
          oilGrade: '5W-30',
          oilCapacityLitres: 4.5,
          oilFilterRef: 'W 712/95',
          airFilterRef: 'C 27 009',
          cabinFilterRef: 'CUK 2939',
          fuelFilterRef: 'WK 820/17',
          tyreSizeFront: '205/55 R16 91V',
          tyreSizeRear: '225/45 R17 94W',
          tyrePressureFrontBar: 2.3,
          tyrePressureRearBar: 2.1,
          wiperDriver: '600 mm',
          wiperPassenger: '475 mm',
          wiperRear: '300 mm',
          battery: '12V 70Ah 640A EN',
          sparkPlugs: 'NGK BKR6E',
          notes: 'Drain plug 25 Nm',
        };
        // A stored card whose every value differs from `full`: a field left out must keep this one.
        await testDb().vehicleSpec.create({
          data: {
            vehicleId: vehicle.id,
            oilGrade: '0W-20',
            oilCapacityDl: 38,
            oilFilterRef: 'OX 371D',
            airFilterRef: 'LX 1780',
            cabinFilterRef: 'LA 109',
            fuelFilterRef: 'KL 228',
            tyreSizeFront: '195/65 R15 91H',
            tyreSizeRear: '195/65 R15 91H',
            tyrePressureFrontKpa: 250,
            tyrePressureRearKpa: 240,
            wiperDriver: '550 mm',
            wiperPassenger: '400 mm',
            wiperRear: '280 mm',
            battery: '12V 60Ah 540A EN',
            sparkPlugs: 'Bosch FR7DC',
            notes: 'Old note',
          },
        });
        return { id: vehicle.id, full };
      },
      read: async (id) => {
        const { updatedAt: _updatedAt, vehicleId: _vehicleId, ...card } = await callerFor(admin).vehicleSpecs.get({ vehicleId: id });
        return card;
      },
      rest: (id, data) => inject('PUT', `/backend/vehicles/${id}/spec`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).vehicleSpecs.update({ vehicleId: id, data: data as never })),
    },
    {
      name: 'static data (PUT /static-data/{id}, staticData.update)',
      covers: ['PUT /backend/static-data/{id}', 'tRPC staticData.update'],
      schema: staticDataInputSchema,
      fresh: async () => {
        const row = await testDb().staticData.create({ data: { name: `Teal ${uniqueSuffix()}`, type: 'COLOR' } });
        return { id: row.id, full: { name: row.name, type: row.type } };
      },
      read: async (id) => pick(await testDb().staticData.findUniqueOrThrow({ where: { id } }), Object.keys(staticDataInputSchema.shape)),
      rest: (id, data) => inject('PUT', `/backend/static-data/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).staticData.update({ id, data: data as never })),
    },
    {
      name: 'to-do (PUT /todos/{id}, todos.update)',
      covers: ['PUT /backend/todos/{id}', 'tRPC todos.update'],
      schema: todoInputSchema,
      fresh: async () => {
        const row = await testDb().todoTask.create({ data: { title: `Order filters ${uniqueSuffix()}`, description: 'Ten oil filters' } });
        return { id: row.id, full: { title: row.title, description: row.description } };
      },
      read: async (id) => pick(await testDb().todoTask.findUniqueOrThrow({ where: { id } }), ['title', 'description']),
      rest: (id, data) => inject('PUT', `/backend/todos/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).todos.update({ id, data: data as never })),
    },
    {
      name: 'offering category (PATCH /offering/categories/{id}, offering.categories.update)',
      covers: ['PATCH /backend/offering/categories/{id}', 'tRPC offering.categories.update'],
      schema: categoryPatchSchema,
      fresh: async () => {
        const row = await testDb().offeringCategory.create({
          data: {
            title: { en: `Glass ${uniqueSuffix()}`, fr: 'Vitrage', ar: 'الزجاج' },
            description: { en: 'Windscreens' },
            imageUrl: STORED_PICTURE,
            sortOrder: 7,
            visible: false,
          },
        });
        return { id: row.id, full: pick(row, Object.keys(categoryPatchSchema.shape)) };
      },
      read: async (id) =>
        pick(await testDb().offeringCategory.findUniqueOrThrow({ where: { id } }), Object.keys(categoryPatchSchema.shape)),
      rest: (id, data) => inject('PATCH', `/backend/offering/categories/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).offering.categories.update({ id, data: data as never })),
    },
    {
      name: 'offering item (PATCH /offering/items/{id}, offering.items.update)',
      covers: ['PATCH /backend/offering/items/{id}', 'tRPC offering.items.update'],
      schema: itemPatchSchema,
      fresh: async () => {
        const category = await testDb().offeringCategory.create({ data: { title: { en: `Tyres ${uniqueSuffix()}` } } });
        const row = await testDb().offeringItem.create({
          data: {
            categoryId: category.id,
            title: { en: 'Balancing', fr: 'Équilibrage' },
            description: { en: 'Four wheels' },
            priceCents: 4_500,
            currency: 'EUR',
            imageUrl: STORED_PICTURE,
            durationMinutes: 45,
            service: 'REPAIR',
            featured: true,
            visible: false,
            sortOrder: 3,
          },
        });
        return { id: row.id, full: pick(row, Object.keys(itemPatchSchema.shape)) };
      },
      read: async (id) => pick(await testDb().offeringItem.findUniqueOrThrow({ where: { id } }), Object.keys(itemPatchSchema.shape)),
      rest: (id, data) => inject('PATCH', `/backend/offering/items/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).offering.items.update({ id, data: data as never })),
    },
    {
      name: 'branding entry (PUT /merchant/update-branding/{id}, merchant.updateBranding)',
      covers: ['PUT /backend/merchant/update-branding/{id}', 'tRPC merchant.updateBranding'],
      schema: brandingInputSchema,
      fresh: async () => {
        // One entry per type, language and status: an archived Arabic HERO of our own, removed after the check.
        await testDb().branding.deleteMany({ where: { type: 'HERO', language: 'ar', status: 'ARCHIVED' } });
        const row = await testDb().branding.create({
          data: {
            merchantId: await merchantId(),
            type: 'HERO',
            language: 'ar',
            status: 'ARCHIVED',
            fields: [{ key: 'heroTitle', value: 'مرحبا' }],
          },
        });
        return { id: row.id, full: pick(row, ['type', 'language', 'status', 'fields']) };
      },
      read: async (id) => pick(await testDb().branding.findUniqueOrThrow({ where: { id } }), ['type', 'language', 'status', 'fields']),
      rest: (id, data) => inject('PUT', `/backend/merchant/update-branding/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).merchant.updateBranding({ id, data: data as never })),
      cleanup: async (id) => void (await testDb().branding.delete({ where: { id } })),
    },
    {
      name: 'shop identity (PUT /merchant/update-merchant, merchant.update)',
      covers: ['PUT /backend/merchant/update-merchant', 'tRPC merchant.update'],
      schema: updateMerchantSchema,
      fresh: async () => {
        const row = await testDb().merchant.findFirstOrThrow();
        return { id: row.id, full: pick(row, Object.keys(updateMerchantSchema.shape)) };
      },
      read: async (id) => pick(await testDb().merchant.findUniqueOrThrow({ where: { id } }), Object.keys(updateMerchantSchema.shape)),
      rest: (_id, data) => inject('PUT', '/backend/merchant/update-merchant', data, admin.authHeader),
      trpc: (_id, data) => trpcStatus(() => callerFor(admin).merchant.update(data as never)),
    },
    {
      name: 'oil change correction (PATCH /oil-changes/{id}, oilChanges.update)',
      covers: ['PATCH /backend/oil-changes/{id}', 'tRPC oilChanges.update'],
      schema: oilChangeUpdateInputSchema,
      fresh: async () => {
        const { vehicle } = await createCustomer();
        const row = await testDb().oilChange.create({
          data: {
            vehicleId: vehicle.id,
            oilName: 'Castrol Edge',
            oilType: '5W-30',
            currentKm: 42_000,
            nextChangeKm: 52_000,
            filterChanged: true,
            notes: 'Drain plug replaced',
          },
        });
        return { id: row.id, full: pick(row, Object.keys(oilChangeUpdateInputSchema.shape)) };
      },
      read: async (id) =>
        pick(await testDb().oilChange.findUniqueOrThrow({ where: { id } }), Object.keys(oilChangeUpdateInputSchema.shape)),
      rest: (id, data) => inject('PATCH', `/backend/oil-changes/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).oilChanges.update({ id, data: data as never })),
    },
    {
      name: 'media file rename/move (PATCH /media/{id}, media.update)',
      covers: ['PATCH /backend/media/{id}', 'tRPC media.update'],
      schema: updateMediaDataSchema,
      fresh: async () => {
        const { customer, vehicle } = await createCustomer();
        const visitId = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { dueInDays: 1 });
        const row = await testDb().mediaFile.create({
          data: {
            merchantId: await merchantId(),
            name: 'Front bumper.jpg',
            type: 'IMAGE',
            mimeType: 'image/jpeg',
            sizeBytes: 10,
            storageKey: `test/${uniqueSuffix()}-${uniqueSuffix()}`,
            section: 'inspection',
            ownerId: customer.id,
            vehicleId: vehicle.id,
            visitId,
          },
        });
        return { id: row.id, full: pick(row, Object.keys(updateMediaDataSchema.shape)) };
      },
      read: async (id) => pick(await testDb().mediaFile.findUniqueOrThrow({ where: { id } }), Object.keys(updateMediaDataSchema.shape)),
      rest: (id, data) => inject('PATCH', `/backend/media/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).media.update({ id, data: data as never })),
    },
    {
      name: "client's rating of a visit (PUT /my/visits/{visitId}/rating, ratings.rateVisit)",
      covers: ['PUT /backend/my/visits/{visitId}/rating', 'tRPC ratings.rateVisit'],
      schema: ratingInputSchema,
      fresh: async () => {
        const visitId = await insertVisit(
          { customerId: client.customer.id, vehicleId: client.vehicle.id },
          { status: 'COMPLETED', dueInDays: -1 },
        );
        await client.caller.ratings.rateVisit({ visitId, stars: 2, feedback: 'Slow but careful', showOnWebsite: true });
        return { id: visitId, full: { stars: 2, feedback: 'Slow but careful', showOnWebsite: true } };
      },
      read: async (visitId) =>
        pick(await testDb().rating.findUniqueOrThrow({ where: { visitId } }), ['stars', 'feedback', 'showOnWebsite']),
      rest: (visitId, data) => inject('PUT', `/backend/my/visits/${visitId}/rating`, data, client.authHeader),
      trpc: (visitId, data) => trpcStatus(() => client.caller.ratings.rateVisit({ visitId, ...(data as { stars: number }) })),
    },
    {
      name: 'reminder and appointment settings (PATCH /reminders/settings, reminders.updateSettings)',
      covers: ['PATCH /backend/reminders/settings', 'tRPC reminders.updateSettings'],
      schema: updateReminderSettingsSchema,
      // The shop's one row: the complete update writes back what is stored, so the shop's settings stay as they were.
      fresh: async () => {
        const row = await testDb().merchant.findFirstOrThrow({ orderBy: { createdAt: 'asc' } });
        return { id: row.id, full: pick(row, SETTINGS) };
      },
      read: async (id) => pick(await testDb().merchant.findUniqueOrThrow({ where: { id } }), SETTINGS),
      rest: (_id, data) => inject('PATCH', '/backend/reminders/settings', data, admin.authHeader),
      trpc: (_id, data) => trpcStatus(() => callerFor(admin).reminders.updateSettings(data as never)),
    },
    {
      name: 'statutory inspection rule (PATCH /reminders/statutory-settings, reminders.updateStatutorySettings)',
      covers: ['PATCH /backend/reminders/statutory-settings', 'tRPC reminders.updateStatutorySettings'],
      schema: updateStatutorySettingsSchema,
      // The shop's one row, as for the reminder settings: the complete update writes back what is stored.
      fresh: async () => {
        const row = await testDb().merchant.findFirstOrThrow({ orderBy: { createdAt: 'asc' } });
        return { id: row.id, full: pick(row, STATUTORY_SETTINGS) };
      },
      read: async (id) => pick(await testDb().merchant.findUniqueOrThrow({ where: { id } }), STATUTORY_SETTINGS),
      rest: (_id, data) => inject('PATCH', '/backend/reminders/statutory-settings', data, admin.authHeader),
      trpc: (_id, data) => trpcStatus(() => callerFor(admin).reminders.updateStatutorySettings(data as never)),
    },
    {
      name: 'purchase order draft (PUT /purchase-orders/{id}, purchaseOrders.update)',
      covers: ['PUT /backend/purchase-orders/{id}', 'tRPC purchaseOrders.update'],
      schema: updatePurchaseOrderSchema.omit({ id: true }),
      // A draft with notes, an expected day and a line at a chosen cost; the complete update names the version read.
      fresh: async () => {
        const suffix = uniqueSuffix();
        const supplier = await testDb().supplier.create({ data: { name: `Supplier ${suffix}` } });
        const part = await testDb().part.create({ data: { partNumber: `PU-${suffix}`, name: 'Brake disc' } });
        const row = await testDb().purchaseOrder.create({
          data: {
            number: `PU-${suffix}`,
            supplierId: supplier.id,
            notes: 'Call before delivering',
            expectedOn: new Date('2030-01-15T00:00:00.000Z'),
            lines: { create: [{ position: 0, partId: part.id, quantityMilli: 2_000, unitCostCents: 1_500 }] },
          },
        });
        const lines = [{ partId: part.id, quantity: 2, unitCostCents: 1_500 }];
        return { id: row.id, full: { supplierId: supplier.id, notes: row.notes, expectedOn: '2030-01-15', lines, version: row.version } };
      },
      read: async (id) => {
        const row = await testDb().purchaseOrder.findUniqueOrThrow({ where: { id }, include: { lines: { orderBy: { position: 'asc' } } } });
        return {
          supplierId: row.supplierId,
          notes: row.notes,
          expectedOn: row.expectedOn?.toISOString().slice(0, 10) ?? null,
          lines: row.lines.map((line) => ({ partId: line.partId, quantity: line.quantityMilli / 1000, unitCostCents: line.unitCostCents })),
          version: row.version,
        };
      },
      rest: (id, data) => inject('PUT', `/backend/purchase-orders/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).purchaseOrders.update({ id, ...(data as { version: number }) })),
    },
    {
      name: 'part (PATCH /parts/{id}, parts.update)',
      covers: ['PATCH /backend/parts/{id}', 'tRPC parts.update'],
      schema: updatePartSchema.omit({ id: true }),
      // Every column differs from its default: litres, a cost, a price, reorder figures with decimals, a supplier.
      fresh: async () => {
        const supplier = await testDb().supplier.create({ data: { name: `Parts wholesaler ${uniqueSuffix()}` } });
        const full = {
          partNumber: `PU-${uniqueSuffix()}`,
          name: 'Gear oil 75W-90',
          brand: 'Motul',
          category: 'Fluids',
          barcode: partialUpdateBarcode(),
          unit: 'LITRE',
          costCents: 1234,
          priceCents: 2100,
          binLocation: 'B-07',
          reorderPoint: 2.5,
          reorderQuantity: 10.25,
          supplierId: supplier.id,
          notes: 'Keep away from heat',
        };
        const { reorderPoint, reorderQuantity, ...columns } = full;
        const row = await testDb().part.create({
          data: { ...columns, unit: 'LITRE', reorderPointMilli: reorderPoint * 1000, reorderQuantityMilli: reorderQuantity * 1000 },
        });
        return { id: row.id, full };
      },
      read: async (id) => {
        const { reorderPointMilli, reorderQuantityMilli, ...row } = await testDb().part.findUniqueOrThrow({ where: { id } });
        return pick(
          {
            ...row,
            reorderPoint: reorderPointMilli === null ? null : reorderPointMilli / 1000,
            reorderQuantity: reorderQuantityMilli === null ? null : reorderQuantityMilli / 1000,
          },
          Object.keys(updatePartSchema.omit({ id: true }).shape),
        );
      },
      rest: (id, data) => inject('PATCH', `/backend/parts/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).parts.update({ id, ...(data as object) })),
    },
    {
      name: 'supplier (PATCH /suppliers/{id}, suppliers.update)',
      covers: ['PATCH /backend/suppliers/{id}', 'tRPC suppliers.update'],
      schema: updateSupplierSchema.omit({ id: true }),
      fresh: async () => {
        const full = {
          name: `Brake world ${uniqueSuffix()}`,
          contactName: 'Nadia Haddad',
          email: 'orders@brake-world.example',
          phone: '+33 1 23 45 67 89',
          accountNumber: 'ACC-778',
          leadTimeDays: 4,
          notes: 'Delivers on Tuesdays',
        };
        const row = await testDb().supplier.create({ data: full });
        return { id: row.id, full };
      },
      read: async (id) =>
        pick(await testDb().supplier.findUniqueOrThrow({ where: { id } }), Object.keys(updateSupplierSchema.omit({ id: true }).shape)),
      rest: (id, data) => inject('PATCH', `/backend/suppliers/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).suppliers.update({ id, ...(data as object) })),
    },
    {
      name: 'labour rate (PATCH /labour-rates/{id}, labourRates.update)',
      covers: ['PATCH /backend/labour-rates/{id}', 'tRPC labourRates.update'],
      schema: updateLabourRateSchema.omit({ id: true }),
      // Not the default: other test files running meanwhile rely on the shop's default rate staying put.
      fresh: async () => {
        const full = { name: `Body work ${uniqueSuffix()}`, rateCents: 7350, isDefault: false };
        const row = await testDb().labourRate.create({ data: full });
        return { id: row.id, full };
      },
      read: async (id) =>
        pick(await testDb().labourRate.findUniqueOrThrow({ where: { id } }), Object.keys(updateLabourRateSchema.omit({ id: true }).shape)),
      rest: (id, data) => inject('PATCH', `/backend/labour-rates/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).labourRates.update({ id, ...(data as object) })),
    },
    {
      name: 'tax rate (PATCH /tax-rates/{id}, taxRates.update)',
      covers: ['PATCH /backend/tax-rates/{id}', 'tRPC taxRates.update'],
      schema: updateTaxRateSchema.omit({ id: true }),
      // A rate nothing uses: its percentage and category may still change.
      fresh: async () => {
        const row = await testDb().taxRate.create({ data: { name: `Old rate ${uniqueSuffix()}`, basisPoints: 700, category: 'S' } });
        return {
          id: row.id,
          full: { name: `Exempt ${uniqueSuffix()}`, basisPoints: 0, category: 'E', exemptionReason: 'Article 261 CGI' },
        };
      },
      read: async (id) =>
        pick(await testDb().taxRate.findUniqueOrThrow({ where: { id } }), Object.keys(updateTaxRateSchema.omit({ id: true }).shape)),
      rest: (id, data) => inject('PATCH', `/backend/tax-rates/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).taxRates.update({ id, ...(data as object) })),
    },
    {
      name: 'inspection template (PATCH /inspection-templates/{id}, inspectionTemplates.update)',
      covers: ['PATCH /backend/inspection-templates/{id}', 'tRPC inspectionTemplates.update'],
      schema: updateTemplateSchema.omit({ id: true }),
      // A description, a sort order and a measurement with thresholds; the complete update names the version read
      // and sends the items as read (kept by id), so items left out must keep theirs.
      fresh: async () => {
        const template = await callerFor(admin).inspectionTemplates.create({
          name: { en: `Checklist ${uniqueSuffix()}`, fr: 'Liste' },
          description: { en: 'Before a long trip' },
          sortOrder: 70,
          items: [
            {
              section: { en: 'Tyres' },
              label: { en: 'Tread' },
              key: 'tread.front-left',
              kind: 'MEASUREMENT',
              unit: 'MM',
              minValue: 0,
              maxValue: 20,
              amberAt: 4,
              redAt: 2,
              lowerIsWorse: true,
              photoRequired: true,
            },
            { section: { en: 'Lights' }, label: { en: 'Horn' }, kind: 'CHECK', lowerIsWorse: true, photoRequired: false },
          ],
        });
        return { id: template.id, full: inspectionTemplateFields(template) };
      },
      read: async (id) => inspectionTemplateFields(await callerFor(admin).inspectionTemplates.get({ id })),
      rest: (id, data) => inject('PATCH', `/backend/inspection-templates/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).inspectionTemplates.update({ id, ...(data as { version: number }) })),
    },
    {
      name: 'inspection assignee (PATCH /inspections/{id}, inspections.update)',
      covers: ['PATCH /backend/inspections/{id}', 'tRPC inspections.update'],
      schema: updateInspectionSchema.omit({ id: true }),
      fresh: async () => {
        const { id } = await partialInspection(admin.user.id);
        const other = await createTestUser('EMPLOYEE');
        return { id, full: { version: 1, assignedToId: other.user.id } };
      },
      read: async (id) => pick(await testDb().inspection.findUniqueOrThrow({ where: { id } }), ['version', 'assignedToId']),
      rest: (id, data) => inject('PATCH', `/backend/inspections/${id}`, data, admin.authHeader),
      trpc: (id, data) => trpcStatus(() => callerFor(admin).inspections.update({ id, ...(data as { version: number }) })),
    },
    {
      // The id here is "<inspection>/<item>": a result belongs to one item of one inspection.
      name: 'inspection result (PUT /inspections/{id}/items/{itemId}, inspections.saveResult)',
      covers: ['PUT /backend/inspections/{id}/items/{itemId}'],
      schema: saveResultSchema.omit({ id: true, itemId: true }),
      fresh: async () => {
        const { id, itemId } = await partialInspection(admin.user.id);
        return { id: `${id}/${itemId}`, full: { condition: 'SOON', value: null, note: 'Scored, replace soon' } };
      },
      read: async (ids) => {
        const row = await testDb().inspectionItem.findUniqueOrThrow({ where: { id: ids.split('/')[1]! } });
        return { condition: row.condition, value: row.valueMilli, note: row.note };
      },
      rest: (ids, data) => inject('PUT', `/backend/inspections/${ids}`.replace(/\/([^/]+)$/, '/items/$1'), data, admin.authHeader),
      trpc: (ids, data) => {
        const [id, itemId] = ids.split('/') as [string, string];
        return trpcStatus(() => callerFor(admin).inspections.saveResult({ id, itemId, ...(data as object) }));
      },
    },
  ];

  for (const update of CASES) {
    for (const transport of ['rest', 'trpc'] as const) {
      if (!update[transport]) continue;
      it(`${update.name} via ${transport === 'rest' ? 'REST' : 'tRPC'}: each field left out in turn`, async () => {
        const problems: string[] = [];
        for (const [field, fieldSchema] of Object.entries(update.schema.shape)) {
          const { id, full } = await update.fresh();
          const before = await update.read(id);
          const { [field]: _left, ...rest } = full;
          const status = await update[transport]!(id, rest);
          const after = await update.read(id);
          if (mayBeLeftOut(fieldSchema as z.ZodType)) {
            if (status !== 200) problems.push(`without ${field}: ${status}, expected 200`);
            if (JSON.stringify(after[field]) !== JSON.stringify(before[field]))
              problems.push(`without ${field}: it changed from ${JSON.stringify(before[field])} to ${JSON.stringify(after[field])}`);
          } else {
            if (status !== 400) problems.push(`without required ${field}: ${status}, expected 400`);
            if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`without required ${field}: refused but the row changed`);
          }
          await update.cleanup?.(id);
        }
        expect(problems).toEqual([]);
      });
    }
  }

  it('covers every update operation the app serves, or names why one is left out', async () => {
    const document = (await app.inject({ method: 'GET', url: '/backend/openapi.json' })).json();
    const updates = [
      ...restOperationSpecs(document).filter((operation) => operation.method === 'PUT' || operation.method === 'PATCH'),
      ...trpcProcedureSpecs().filter((procedure) => /^update/.test(procedure.path.split('.').at(-1)!)),
    ].map((operation) => operation.key);
    // Both transports were walked (an empty list would pass anything).
    expect(updates).toEqual(expect.arrayContaining(['PUT /backend/users/{id}', 'tRPC users.update']));
    const covered = new Set([...COVERED_BY_FIELD_TESTS, ...CASES.flatMap((update) => update.covers)]);
    const untested = updates.filter((key) => !covered.has(key) && !(key in NOT_PARTIAL_UPDATES));
    expect(untested, 'update operations with no case here: add a case to CASES, or a reason to NOT_PARTIAL_UPDATES').toEqual([]);
    const served = new Set([...restOperationSpecs(document), ...trpcProcedureSpecs()].map((operation) => operation.key));
    const vanished = [...covered, ...Object.keys(NOT_PARTIAL_UPDATES)].filter((key) => !served.has(key));
    expect(vanished, 'named here but not served by the app').toEqual([]);
  });
});
