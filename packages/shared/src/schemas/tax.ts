// Taxes, the shop's legal identity, business customers' identifiers and the chart of accounts: the
// contract of the tax settings screens, the invoices (snapshot, PDF, Factur-X, ZATCA QR) and the
// accounting exports. Rules on amounts live in tax-rules.ts; this file says what is stored and sent.
import { z } from 'zod';
import { msg } from '../messages.ts';
import { MAX_TAX_BASIS_POINTS, TAX_COUNTRY_PROFILES } from '../tax-rules.ts';

export const taxCountryProfileSchema = z.enum(TAX_COUNTRY_PROFILES);

/** EN 16931 VAT category codes (UNCL5305) a shop uses. */
export const TAX_CATEGORIES = ['S', 'Z', 'E', 'AE', 'O'] as const;
export const taxCategorySchema = z.enum(TAX_CATEGORIES);
export type TaxCategory = z.infer<typeof taxCategorySchema>;

const text = (fieldName: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, msg('maxLength', { fieldName, maxLength: max }));
const optionalText = (fieldName: string, max: number) =>
  text(fieldName, max)
    .nullish()
    .transform((value) => value || null);

// ─── Tax rates ──────────────────────────────────────────────────────────────────────────────────────────

export const taxRateViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  basisPoints: z.number().int(),
  category: taxCategorySchema,
  exemptionReason: z.string().nullable(),
  archivedAt: z.string().nullable(),
  /** Lines, parts or catalogue items use it: its percentage can no longer change. */
  inUse: z.boolean(),
});
export type TaxRateView = z.infer<typeof taxRateViewSchema>;

export const createTaxRateSchema = z
  .object({
    name: text('name', 60).min(1, msg('required', { fieldName: 'name' })),
    basisPoints: z
      .number({ error: msg('required', { fieldName: 'rate' }) })
      .int()
      .min(0, msg('minValue', { fieldName: 'rate', minValue: 0 }))
      .max(MAX_TAX_BASIS_POINTS, msg('maxValue', { fieldName: 'rate', maxValue: 100 })),
    category: taxCategorySchema.default('S'),
    exemptionReason: optionalText('exemptionReason', 200),
  })
  .strict();

/** Only the name and exemption reason change once a rate is in use; its percentage and category only before. */
export const updateTaxRateSchema = z
  .object({
    id: z.uuid(),
    name: text('name', 60)
      .min(1, msg('required', { fieldName: 'name' }))
      .optional(),
    basisPoints: createTaxRateSchema.shape.basisPoints.optional(),
    category: taxCategorySchema.optional(),
    exemptionReason: optionalText('exemptionReason', 200).optional(),
  })
  .strict();

export const listTaxRatesSchema = z.object({
  // Query-string friendly (REST sends strings), as users.ts's queryBoolean (not imported: users.ts imports this file).
  includeArchived: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).default(false),
});

/** Refusals of the tax API, grouped as "tax.<key>" in the message catalogue. */
export const TAX_MESSAGES = {
  rateInUse:
    'This tax rate is already used by lines, parts or catalogue items: its percentage and category cannot change (create a new rate)',
  rateArchived: 'This tax rate is archived; choose another one',
} as const;

/**
 * A visit's taxes (visitTaxes, visit-rules.ts) as the staff and client visit views show them: the committed
 * work's net, tax and gross (gross = the amount due), one row per rate, highest first.
 */
export const visitTaxesSchema = z.object({
  pricesIncludeTax: z.boolean(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  rates: z.array(z.object({ basisPoints: z.number(), net: z.number(), tax: z.number(), gross: z.number() })),
});
export type VisitTaxesView = z.infer<typeof visitTaxesSchema>;

// ─── The shop's legal identity (printed on every invoice) ──────────────────────────────────────────────

/**
 * Identifiers by country profile: France SIREN (9 digits), SIRET (14), VAT number (FR + 11), RCS ("RCS Lyon
 * 123 456 789"), share capital; Morocco ICE (15 digits), IF, RC, Patente (TP); Saudi Arabia VAT number
 * (15 digits, starts and ends with 3), CR (10 digits); the Emirates TRN (15 digits); others: free fields.
 * Formats are checked by legal-identifiers.ts (per profile), not here: the shape is the same everywhere.
 */
export const legalIdentifiersSchema = z
  .object({
    siren: optionalText('siren', 20),
    siret: optionalText('siret', 20),
    vatNumber: optionalText('vatNumber', 30),
    rcs: optionalText('rcs', 80),
    shareCapital: optionalText('shareCapital', 40),
    ice: optionalText('ice', 20),
    fiscalId: optionalText('fiscalId', 20),
    tradeRegister: optionalText('tradeRegister', 40),
    patente: optionalText('patente', 20),
    commercialRegistration: optionalText('commercialRegistration', 20),
    /** Free lines for other countries: "Label: value". */
    other: z
      .array(z.object({ label: text('label', 40), value: text('value', 80) }).strict())
      .max(6)
      .default([]),
  })
  .strict();
export type LegalIdentifiers = z.infer<typeof legalIdentifiersSchema>;

export const postalAddressSchema = z
  .object({
    line1: optionalText('addressLine', 120),
    line2: optionalText('addressLine', 120),
    postcode: optionalText('postcode', 16),
    city: optionalText('city', 80),
    /** ISO 3166-1 alpha-2 ("FR", "MA", "SA"). */
    countryCode: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, msg('format', { fieldName: 'country' }))
      .nullish()
      .transform((value) => value || null),
  })
  .strict();
export type PostalAddress = z.infer<typeof postalAddressSchema>;

export const legalIdentitySchema = z
  .object({
    legalName: optionalText('legalName', 200),
    address: postalAddressSchema,
    identifiers: legalIdentifiersSchema,
    /** Payment terms and late-payment mentions some countries require ("Pénalités de retard : ..."). */
    invoiceFooter: optionalText('invoiceFooter', 600),
  })
  .strict();
export type LegalIdentity = z.infer<typeof legalIdentitySchema>;

// ─── A business customer's billing details (fleets, companies) ─────────────────────────────────────────

export const customerBillingSchema = z
  .object({
    companyName: text('companyName', 200).min(1, msg('required', { fieldName: 'companyName' })),
    address: postalAddressSchema,
    identifiers: legalIdentifiersSchema,
  })
  .strict();
export type CustomerBilling = z.infer<typeof customerBillingSchema>;

// ─── The same, as the API answers them ──────────────────────────────────────────────────────────────────
// Output schemas carry no transform (the REST serializer encodes through them): every field is there, null
// when empty, as the input schemas above produce them.

const nullableText = z.string().nullable();
export const legalIdentifiersViewSchema = z.object({
  siren: nullableText,
  siret: nullableText,
  vatNumber: nullableText,
  rcs: nullableText,
  shareCapital: nullableText,
  ice: nullableText,
  fiscalId: nullableText,
  tradeRegister: nullableText,
  patente: nullableText,
  commercialRegistration: nullableText,
  other: z.array(z.object({ label: z.string(), value: z.string() })),
});
export const postalAddressViewSchema = z.object({
  line1: nullableText,
  line2: nullableText,
  postcode: nullableText,
  city: nullableText,
  countryCode: nullableText,
});
export const legalIdentityViewSchema = z.object({
  legalName: nullableText,
  address: postalAddressViewSchema,
  identifiers: legalIdentifiersViewSchema,
  invoiceFooter: nullableText,
});
export const customerBillingViewSchema = z.object({
  companyName: z.string(),
  address: postalAddressViewSchema,
  identifiers: legalIdentifiersViewSchema,
});

// ─── Chart of accounts (the accounting exports) ─────────────────────────────────────────────────────────

const accountNumber = (fieldName: string) =>
  z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{1,20}$/, msg('format', { fieldName }));

/**
 * Where each kind of amount is booked. Defaults follow the French PCG (plan comptable général), which
 * Moroccan (CGNC) and most francophone charts resemble; a shop changes them to its accountant's.
 */
export const accountingAccountsSchema = z
  .object({
    customers: accountNumber('customersAccount').default('411000'),
    salesParts: accountNumber('salesPartsAccount').default('707000'),
    salesLabour: accountNumber('salesLabourAccount').default('706000'),
    salesOther: accountNumber('salesOtherAccount').default('708000'),
    /** Tax collected, one account for every rate unless a rate has its own (key: basis points). */
    taxCollected: accountNumber('taxCollectedAccount').default('445710'),
    taxCollectedByRate: z.record(z.string().regex(/^\d{1,5}$/), accountNumber('taxCollectedAccount')).default({}),
    bank: accountNumber('bankAccount').default('512000'),
    cash: accountNumber('cashAccount').default('530000'),
    /** Journal codes (FEC JournalCode): sales and cash receipts. */
    salesJournal: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{1,6}$/)
      .default('VT'),
    receiptsJournal: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{1,6}$/)
      .default('BQ'),
  })
  .strict();
export type AccountingAccounts = z.infer<typeof accountingAccountsSchema>;

// ─── The shop's tax settings (one screen) ───────────────────────────────────────────────────────────────

export const taxSettingsSchema = z.object({
  profile: taxCountryProfileSchema,
  pricesIncludeTax: z.boolean(),
  defaultLabourTaxRateId: z.string().nullable(),
  defaultPartTaxRateId: z.string().nullable(),
  defaultFlatTaxRateId: z.string().nullable(),
  legalIdentity: legalIdentityViewSchema,
  accountingAccounts: accountingAccountsSchema,
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const updateTaxSettingsSchema = z
  .object({
    profile: taxCountryProfileSchema.optional(),
    pricesIncludeTax: z.boolean().optional(),
    defaultLabourTaxRateId: z.string().uuid().nullable().optional(),
    defaultPartTaxRateId: z.string().uuid().nullable().optional(),
    defaultFlatTaxRateId: z.string().uuid().nullable().optional(),
    legalIdentity: legalIdentitySchema.optional(),
    accountingAccounts: accountingAccountsSchema.optional(),
  })
  .strict();
