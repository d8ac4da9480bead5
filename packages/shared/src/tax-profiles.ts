// What a shop starts with in each country profile: currency, time zone, language, tax rates (with their
// EN 16931 categories), the default rate per kind of line, prices typed with or without tax, the legal
// identifiers its invoices print and its chart of accounts. The one definition read by the first-run setup
// (a country chosen there), the demo seed (DEMO_PROFILE=fr|ma|sa|ae), the tax settings screen and the API.
// These are starting points: every value is a setting the shop changes afterwards (issued invoices keep
// what they were issued with). Rules on amounts live in tax-rules.ts.
import type { Language } from './constants.ts';
import type { AccountingAccounts, LegalIdentifiers, TaxCategory } from './schemas/tax.ts';
import type { TaxCountryProfile } from './tax-rules.ts';

/** A rate a profile creates. `key` names it for the defaults below (and the seed's deterministic ids). */
export interface ProfileTaxRate {
  key: string;
  name: string;
  basisPoints: number;
  category: TaxCategory;
  /** Printed on invoices for E (exempt) and Z/O lines where the law asks for the reason. */
  exemptionReason: string | null;
}

/** An identifier the legal identity form shows and invoices print (free "other" lines are always possible). */
export type LegalIdentifierField = Exclude<keyof LegalIdentifiers, 'other'>;

export interface TaxProfileDefaults {
  profile: TaxCountryProfile;
  /** ISO 3166-1 alpha-2 of the country (null for OTHER): the seller's address country, Factur-X/ZATCA. */
  countryCode: string | null;
  currency: string;
  timezone: string;
  defaultLanguage: Language;
  /** The languages the shop's documents are usually read in, the first one the default. */
  documentLanguages: readonly Language[];
  pricesIncludeTax: boolean;
  rates: readonly ProfileTaxRate[];
  /** `key` of the rate a new line takes by kind (flat: flat lines and catalogue items); null: no rate. */
  defaults: { labour: string | null; part: string | null; flat: string | null };
  identifierFields: readonly LegalIdentifierField[];
  /** Changes to the PCG defaults of accountingAccountsSchema (the local chart of accounts). */
  accountingAccounts: Partial<AccountingAccounts>;
}

export const TAX_PROFILE_DEFAULTS: Record<TaxCountryProfile, TaxProfileDefaults> = {
  // France: professionals quote and invoice "HT" (without tax) and the invoice adds the TVA per rate; a
  // garage's labour and parts are at the standard rate. Reduced rates exist for the rare cases (10 % some
  // works on housing, 5,5 % equipment for disabled people, 2,1 % press), 0 % for exempt sales (art. 261 CGI).
  FR: {
    profile: 'FR',
    countryCode: 'FR',
    currency: 'EUR',
    timezone: 'Europe/Paris',
    defaultLanguage: 'fr',
    documentLanguages: ['fr'],
    pricesIncludeTax: false,
    rates: [
      { key: 'standard', name: 'TVA 20 %', basisPoints: 2000, category: 'S', exemptionReason: null },
      { key: 'intermediate', name: 'TVA 10 %', basisPoints: 1000, category: 'S', exemptionReason: null },
      { key: 'reduced', name: 'TVA 5,5 %', basisPoints: 550, category: 'S', exemptionReason: null },
      { key: 'super-reduced', name: 'TVA 2,1 %', basisPoints: 210, category: 'S', exemptionReason: null },
      { key: 'exempt', name: 'TVA 0 % exonéré', basisPoints: 0, category: 'E', exemptionReason: 'Exonération de TVA, article 261 du CGI' },
    ],
    defaults: { labour: 'standard', part: 'standard', flat: 'standard' },
    identifierFields: ['siren', 'siret', 'vatNumber', 'rcs', 'shareCapital'],
    accountingAccounts: {},
  },
  // Morocco: shops serving private customers show prices "TTC" (tax included: consumer law, loi 31-08, asks
  // for the price the customer pays); the invoice splits out the TVA. French is the language of commercial
  // documents and of the tax administration's forms (DGI), Arabic the official one: documents in both.
  // Accounts follow the CGNC (Code général de normalisation comptable).
  MA: {
    profile: 'MA',
    countryCode: 'MA',
    currency: 'MAD',
    timezone: 'Africa/Casablanca',
    defaultLanguage: 'fr',
    documentLanguages: ['fr', 'ar'],
    pricesIncludeTax: true,
    rates: [
      { key: 'standard', name: 'TVA 20 %', basisPoints: 2000, category: 'S', exemptionReason: null },
      { key: 'reduced-14', name: 'TVA 14 %', basisPoints: 1400, category: 'S', exemptionReason: null },
      { key: 'reduced-10', name: 'TVA 10 %', basisPoints: 1000, category: 'S', exemptionReason: null },
      { key: 'reduced-7', name: 'TVA 7 %', basisPoints: 700, category: 'S', exemptionReason: null },
      { key: 'exempt', name: 'TVA 0 % exonéré', basisPoints: 0, category: 'E', exemptionReason: 'Exonéré de TVA (article 91 du CGI)' },
    ],
    defaults: { labour: 'standard', part: 'standard', flat: 'standard' },
    identifierFields: ['ice', 'fiscalId', 'tradeRegister', 'patente'],
    accountingAccounts: {
      customers: '342100',
      salesParts: '711100',
      salesLabour: '712400',
      salesOther: '712700',
      taxCollected: '445500',
      bank: '514100',
      cash: '516100',
    },
  },
  // Saudi Arabia: prices shown to consumers must include VAT (ZATCA's price display rules), and invoices are
  // in Arabic (an English copy beside it is common). ZATCA rounds each line's VAT (tax-rules.ts PER_LINE).
  SA: {
    profile: 'SA',
    countryCode: 'SA',
    currency: 'SAR',
    timezone: 'Asia/Riyadh',
    defaultLanguage: 'ar',
    documentLanguages: ['ar', 'en'],
    pricesIncludeTax: true,
    rates: [
      { key: 'standard', name: 'VAT 15 %', basisPoints: 1500, category: 'S', exemptionReason: null },
      { key: 'zero', name: 'VAT 0 %', basisPoints: 0, category: 'Z', exemptionReason: 'Zero-rated supply' },
    ],
    defaults: { labour: 'standard', part: 'standard', flat: 'standard' },
    identifierFields: ['vatNumber', 'commercialRegistration'],
    accountingAccounts: {},
  },
  // The Emirates: advertised prices must include VAT (FTA), invoices are commonly in English with Arabic
  // beside it (English is the working language of most businesses); the TRN goes in vatNumber.
  AE: {
    profile: 'AE',
    countryCode: 'AE',
    currency: 'AED',
    timezone: 'Asia/Dubai',
    defaultLanguage: 'en',
    documentLanguages: ['en', 'ar'],
    pricesIncludeTax: true,
    rates: [
      { key: 'standard', name: 'VAT 5 %', basisPoints: 500, category: 'S', exemptionReason: null },
      { key: 'zero', name: 'VAT 0 %', basisPoints: 0, category: 'Z', exemptionReason: 'Zero-rated supply' },
    ],
    defaults: { labour: 'standard', part: 'standard', flat: 'standard' },
    identifierFields: ['vatNumber'],
    accountingAccounts: {},
  },
  // Anywhere else: no rate until the admin adds one; prices as typed are what the customer pays (the
  // behaviour before taxes existed), identifiers as free "label: value" lines.
  OTHER: {
    profile: 'OTHER',
    countryCode: null,
    currency: 'USD',
    timezone: 'UTC',
    defaultLanguage: 'en',
    documentLanguages: ['en'],
    pricesIncludeTax: true,
    rates: [],
    defaults: { labour: null, part: null, flat: null },
    identifierFields: [],
    accountingAccounts: {},
  },
};

/** The profiles a shop picks by country (setup screen, demo): every profile but OTHER, which is the fallback. */
export const COUNTRY_TAX_PROFILES = ['FR', 'MA', 'SA', 'AE'] as const satisfies readonly TaxCountryProfile[];

export function taxProfileDefaults(profile: TaxCountryProfile): TaxProfileDefaults {
  return TAX_PROFILE_DEFAULTS[profile];
}

/** The profile whose currency this is (EUR → FR, MAD → MA...), else OTHER: a shop set up before profiles existed. */
export function taxProfileForCurrency(currency: string): TaxCountryProfile {
  const match = COUNTRY_TAX_PROFILES.find((profile) => TAX_PROFILE_DEFAULTS[profile].currency === currency.toUpperCase());
  return match ?? 'OTHER';
}

/** The rate a profile's default names for a kind of line, or null. */
export function profileDefaultRate(profile: TaxCountryProfile, kind: 'labour' | 'part' | 'flat'): ProfileTaxRate | null {
  const defaults = TAX_PROFILE_DEFAULTS[profile];
  const key = defaults.defaults[kind];
  return defaults.rates.find((rate) => rate.key === key) ?? null;
}
