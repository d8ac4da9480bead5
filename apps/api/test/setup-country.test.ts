// First-run setup with a country: choosing France, Morocco, Saudi Arabia or the Emirates applies the
// profile's taxes (packages/shared/src/tax-profiles.ts) in the same transaction as the rest of the setup;
// "Other" (or no country, as older clients send) leaves the shop without taxes. Each case on an ISOLATED
// database: setup needs a shop that has none yet, and it changes the merchant everyone shares.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb, ensureMerchant, type Db } from '@garage/db';
import { createIsolatedDatabase } from '@garage/db/testing/test-database';
import { TAX_PROFILE_DEFAULTS, type CompleteSetupInput, type TaxCountryProfile } from '@garage/shared';
import type { App } from '../src/app.ts';
import { prepareSetupCode } from '../src/modules/setup/setup-code.ts';
import { buildTestApp, TEST_JWT_SECRET } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshShop(): Promise<{ db: Db; app: App; code: string }> {
  const iso = await createIsolatedDatabase(inject('databaseUrl'));
  const db = createDb(iso.url, { poolSize: 4 });
  const app = await buildTestApp({ db });
  cleanups.push(async () => {
    await app.close();
    await db.$disconnect();
    await iso.drop();
  });
  await ensureMerchant(db);
  const state = await prepareSetupCode(db, TEST_JWT_SECRET);
  if (state.status !== 'ready') throw new Error('expected a setup code');
  return { db, app, code: state.code };
}

function setupInput(code: string, shop: Partial<CompleteSetupInput['shop']>): CompleteSetupInput {
  return {
    setupCode: code,
    admin: {
      firstName: 'Nadia',
      lastName: 'Karim',
      username: 'nadia',
      email: 'nadia@karim-motors.example',
      countryCode: '+212',
      phoneNumber: '600112233',
      password: 'Owner#Setup2026',
    },
    shop: {
      displayName: 'Karim Motors',
      name: 'karim-motors',
      defaultLanguage: 'fr',
      currency: 'MAD',
      timezone: 'Africa/Casablanca',
      ...shop,
    },
  };
}

async function taxesOf(db: Db) {
  const merchant = await db.merchant.findFirstOrThrow({
    select: {
      taxProfile: true,
      pricesIncludeTax: true,
      currency: true,
      defaultLabourTaxRate: { select: { basisPoints: true } },
      defaultPartTaxRate: { select: { basisPoints: true } },
      defaultFlatTaxRate: { select: { basisPoints: true } },
      accountingAccounts: true,
    },
  });
  const rates = await db.taxRate.findMany({ orderBy: { basisPoints: 'desc' }, select: { name: true, basisPoints: true, category: true } });
  return { merchant, rates };
}

describe('first-run setup with a country', () => {
  it.each([
    ['MA', 'MAD', 'Africa/Casablanca', [2000, 1400, 1000, 700, 0], 2000],
    ['FR', 'EUR', 'Europe/Paris', [2000, 1000, 550, 210, 0], 2000],
    ['SA', 'SAR', 'Asia/Riyadh', [1500, 0], 1500],
  ] as const)(
    'applies the %s profile with the setup: rates, defaults, prices mode',
    async (profile, currency, timezone, rates, standard) => {
      const { db, app, code } = await freshShop();
      const response = await app.inject({
        method: 'POST',
        url: '/backend/setup/complete',
        payload: setupInput(code, { taxProfile: profile as TaxCountryProfile, currency, timezone }),
      });
      expect(response.statusCode).toBe(201);
      const { merchant, rates: stored } = await taxesOf(db);
      expect(merchant).toMatchObject({
        taxProfile: profile,
        currency,
        pricesIncludeTax: TAX_PROFILE_DEFAULTS[profile].pricesIncludeTax,
        defaultLabourTaxRate: { basisPoints: standard },
        defaultPartTaxRate: { basisPoints: standard },
        defaultFlatTaxRate: { basisPoints: standard },
      });
      expect(stored.map((rate) => rate.basisPoints)).toEqual(rates);
      expect(stored.filter((rate) => rate.basisPoints === 0).map((rate) => rate.category)).toEqual([profile === 'SA' ? 'Z' : 'E']);
      expect(merchant.accountingAccounts).toMatchObject({ customers: profile === 'MA' ? '342100' : '411000' });
    },
  );

  it('leaves the shop without taxes when no country (or Other) is chosen', async () => {
    const { db, app, code } = await freshShop();
    const response = await app.inject({ method: 'POST', url: '/backend/setup/complete', payload: setupInput(code, {}) });
    expect(response.statusCode).toBe(201);
    const { merchant, rates } = await taxesOf(db);
    expect(merchant).toMatchObject({ taxProfile: 'OTHER', pricesIncludeTax: true, defaultLabourTaxRate: null, currency: 'MAD' });
    expect(rates).toEqual([]);
  });

  it('refuses a country it does not know (400 on the field, nothing written)', async () => {
    const { db, app, code } = await freshShop();
    const response = await app.inject({
      method: 'POST',
      url: '/backend/setup/complete',
      payload: setupInput(code, { taxProfile: 'DE' as TaxCountryProfile }),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors ?? {})).toContain('shop.taxProfile');
    expect(await db.user.count()).toBe(0);
    expect(await db.taxRate.count()).toBe(0);
  });
});
