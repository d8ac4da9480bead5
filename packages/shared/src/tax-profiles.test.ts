import { describe, expect, it } from 'vitest';
import { isCurrencyCode, isTimeZone } from './schemas/setup.ts';
import { accountingAccountsSchema, legalIdentifiersSchema, TAX_CATEGORIES } from './schemas/tax.ts';
import { COUNTRY_TAX_PROFILES, profileDefaultRate, TAX_PROFILE_DEFAULTS, taxProfileForCurrency } from './tax-profiles.ts';
import { computeDocumentTaxes, TAX_COUNTRY_PROFILES, TAX_ROUNDING_RULE } from './tax-rules.ts';

describe('tax profiles', () => {
  it('defines every profile with a currency, zone and language the app accepts', () => {
    for (const profile of TAX_COUNTRY_PROFILES) {
      const defaults = TAX_PROFILE_DEFAULTS[profile];
      expect(defaults.profile).toBe(profile);
      expect(isCurrencyCode(defaults.currency)).toBe(true);
      expect(isTimeZone(defaults.timezone)).toBe(true);
      expect(defaults.documentLanguages[0]).toBe(defaults.defaultLanguage);
      expect(() => accountingAccountsSchema.parse(defaults.accountingAccounts)).not.toThrow();
    }
  });

  it('has the rates each country applies, with EN 16931 categories', () => {
    const percents = (profile: keyof typeof TAX_PROFILE_DEFAULTS) => TAX_PROFILE_DEFAULTS[profile].rates.map((rate) => rate.basisPoints);
    expect(percents('FR')).toEqual([2000, 1000, 550, 210, 0]);
    expect(percents('MA')).toEqual([2000, 1400, 1000, 700, 0]);
    expect(percents('SA')).toEqual([1500, 0]);
    expect(percents('AE')).toEqual([500, 0]);
    expect(percents('OTHER')).toEqual([]);
    for (const profile of TAX_COUNTRY_PROFILES) {
      const rates = TAX_PROFILE_DEFAULTS[profile].rates;
      expect(new Set(rates.map((rate) => rate.key)).size).toBe(rates.length);
      expect(new Set(rates.map((rate) => rate.name)).size).toBe(rates.length);
      for (const rate of rates) {
        expect(TAX_CATEGORIES).toContain(rate.category);
        expect(rate.name.length).toBeLessThanOrEqual(60);
        // A standard rate is above 0 %; a 0 % rate is zero rated or exempt, and says why on the invoice.
        if (rate.category === 'S') expect(rate.basisPoints).toBeGreaterThan(0);
        else {
          expect(rate.basisPoints).toBe(0);
          expect(rate.exemptionReason).toBeTruthy();
        }
      }
    }
  });

  it('names an existing rate as the default of each kind of line (the standard rate)', () => {
    for (const profile of COUNTRY_TAX_PROFILES) {
      const standard = TAX_PROFILE_DEFAULTS[profile].rates[0]!;
      for (const kind of ['labour', 'part', 'flat'] as const) expect(profileDefaultRate(profile, kind)).toEqual(standard);
    }
    expect(profileDefaultRate('OTHER', 'labour')).toBeNull();
  });

  it('quotes without tax in France only, and follows each country (currency, zone, language)', () => {
    const summary = Object.fromEntries(
      TAX_COUNTRY_PROFILES.map((profile) => {
        const { currency, timezone, defaultLanguage, pricesIncludeTax } = TAX_PROFILE_DEFAULTS[profile];
        return [profile, [currency, timezone, defaultLanguage, pricesIncludeTax]];
      }),
    );
    expect(summary).toEqual({
      FR: ['EUR', 'Europe/Paris', 'fr', false],
      MA: ['MAD', 'Africa/Casablanca', 'fr', true],
      SA: ['SAR', 'Asia/Riyadh', 'ar', true],
      AE: ['AED', 'Asia/Dubai', 'en', true],
      OTHER: ['USD', 'UTC', 'en', true],
    });
  });

  it('shows the identifiers of each country (fields of the legal identity contract)', () => {
    const fields = Object.keys(legalIdentifiersSchema.shape);
    for (const profile of TAX_COUNTRY_PROFILES) {
      for (const field of TAX_PROFILE_DEFAULTS[profile].identifierFields) expect(fields).toContain(field);
    }
    expect(TAX_PROFILE_DEFAULTS.FR.identifierFields).toEqual(['siren', 'siret', 'vatNumber', 'rcs', 'shareCapital']);
    expect(TAX_PROFILE_DEFAULTS.MA.identifierFields).toEqual(['ice', 'fiscalId', 'tradeRegister', 'patente']);
    expect(TAX_PROFILE_DEFAULTS.SA.identifierFields).toEqual(['vatNumber', 'commercialRegistration']);
  });

  it('keeps the PCG accounts in France and the CGNC ones in Morocco', () => {
    expect(accountingAccountsSchema.parse(TAX_PROFILE_DEFAULTS.FR.accountingAccounts)).toMatchObject({
      customers: '411000',
      taxCollected: '445710',
    });
    expect(accountingAccountsSchema.parse(TAX_PROFILE_DEFAULTS.MA.accountingAccounts)).toMatchObject({
      customers: '342100',
      taxCollected: '445500',
    });
  });

  it('finds the profile of a currency, OTHER for the rest', () => {
    expect(taxProfileForCurrency('EUR')).toBe('FR');
    expect(taxProfileForCurrency('mad')).toBe('MA');
    expect(taxProfileForCurrency('SAR')).toBe('SA');
    expect(taxProfileForCurrency('AED')).toBe('AE');
    expect(taxProfileForCurrency('USD')).toBe('OTHER');
    expect(taxProfileForCurrency('KWD')).toBe('OTHER');
  });

  it('gives a worked invoice per profile with its defaults (labour 85.00 + part 42.50)', () => {
    const worked = (profile: 'FR' | 'MA' | 'SA' | 'AE') => {
      const { pricesIncludeTax } = TAX_PROFILE_DEFAULTS[profile];
      const rate = profileDefaultRate(profile, 'labour')!.basisPoints;
      const taxes = computeDocumentTaxes(
        [
          { amount: 8500, basisPoints: rate },
          { amount: 4250, basisPoints: rate },
        ],
        { pricesIncludeTax, rule: TAX_ROUNDING_RULE[profile] },
      );
      return [taxes.net, taxes.tax, taxes.gross];
    };
    expect(worked('FR')).toEqual([12750, 2550, 15300]); // HT 127.50 + TVA 25.50
    expect(worked('MA')).toEqual([10625, 2125, 12750]); // TTC 127.50 = 106.25 + 21.25
    expect(worked('SA')).toEqual([11087, 1663, 12750]); // per line: 73.91 + 11.09, 36.96 + 5.54
    expect(worked('AE')).toEqual([12143, 607, 12750]); // per line: 80.95 + 4.05, 40.48 + 2.02
  });
});
