// Updates change only what they are sent. For each update operation on people (staff PUT /users/{id} and
// tRPC users.update, own PUT /profile and tRPC profile.update): an update that carries one field leaves
// every other field as it was; null clears what may be empty. (Before, an omitted `active` reactivated a
// deactivated user, an omitted `verified` un-verified and an omitted email erased it.) Visits: an edit that
// omits the notes keeps them (it used to erase them); tasks: an edit that omits priority or cost kept resetting
// them to NORMAL and 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateUserInput } from '@garage/shared';
import type { App } from '../src/app.ts';
import { buildTestApp, createTestUser, testDb } from './helpers.ts';
import { callerFor, newUser as newUserPayload, type TestUser } from './users-fixtures.ts';
import { createCustomer, insertVisit } from './visits-fixtures.ts';

const KEPT = ['firstName', 'lastName', 'username', 'email', 'countryCode', 'phoneNumber', 'role', 'age', 'imageUrl', 'preferredLanguage', 'verified', 'active'] as const;
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
    ['imageUrl', { imageUrl: 'https://images.example.com/other.png' }],
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
    const response = await app.inject({ method: 'PUT', url: `/backend/users/${id}`, headers: admin.authHeader, payload: { phoneNumber: other.phoneNumber } });
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
    await testDb().user.update({ where: { id: me.user.id }, data: { preferredLanguage: 'ar', age: 45, imageUrl: 'https://images.example.com/me.png' } });
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
    const read = async () => testDb().visit.findUniqueOrThrow({ where: { id }, select: { name: true, notes: true, dueDate: true, version: true } });
    const before = await read();

    const response = await app.inject({ method: 'PUT', url: `/backend/visits/${id}`, headers: admin.authHeader, payload: { version: before.version, name: 'Renamed visit' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await read()).toEqual({ ...before, name: 'Renamed visit', version: before.version + 1 });

    await callerFor(admin).visits.update({ id, version: before.version + 1, data: { name: 'Renamed again' } });
    expect(await read()).toEqual({ ...before, name: 'Renamed again', version: before.version + 2 });

    await callerFor(admin).visits.update({ id, version: before.version + 2, data: { notes: null } });
    expect((await read()).notes).toBeNull();
  });

  it('a task edit (REST and tRPC) with only the title keeps priority, cost, description and due date', async () => {
    const { customer, vehicle } = await createCustomer();
    const visitId = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { dueInDays: 3 });
    const created = await testDb().task.create({
      data: { visitId, title: 'Brake pads', description: 'Front axle', service: 'REPAIR', priority: 'HIGH', costCents: 4_000, soldForCents: 9_000, dueDate: new Date(Date.UTC(2031, 0, 15)) },
    });
    const read = async () => {
      const { updatedAt: _updatedAt, ...row } = await testDb().task.findUniqueOrThrow({ where: { id: created.id } });
      return row;
    };
    const before = await read();
    const current = async () => (await testDb().task.findUniqueOrThrow({ where: { id: created.id } })).updatedAt.toISOString();

    const response = await app.inject({ method: 'PUT', url: `/backend/tasks/${created.id}`, headers: admin.authHeader, payload: { updatedAt: await current(), title: 'Brake pads and discs' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await read()).toEqual({ ...before, title: 'Brake pads and discs' });

    await callerFor(admin).tasks.update({ id: created.id, updatedAt: await current(), data: { priority: 'LOW' } });
    expect(await read()).toEqual({ ...before, title: 'Brake pads and discs', priority: 'LOW' });

    await callerFor(admin).tasks.update({ id: created.id, updatedAt: await current(), data: { description: null, dueDate: null } });
    expect(await read()).toEqual({ ...before, title: 'Brake pads and discs', priority: 'LOW', description: null, dueDate: null });
  });
});
