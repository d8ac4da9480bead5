// First run against FRESH databases without demo data (made next to the shared test database from one
// migrated template): the neutral merchant answers the public site, the one-time setup code guards
// /setup, concurrent setups give one admin, ADMIN_EMAIL/ADMIN_PASSWORD make exactly one admin, and the
// demo seed turns a neutral merchant into the demo shop without a second merchant.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { createDb, ensureMerchant, seedDemoData, type Db } from '@garage/db';
import { migrateDatabase } from '@garage/db/migrate';
import { SETUP_MESSAGES, type CompleteSetupInput } from '@garage/shared';
import type { App } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { bootstrapAdminFromEnv } from '../src/modules/setup/first-admin.ts';
import { formatSetupCode, prepareSetupCode } from '../src/modules/setup/setup-code.ts';
import { createFirstAdmin } from '../src/modules/setup/setup.service.ts';
import { canChangeAccount } from '../src/modules/users/users.access.ts';
import { multipartFile } from './data-transfer-fixtures.ts';
import { buildTestApp, testDb, TEST_JWT_SECRET } from './helpers.ts';

// The real accounts rule, watched: the setup paths must ask it (users.access.ts), not count admins themselves.
vi.mock('../src/modules/users/users.access.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/modules/users/users.access.ts')>();
  return { ...actual, canChangeAccount: vi.fn(actual.canChangeAccount) };
});

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const TEMPLATE = `garage_fresh_${randomUUID().slice(0, 8)}`;
const created: string[] = [];
const clients: Db[] = [];

function urlFor(name: string): string {
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/** An empty, migrated database of its own (cloned from a template migrated once per file). */
async function freshDatabase(): Promise<Db> {
  if (!created.includes(TEMPLATE)) {
    await testDb().$executeRawUnsafe(`CREATE DATABASE "${TEMPLATE}"`);
    created.push(TEMPLATE);
    await migrateDatabase(urlFor(TEMPLATE));
  }
  const name = `garage_fresh_${randomUUID().slice(0, 8)}`;
  await testDb().$executeRawUnsafe(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE}"`);
  created.push(name);
  const db = createDb(urlFor(name), { poolSize: 6 });
  clients.push(db);
  return db;
}

afterAll(async () => {
  await Promise.all(clients.map((db) => db.$disconnect()));
  for (const name of created.reverse()) await testDb().$executeRawUnsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

const PASSWORD = 'Owner#Setup2026';
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

function setupInput(
  code: string,
  overrides: { username?: string; email?: string; phone?: string; logoUrl?: string } = {},
): CompleteSetupInput {
  return {
    setupCode: code,
    admin: {
      firstName: 'Nadia',
      lastName: 'Karim',
      username: overrides.username ?? 'nadia',
      email: overrides.email ?? 'nadia@karim-motors.example',
      countryCode: '+212',
      phoneNumber: overrides.phone ?? '600112233',
      password: PASSWORD,
    },
    shop: {
      displayName: 'Karim Motors',
      name: 'karim-motors',
      defaultLanguage: 'fr',
      currency: 'mad',
      timezone: 'Africa/Casablanca',
      phone: '+212 522 00 11 22',
      whatsapp: '+212 600 11 22 33',
      email: 'contact@karim-motors.example',
      address: '12 rue des Garages, Casablanca',
      openingHours: 'Mon-Sat 8:00-18:00',
      primaryColor: '#0f766e',
      ...(overrides.logoUrl ? { logoUrl: overrides.logoUrl } : {}),
    },
  };
}

function uploadSetupLogo(app: App, setupCode: string | undefined, bytes: Buffer | string, remoteAddress: string) {
  const { payload, headers } = multipartFile('logo.png', bytes, 'image/png');
  return app.inject({
    method: 'POST',
    url: '/backend/setup/logo',
    headers: { ...headers, ...(setupCode === undefined ? {} : { 'x-setup-code': setupCode }) },
    payload,
    remoteAddress,
  });
}

describe('first run on an empty database (no demo data)', () => {
  let db: Db;
  let app: App;
  let code: string;
  let logoUrl: string;
  /** The winner of the concurrent setups (either may win). */
  let admin: { username: string; email: string };
  beforeAll(async () => {
    db = await freshDatabase();
    app = await buildTestApp({ db });
  });
  afterAll(() => app.close());

  it('creates exactly one neutral merchant, however many instances start at once', async () => {
    expect(await db.merchant.count()).toBe(0);
    const results = await Promise.all(Array.from({ length: 5 }, () => ensureMerchant(db)));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await db.merchant.count()).toBe(1);
  });

  it('serves the public site and the merchant calls with 200 and a neutral brand (no 404)', async () => {
    const merchant = await app.inject({ method: 'GET', url: '/backend/merchant/fetch-merchant' });
    expect(merchant.statusCode).toBe(200);
    expect(merchant.json().merchant).toMatchObject({ name: 'garage', displayName: 'Garage', currency: 'USD' });
    for (const lan of ['en', 'fr', 'ar']) {
      const branding = await app.inject({ method: 'GET', url: `/backend/merchant/fetch-branding?lan=${lan}` });
      expect(branding.statusCode).toBe(200);
      expect(branding.json()).toEqual([]);
    }
    const trpc = await app.inject({ method: 'GET', url: '/backend/trpc/merchant.get' });
    expect(trpc.statusCode).toBe(200);
    const status = await app.inject({ method: 'GET', url: '/backend/setup/status' });
    expect(status.json()).toEqual({ needsSetup: true });
  });

  it('issues one setup code that every instance and restart prints alike, stored only as a hash', async () => {
    const states = await Promise.all([prepareSetupCode(db, TEST_JWT_SECRET), prepareSetupCode(db, TEST_JWT_SECRET)]);
    const again = await prepareSetupCode(db, TEST_JWT_SECRET);
    expect(states[0]).toEqual(states[1]);
    expect(again).toEqual(states[0]);
    if (again.status !== 'ready') throw new Error('expected a code');
    code = again.code;
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{12}$/);
    const merchant = await db.merchant.findFirstOrThrow();
    expect(merchant.setupCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(merchant)).not.toContain(code);
    // Another instance with another secret cannot print it, and says so.
    expect(await prepareSetupCode(db, 'another-secret-another-secret-another-secret')).toEqual({ status: 'foreign' });
  });

  it('refuses a wrong code with 403 and creates nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/backend/setup/complete',
      payload: setupInput('ABCD-EFGH-JKMN'),
      remoteAddress: '10.1.0.1',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      message: SETUP_MESSAGES.codeInvalid,
      fieldErrors: { setupCode: [SETUP_MESSAGES.codeInvalid] },
    });
    expect(await db.user.count()).toBe(0);
    const check = await app.inject({
      method: 'POST',
      url: '/backend/setup/check-code',
      payload: { setupCode: 'nope' },
      remoteAddress: '10.1.0.1',
    });
    expect(check.statusCode).toBe(403);
  });

  it('throttles wrong codes per IP (429 with Retry-After) while the right code still works elsewhere', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/backend/setup/check-code',
        payload: { setupCode: `WRONG${i}` },
        remoteAddress: '10.1.0.2',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10).every((status) => status === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await app.inject({
      method: 'POST',
      url: '/backend/setup/check-code',
      payload: { setupCode: formatSetupCode(code).toLowerCase() },
      remoteAddress: '10.1.0.3',
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ valid: true });
  });

  it('lets the right code through from an address throttled for wrong ones; wrong ones stay throttled', async () => {
    // A shop owner behind the same address as someone sending wrong codes is not locked out. The concurrent
    // setups below come from these two addresses, so the setup itself is also accepted from a throttled one.
    for (const ip of ['10.1.0.5', '10.1.0.6']) {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push(
          (await app.inject({ method: 'POST', url: '/backend/setup/check-code', payload: { setupCode: `WRONG${i}` }, remoteAddress: ip }))
            .statusCode,
        );
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
      expect(statuses.slice(10)).toEqual([429, 429]);
    }
    const right = await app.inject({
      method: 'POST',
      url: '/backend/setup/check-code',
      payload: { setupCode: formatSetupCode(code) },
      remoteAddress: '10.1.0.5',
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ valid: true });
    const logo = await uploadSetupLogo(app, code, PNG, '10.1.0.5');
    expect(logo.statusCode, logo.body).toBe(201);
    const wrongAgain = await app.inject({
      method: 'POST',
      url: '/backend/setup/check-code',
      payload: { setupCode: 'WRONG-AGAIN' },
      remoteAddress: '10.1.0.5',
    });
    expect(wrongAgain.statusCode).toBe(429);
    expect(Number(wrongAgain.headers['retry-after'])).toBeGreaterThan(0);
    expect((await uploadSetupLogo(app, 'ABCD-EFGH-JKMN', PNG, '10.1.0.6')).statusCode).toBe(429);
    expect(await db.user.count()).toBe(0);
  });

  it('validates the admin and the shop with the shared rules (400 per field, nothing written)', async () => {
    const input = setupInput(code);
    const bad = {
      ...input,
      admin: { ...input.admin, password: 'weak', email: 'not-an-email' },
      shop: { ...input.shop, currency: 'EURO', timezone: 'Mars/Olympus' },
    };
    const response = await app.inject({ method: 'POST', url: '/backend/setup/complete', payload: bad, remoteAddress: '10.1.0.4' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors).sort()).toEqual(['admin.email', 'admin.password', 'shop.currency', 'shop.timezone']);
    expect(await db.user.count()).toBe(0);
  });

  it('takes the logo before setup with the setup code only, and serves it publicly', async () => {
    expect((await uploadSetupLogo(app, undefined, PNG, '10.1.0.7')).statusCode).toBe(403);
    expect((await uploadSetupLogo(app, 'ABCD-EFGH-JKMN', PNG, '10.1.0.7')).statusCode).toBe(403);
    const notPicture = await uploadSetupLogo(app, code, 'GIF89a, or rather not', '10.1.0.7');
    expect(notPicture.statusCode).toBe(400);
    const uploaded = await uploadSetupLogo(app, formatSetupCode(code), PNG, '10.1.0.7');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    logoUrl = uploaded.json().url;
    expect(logoUrl).toMatch(/^\/backend\/media\/[0-9a-f-]{36}\/file$/);
    const served = await app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await db.mediaFile.findFirstOrThrow({ where: { section: 'branding' } })).toMatchObject({
      uploadedById: null,
      mimeType: 'image/png',
    });
    expect(await db.user.count()).toBe(0);
  });

  it('lets exactly one of two concurrent setups win; the winner is signed in', async () => {
    const [first, second] = await Promise.all([
      app.inject({ method: 'POST', url: '/backend/setup/complete', payload: setupInput(code, { logoUrl }), remoteAddress: '10.1.0.5' }),
      app.inject({
        method: 'POST',
        url: '/backend/setup/complete',
        payload: setupInput(code, { username: 'intruder', email: 'intruder@example.com', phone: '600999888', logoUrl }),
        remoteAddress: '10.1.0.6',
      }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const winner = first.statusCode === 201 ? first : second;
    const loser = first.statusCode === 201 ? second : first;
    expect(loser.json().message).toBe(SETUP_MESSAGES.alreadyDone);
    expect(await db.user.count({ where: { role: 'ADMIN' } })).toBe(1);
    const session = winner.json();
    admin = { username: session.user.username, email: session.user.email };
    expect(session.user).toMatchObject({ role: 'ADMIN', preferredLanguage: 'fr', verified: true });
    expect(session.accessToken).toEqual(expect.any(String));
    const cookies = ([] as string[]).concat(winner.headers['set-cookie'] ?? []);
    expect(cookies.some((cookie) => cookie.startsWith('accessToken='))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith('refreshToken=') && /HttpOnly/i.test(cookie))).toBe(true);
    const checklist = await app.inject({
      method: 'GET',
      url: '/backend/setup/checklist',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(checklist.statusCode).toBe(200);
  });

  it('stored the shop where the branding manager edits it', async () => {
    const merchant = await app.inject({ method: 'GET', url: '/backend/merchant/fetch-merchant' });
    expect(merchant.json().merchant).toMatchObject({ name: 'karim-motors', displayName: 'Karim Motors', currency: 'MAD' });
    const row = await db.merchant.findFirstOrThrow();
    expect(row).toMatchObject({ timezone: 'Africa/Casablanca', defaultLanguage: 'fr', setupCodeHash: null });
    expect(row.setupCompletedAt).toBeInstanceOf(Date);
    expect(await db.merchant.count()).toBe(1);
    const branding = await app.inject({ method: 'GET', url: '/backend/merchant/fetch-branding?lan=ar' });
    const fields = Object.fromEntries(
      branding.json().flatMap((entry: { fields: { key: string; value: string }[] }) => entry.fields.map((f) => [f.key, f.value])),
    );
    expect(fields).toMatchObject({
      contactPhone: '+212 522 00 11 22',
      contactEmail: 'contact@karim-motors.example',
      contactAddress: '12 rue des Garages, Casablanca',
      workingHours: 'Mon-Sat 8:00-18:00',
      whatsapp: 'https://wa.me/212600112233',
      headerLogo: logoUrl,
      favicon: logoUrl,
    });
    expect(JSON.parse(fields.themeColors).colorBrand['600']).toBe('#0f766e');
  });

  it('lets the first admin sign in with the chosen password', async () => {
    for (const identifier of [admin.username, admin.email]) {
      const response = await app.inject({
        method: 'POST',
        url: '/backend/user/login',
        payload: { identifier, password: PASSWORD },
        remoteAddress: '10.1.0.7',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().user.role).toBe('ADMIN');
    }
  });

  it("keeps the shop's identity editable by staff afterwards (same rules as setup)", async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/backend/user/login',
      payload: { identifier: admin.username, password: PASSWORD },
      remoteAddress: '10.1.0.10',
    });
    const auth = { authorization: `Bearer ${login.json().accessToken}` };
    const change = {
      displayName: 'Karim Motors & Fils',
      name: 'karim-motors',
      defaultLanguage: 'ar',
      currency: 'EUR',
      timezone: 'Europe/Paris',
    };
    expect((await app.inject({ method: 'PUT', url: '/backend/merchant/update-merchant', payload: change })).statusCode).toBe(401);
    const bad = await app.inject({
      method: 'PUT',
      url: '/backend/merchant/update-merchant',
      headers: auth,
      payload: { ...change, timezone: 'Nowhere/Land' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['timezone']);
    const saved = await app.inject({ method: 'PUT', url: '/backend/merchant/update-merchant', headers: auth, payload: change });
    expect(saved.statusCode).toBe(200);
    const merchant = (await app.inject({ method: 'GET', url: '/backend/merchant/fetch-merchant' })).json().merchant;
    expect(merchant).toMatchObject({
      displayName: 'Karim Motors & Fils',
      currency: 'EUR',
      timezone: 'Europe/Paris',
      defaultLanguage: 'ar',
    });

    // A new logo later: uploaded as a branding picture by staff, named in the ASSETS entry setup wrote.
    const picture = multipartFile('new-logo.png', PNG, 'image/png');
    const uploaded = await app.inject({
      method: 'POST',
      url: '/backend/uploads/image?section=branding',
      headers: { ...picture.headers, ...auth },
      payload: picture.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const newLogo = uploaded.json().url as string;
    expect((await app.inject({ method: 'GET', url: newLogo })).statusCode).toBe(200);
    const assets = (await app.inject({ method: 'GET', url: '/backend/merchant/fetch-branding?lan=en' }))
      .json()
      .find((entry: { type: string }) => entry.type === 'ASSETS');
    const replaced = await app.inject({
      method: 'PUT',
      url: `/backend/merchant/update-branding/${assets.id}`,
      headers: auth,
      payload: {
        type: 'ASSETS',
        language: 'common',
        status: 'ACTIVE',
        fields: [
          { key: 'headerLogo', value: newLogo },
          { key: 'favicon', value: logoUrl },
        ],
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
  });

  it('never runs setup twice: the used code and any other answer 409; status says done', async () => {
    for (const setupCode of [code, 'ABCD-EFGH-JKMN']) {
      const response = await app.inject({
        method: 'POST',
        url: '/backend/setup/complete',
        payload: setupInput(setupCode, { username: 'second' }),
        remoteAddress: '10.1.0.8',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(SETUP_MESSAGES.alreadyDone);
    }
    const check = await app.inject({
      method: 'POST',
      url: '/backend/setup/check-code',
      payload: { setupCode: code },
      remoteAddress: '10.1.0.8',
    });
    expect(check.statusCode).toBe(409);
    expect((await uploadSetupLogo(app, code, PNG, '10.1.0.8')).statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: '/backend/setup/status' })).json()).toEqual({ needsSetup: false });
    expect(await prepareSetupCode(db, TEST_JWT_SECRET)).toEqual({ status: 'done' });
    expect(
      await createFirstAdmin(db, { firstName: 'A', lastName: 'B', username: 'late', email: 'late@example.com', password: PASSWORD }),
    ).toEqual({ created: false });
    expect(await db.user.count()).toBe(1);
  });

  it('does not put the demo data into a shop in use', async () => {
    expect(await seedDemoData(db)).toEqual({ created: false, skipped: 'in-use' });
    expect(await db.user.count()).toBe(1);
    expect(await db.merchant.count()).toBe(1);
  });

  it('keeps the checklist staff-only and derives it from the data', async () => {
    expect((await app.inject({ method: 'GET', url: '/backend/setup/checklist' })).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/backend/user/login',
      payload: { identifier: admin.username, password: PASSWORD },
      remoteAddress: '10.1.0.9',
    });
    const auth = { authorization: `Bearer ${login.json().accessToken}` };
    const before = (await app.inject({ method: 'GET', url: '/backend/setup/checklist', headers: auth })).json();
    expect(before).toMatchObject({ completed: 0, total: 5, allDone: false, dismissed: false });
    await db.user.create({ data: { username: 'first_client', firstName: 'First', lastName: 'Client', role: 'CLIENT' } });
    const shared = await app.inject({ method: 'POST', url: '/backend/setup/checklist/website-shared', headers: auth });
    expect(shared.json().steps).toEqual([
      { key: 'services', done: false },
      { key: 'staff', done: false },
      { key: 'customer', done: true },
      { key: 'visit', done: false },
      { key: 'website', done: true },
    ]);
    const dismissed = await app.inject({ method: 'POST', url: '/backend/setup/checklist/dismiss', headers: auth });
    expect(dismissed.json()).toMatchObject({ dismissed: true, completed: 2 });
  });
});

describe('ADMIN_EMAIL / ADMIN_PASSWORD at boot', () => {
  it('are validated at boot: both or neither, a real email, the password rule', () => {
    const base = { NODE_ENV: 'test' as const, DATA_DIR: '/tmp/unused' };
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'owner@shop.example' })).toThrow(/ADMIN_EMAIL, ADMIN_PASSWORD: set both/);
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'owner', ADMIN_PASSWORD: PASSWORD })).toThrow(/ADMIN_EMAIL must be an email address/);
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'password' })).toThrow(
      /ADMIN_PASSWORD must have at least 8 characters/,
    );
    expect(loadConfig({ ...base, ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: PASSWORD, ADMIN_NAME: 'Sam Rue' })).toMatchObject({
      ADMIN_EMAIL: 'owner@shop.example',
      ADMIN_NAME: 'Sam Rue',
    });
  });

  it('creates exactly one admin, once, even from several instances at once; then no setup is needed', async () => {
    const db = await freshDatabase();
    await ensureMerchant(db);
    const env = { email: 'Owner@Shop.Example', password: PASSWORD, name: 'Sam de la Rue' };
    const results = await Promise.all([bootstrapAdminFromEnv(db, env), bootstrapAdminFromEnv(db, env), bootstrapAdminFromEnv(db, env)]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await bootstrapAdminFromEnv(db, env)).toEqual({ created: false });
    const admins = await db.user.findMany({ where: { role: 'ADMIN' } });
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({
      email: 'owner@shop.example',
      username: 'owner',
      firstName: 'Sam',
      lastName: 'de la Rue',
      verified: true,
      active: true,
    });
    expect(await prepareSetupCode(db, TEST_JWT_SECRET)).toEqual({ status: 'done' });
    const app = await buildTestApp({ db });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/backend/user/login',
        payload: { identifier: 'owner@shop.example', password: PASSWORD },
        remoteAddress: '10.2.0.1',
      });
      expect(login.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/backend/setup/status' })).json()).toEqual({ needsSetup: false });
    } finally {
      await app.close();
    }
  });
});

describe('the first admin goes through the accounts rule (system actor: the first admin only)', () => {
  const admin = (name: string) => ({
    firstName: 'Sam',
    lastName: 'Rue',
    username: name,
    email: `${name}@shop.example`,
    password: PASSWORD,
  });

  it('createFirstAdmin asks the rule and never creates a second admin once one exists', async () => {
    const db = await freshDatabase();
    await ensureMerchant(db);
    const rule = vi.mocked(canChangeAccount);
    rule.mockClear();
    expect(await createFirstAdmin(db, admin('first'))).toMatchObject({ created: true });
    expect(rule).toHaveBeenCalledWith({ kind: 'system', adminExists: false }, null, 'ADMIN');
    rule.mockClear();
    expect(await createFirstAdmin(db, admin('second'))).toEqual({ created: false });
    expect(rule).toHaveBeenCalledWith({ kind: 'system', adminExists: true }, null, 'ADMIN');
    expect(rule).not.toHaveReturnedWith(true);
    expect((await db.user.findMany({ where: { role: 'ADMIN' } })).map((user) => user.username)).toEqual(['first']);
  });

  it('pnpm create-admin creates the first admin, then refuses a second one and changes nothing (the same rule)', async () => {
    // The CLI checks nothing on its own: its only admin checks are the rule's (mayCreateFirstAdmin, createFirstAdmin).
    const source = await readFile(new URL('../src/cli/create-admin.ts', import.meta.url), 'utf8');
    expect(source).toMatch(/mayCreateFirstAdmin\(db\)/);
    expect(source).not.toMatch(/needsSetup|role: 'ADMIN'|user\.count/);

    const db = await freshDatabase();
    const url = urlFor(created[created.length - 1]!);
    const run = (name: string) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, NODE_ENV: 'test' };
      for (const key of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'ADMIN_NAME']) delete env[key];
      return promisify(execFile)(
        path.resolve(apiDir, 'node_modules/.bin/tsx'),
        ['src/cli/create-admin.ts', '--email', `${name}@shop.example`, '--password', PASSWORD, '--name', 'Sam Rue', '--username', name],
        { cwd: apiDir, env, timeout: 120_000 },
      )
        .then(({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }))
        .catch((error: { code?: number; stdout?: string; stderr?: string }) => ({
          code: error.code ?? -1,
          out: `${error.stdout ?? ''}${error.stderr ?? ''}`,
        }));
    };
    const first = await run('cliowner');
    expect(first.out).toMatch(/First admin created: cliowner/);
    expect(first.code).toBe(0);
    const second = await run('clithief');
    expect(second.code).toBe(1);
    expect(second.out).toMatch(/An administrator already exists/);
    expect((await db.user.findMany({ where: { role: 'ADMIN' } })).map((user) => user.username)).toEqual(['cliowner']);
    expect(await db.user.count({ where: { username: 'clithief' } })).toBe(0);
  }, 180_000);
});

describe('demo seed after a first start without demo data', () => {
  it('turns the neutral merchant into the demo shop: still one merchant, demo accounts, checklist done', async () => {
    const db = await freshDatabase();
    await ensureMerchant(db);
    await prepareSetupCode(db, TEST_JWT_SECRET);
    expect(await seedDemoData(db)).toEqual({ created: true });
    expect(await seedDemoData(db)).toEqual({ created: false });
    expect(await db.merchant.count()).toBe(1);
    const merchant = await db.merchant.findFirstOrThrow();
    expect(merchant).toMatchObject({ displayName: 'Atlas Auto Care' });
    expect(merchant.demoSeededAt).toBeInstanceOf(Date);
    expect(await prepareSetupCode(db, TEST_JWT_SECRET)).toEqual({ status: 'done' });
    expect(await db.user.count({ where: { role: 'ADMIN' } })).toBe(1);
  });
});
