// Branding reads and writes (SPEC §3, §5, §7, §8): REST at the spec's paths and the same operations in
// tRPC. Writes create DRAFT/ARCHIVED entries of their own and remove them afterwards, so the seeded
// ACTIVE branding other tests (and people) rely on is never touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type BrandingInput } from '@garage/shared';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, createTestUser, testDb, testDeps } from './helpers.ts';

const validTheme = {
  colorBrand: { 0: '#fff1f2', 200: '#fecdd3', 400: '#fb7185', 600: '#e11d48', 800: '#881337' },
  font: { fontFamily: 'Inter Variable', fontWeightRegular: 400, fontWeightMedium: 500, fontWeightSemiBold: 600, fontWeightBold: 700 },
};

const themeEntry = (value: string, status: BrandingInput['status'] = 'DRAFT'): BrandingInput => ({
  type: 'MERCHANT_THEME_COLORS',
  language: 'common',
  status,
  fields: [{ key: 'themeColors', value }],
});

describe('branding', () => {
  let app: App;
  let staff: Awaited<ReturnType<typeof createTestUser>>;
  let client: Awaited<ReturnType<typeof createTestUser>>;
  const created: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    staff = await createTestUser('EMPLOYEE');
    client = await createTestUser('CLIENT');
  });
  afterAll(async () => {
    await testDb().branding.deleteMany({ where: { id: { in: created } } });
    await app.close();
  });

  const createAsStaff = async (payload: BrandingInput) => {
    const response = await app.inject({ method: 'POST', url: '/backend/merchant/create-branding', headers: staff.authHeader, payload });
    if (response.statusCode === 201) created.push(response.json().id);
    return response;
  };

  it('documents the branding, contact and catalogue operations in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/backend/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/backend/merchant/create-branding'] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/backend/merchant/update-branding/{id}'] ?? {})).toContain('put');
    expect(Object.keys(document.paths['/backend/contact'] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/backend/offering/catalogue'] ?? {})).toContain('get');
  });

  it('returns the merchant under a merchant property', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/merchant/fetch-merchant' });
    expect(response.statusCode).toBe(200);
    const first = await testDb().merchant.findFirstOrThrow({ orderBy: { createdAt: 'asc' } });
    expect(response.json()).toEqual({
      merchant: {
        id: first.id,
        name: first.name,
        displayName: first.displayName,
        currency: first.currency,
        timezone: first.timezone,
        defaultLanguage: first.defaultLanguage,
      },
    });
  });

  it('lists the common entries and those of the requested language only', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/merchant/fetch-branding?lan=fr' });
    expect(response.statusCode).toBe(200);
    const entries = response.json() as { type: string; language: string; status: string; fields: { key: string; value: string }[] }[];
    expect(new Set(entries.map((entry) => entry.language))).toEqual(new Set(['common', 'fr']));
    expect(entries.every((entry) => entry.status === 'ACTIVE')).toBe(true);
    const hero = entries.find((entry) => entry.type === 'HERO');
    const stored = await testDb().branding.findFirstOrThrow({ where: { type: 'HERO', language: 'fr', status: 'ACTIVE' } });
    expect(hero?.fields).toEqual(stored.fields);
    expect(entries.some((entry) => entry.type === 'MERCHANT_THEME_COLORS' && entry.language === 'common')).toBe(true);
  });

  it('uses the first two letters of the language and en by default (SPEC §7)', async () => {
    const byRegion = await app.inject({ method: 'GET', url: '/backend/merchant/fetch-branding?lan=ar-MA' });
    expect(new Set(byRegion.json().map((entry: { language: string }) => entry.language))).toEqual(new Set(['common', 'ar']));
    const byDefault = await app.inject({ method: 'GET', url: '/backend/merchant/fetch-branding' });
    expect(new Set(byDefault.json().map((entry: { language: string }) => entry.language))).toEqual(new Set(['common', 'en']));
  });

  it('creates an entry for staff with 201 and serves it under its status only', async () => {
    const response = await createAsStaff({
      type: 'HERO',
      language: 'fr',
      status: 'DRAFT',
      fields: [
        { key: 'heroTitle', value: 'Brouillon de titre' },
        { key: 'heroSubtitle', value: 'Sous-titre' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const entry = response.json();
    expect(entry).toMatchObject({
      type: 'HERO',
      language: 'fr',
      status: 'DRAFT',
      fields: [
        { key: 'heroTitle', value: 'Brouillon de titre' },
        { key: 'heroSubtitle', value: 'Sous-titre' },
      ],
    });

    const drafts = await app.inject({ method: 'GET', url: '/backend/merchant/fetch-branding?lan=fr&status=DRAFT' });
    expect(drafts.json().map((e: { id: string }) => e.id)).toContain(entry.id);
    const active = await app.inject({ method: 'GET', url: '/backend/merchant/fetch-branding?lan=fr' });
    expect(active.json().map((e: { id: string }) => e.id)).not.toContain(entry.id);
  });

  it('refuses a second entry of the same type, language and status with 409', async () => {
    const payload: BrandingInput = {
      type: 'ABOUT',
      language: 'ar',
      status: 'ARCHIVED',
      fields: [{ key: 'yearsOfExperience', value: '3' }],
    };
    expect((await createAsStaff(payload)).statusCode).toBe(201);
    const again = await createAsStaff(payload);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('updates an entry and stores the new fields', async () => {
    const { id } = (await createAsStaff(themeEntry(JSON.stringify(validTheme)))).json();
    const changed = { ...validTheme, colorBrand: { ...validTheme.colorBrand, 600: '#0f766e' } };
    const response = await app.inject({
      method: 'PUT',
      url: `/backend/merchant/update-branding/${id}`,
      headers: staff.authHeader,
      payload: themeEntry(JSON.stringify(changed)),
    });
    expect(response.statusCode).toBe(200);
    const stored = await testDb().branding.findUniqueOrThrow({ where: { id } });
    expect(JSON.parse((stored.fields as { value: string }[])[0]!.value).colorBrand['600']).toBe('#0f766e');
  });

  it('rejects theme colours that are not JSON with 400 and the invalid-theme-colour message', async () => {
    const response = await createAsStaff(themeEntry('{colorBrand: nope', 'ARCHIVED'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      message: MESSAGES.invalidThemeColors,
      fieldErrors: { 'fields.0.value': [MESSAGES.invalidThemeColors] },
    });
  });

  it('rejects theme colours of the wrong shape with 400, and leaves the entry unchanged on update', async () => {
    const missingLevel = { ...validTheme, colorBrand: { 0: '#ffffff', 200: '#eeeeee', 400: '#dddddd', 600: '#cccccc' } };
    const notHex = { ...validTheme, colorBrand: { ...validTheme.colorBrand, 400: 'red' } };
    const noFont = { colorBrand: validTheme.colorBrand };
    for (const theme of [missingLevel, notHex, noFont, ['not', 'an', 'object']]) {
      const response = await createAsStaff(themeEntry(JSON.stringify(theme), 'ARCHIVED'));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.invalidThemeColors);
    }

    const { id } = (await createAsStaff({ ...themeEntry(JSON.stringify(validTheme)), language: 'common', status: 'ARCHIVED' })).json();
    const before = await testDb().branding.findUniqueOrThrow({ where: { id } });
    const response = await app.inject({
      method: 'PUT',
      url: `/backend/merchant/update-branding/${id}`,
      headers: staff.authHeader,
      payload: themeEntry('not json at all', 'ARCHIVED'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors['fields.0.value']).toEqual([MESSAGES.invalidThemeColors]);
    expect((await testDb().branding.findUniqueOrThrow({ where: { id } })).fields).toEqual(before.fields);
  });

  it('checks every field against the branding catalogue', async () => {
    const cases: [BrandingInput, string][] = [
      [{ type: 'NOT_A_TYPE', language: 'en', status: 'DRAFT', fields: [] }, 'type'],
      [{ type: 'HERO', language: 'common', status: 'DRAFT', fields: [{ key: 'heroTitle', value: 'x' }] }, 'language'],
      [{ type: 'ASSETS', language: 'en', status: 'DRAFT', fields: [{ key: 'favicon', value: '/brand/favicon.svg' }] }, 'language'],
      [{ type: 'HERO', language: 'en', status: 'DRAFT', fields: [{ key: 'unknownKey', value: 'x' }] }, 'fields.0.key'],
      [{ type: 'THEME_PALETTE', language: 'common', status: 'DRAFT', fields: [{ key: 'light', value: 'tomato' }] }, 'fields.0.value'],
      [{ type: 'ABOUT', language: 'en', status: 'DRAFT', fields: [{ key: 'happyCustomers', value: 'many' }] }, 'fields.0.value'],
      [{ type: 'WORKING_HOURS', language: 'en', status: 'DRAFT', fields: [{ key: 'emergencyService', value: 'yes' }] }, 'fields.0.value'],
      [
        { type: 'ASSETS', language: 'common', status: 'DRAFT', fields: [{ key: 'headerLogo', value: 'javascript:alert(1)' }] },
        'fields.0.value',
      ],
      [
        { type: 'FAQ', language: 'en', status: 'DRAFT', fields: [{ key: 'faqs', value: JSON.stringify([{ question: 'Q?' }]) }] },
        'fields.0.value',
      ],
      [{ type: 'CORE_VALUES', language: 'en', status: 'DRAFT', fields: [{ key: 'coreValues', value: '[1, 2]' }] }, 'fields.0.value'],
    ];
    for (const [payload, field] of cases) {
      const response = await createAsStaff(payload);
      expect(response.statusCode, `${payload.type} → ${field}`).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toContain(field);
    }
  });

  it('answers 404 for an unknown entry', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/backend/merchant/update-branding/01900000-0000-7000-8000-000000000000',
      headers: staff.authHeader,
      payload: themeEntry(JSON.stringify(validTheme)),
    });
    expect(response.statusCode).toBe(404);
  });

  it('keeps writes for staff: 401 without a session, 403 for a client', async () => {
    const payload = themeEntry(JSON.stringify(validTheme), 'ARCHIVED');
    const anonymous = await app.inject({ method: 'POST', url: '/backend/merchant/create-branding', payload });
    expect(anonymous.statusCode).toBe(401);
    const asClient = await app.inject({ method: 'POST', url: '/backend/merchant/create-branding', headers: client.authHeader, payload });
    expect(asClient.statusCode).toBe(403);
    const existing = await testDb().branding.findFirstOrThrow({ where: { type: 'HERO', language: 'en', status: 'ACTIVE' } });
    const update = await app.inject({
      method: 'PUT',
      url: `/backend/merchant/update-branding/${existing.id}`,
      headers: client.authHeader,
      payload: { type: 'HERO', language: 'en', status: 'ACTIVE', fields: [{ key: 'heroTitle', value: 'Hacked' }] },
    });
    expect(update.statusCode).toBe(403);
    expect((await testDb().branding.findUniqueOrThrow({ where: { id: existing.id } })).fields).toEqual(existing.fields);
  });

  it('behaves the same over tRPC (same service, same guard)', async () => {
    const asClient = createCaller(createContextInner(testDeps(), { userId: client.user.id, roles: ['CLIENT'] }));
    await expect(asClient.merchant.createBranding(themeEntry(JSON.stringify(validTheme), 'ARCHIVED'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });

    const asStaff = createCaller(createContextInner(testDeps(), { userId: staff.user.id, roles: ['EMPLOYEE'] }));
    await expect(asStaff.merchant.createBranding(themeEntry('{"colorBrand":', 'ARCHIVED'))).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const entry = await asStaff.merchant.createBranding({
      type: 'CONTACT',
      language: 'en',
      status: 'DRAFT',
      fields: [{ key: 'contactTitle', value: 'Write to us' }],
    });
    created.push(entry.id);
    const updated = await asStaff.merchant.updateBranding({
      id: entry.id,
      data: { type: 'CONTACT', language: 'en', status: 'DRAFT', fields: [{ key: 'contactTitle', value: 'Call us' }] },
    });
    expect(updated.fields).toEqual([{ key: 'contactTitle', value: 'Call us' }]);
    const drafts = await asStaff.merchant.branding({ lan: 'en', status: 'DRAFT' });
    expect(drafts.find((e) => e.id === entry.id)?.fields).toEqual([{ key: 'contactTitle', value: 'Call us' }]);
  });
});
