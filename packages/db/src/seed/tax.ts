// The demo shop in a country (DEMO_PROFILE=fr|ma|sa|ae, README "Country profiles"): the merchant's
// currency, time zone and language, the profile's tax rates and defaults (packages/shared/src/tax-profiles.ts
// through applyTaxProfile), a legal identity whose identifiers pass their check digits, one business
// customer with its billing identifiers, and the rates on every demo part, catalogue item and task line.
// Without a profile the demo stays as it always was (profile OTHER: no rates, prices as typed).
import {
  TAX_PROFILE_DEFAULTS,
  derivePaymentStatus,
  paidCents,
  visitAmountDue,
  type CustomerBilling,
  type LegalIdentity,
  type TaxCountryProfile,
} from '@garage/shared';
import type { Prisma } from '../generated/prisma/client.ts';
import { applyTaxProfile } from '../tax-profile.ts';
import { seedId } from './ids.ts';

export const DEMO_PROFILES = { fr: 'FR', ma: 'MA', sa: 'SA', ae: 'AE' } as const satisfies Record<string, TaxCountryProfile>;
export type DemoProfileName = keyof typeof DEMO_PROFILES;

/** "fr" → FR; anything else (unset, "other") → null: today's demo. */
export function demoProfileFrom(value: string | undefined | null): TaxCountryProfile | null {
  const key = value?.trim().toLowerCase();
  return key && key in DEMO_PROFILES ? DEMO_PROFILES[key as DemoProfileName] : null;
}

/** The business customer: the second demo client (Sophie Laurent), whose visits are invoiced to her company. */
export const DEMO_BUSINESS_CUSTOMER_ID = seedId('user:client2');

const noIdentifiers = {
  siren: null,
  siret: null,
  vatNumber: null,
  rcs: null,
  shareCapital: null,
  ice: null,
  fiscalId: null,
  tradeRegister: null,
  patente: null,
  commercialRegistration: null,
  other: [],
} satisfies LegalIdentity['identifiers'];

type CountryProfile = Exclude<TaxCountryProfile, 'OTHER'>;

// Identifiers made up for the demo but valid: the SIRENs and SIRETs pass Luhn, the VAT numbers' keys are
// (12 + 3 × (SIREN mod 97)) mod 97, the ICEs have 15 digits, the Saudi VAT numbers start and end with 3
// (packages/shared/src/legal-identifiers.ts checks them all; tax-profiles.test.ts too).
export const DEMO_LEGAL: Record<CountryProfile, { seller: LegalIdentity; buyer: CustomerBilling }> = {
  FR: {
    seller: {
      legalName: 'Atlas Auto Care SARL',
      address: { line1: '12 rue de la République', line2: null, postcode: '69002', city: 'Lyon', countryCode: 'FR' },
      identifiers: {
        ...noIdentifiers,
        siren: '842157695',
        siret: '84215769500011',
        vatNumber: 'FR39842157695',
        rcs: 'RCS Lyon 842 157 695',
        shareCapital: '10 000 €',
      },
      invoiceFooter:
        'Paiement à réception de facture. Pénalités de retard : 3 fois le taux d’intérêt légal. ' +
        'Indemnité forfaitaire pour frais de recouvrement : 40 €. Pas d’escompte pour paiement anticipé.',
    },
    buyer: {
      companyName: 'Transports Laurent SAS',
      address: { line1: '4 avenue Jean Jaurès', line2: null, postcode: '69007', city: 'Lyon', countryCode: 'FR' },
      identifiers: { ...noIdentifiers, siren: '512348764', siret: '51234876400014', vatNumber: 'FR18512348764' },
    },
  },
  MA: {
    seller: {
      legalName: 'Atlas Auto Care SARL',
      address: { line1: '45 boulevard Zerktouni', line2: null, postcode: '20250', city: 'Casablanca', countryCode: 'MA' },
      identifiers: {
        ...noIdentifiers,
        ice: '001525478000083',
        fiscalId: '40123456',
        tradeRegister: 'RC Casablanca 123457',
        patente: '35712345',
      },
      invoiceFooter: 'Paiement à réception de facture.',
    },
    buyer: {
      companyName: 'Laurent Logistique SARL',
      address: { line1: '8 rue Ibnou Sina', line2: null, postcode: '20100', city: 'Casablanca', countryCode: 'MA' },
      identifiers: { ...noIdentifiers, ice: '002345678000051', fiscalId: '40987654' },
    },
  },
  SA: {
    seller: {
      legalName: 'Atlas Auto Care Co.',
      address: { line1: 'King Fahd Road 2120', line2: 'Al Olaya', postcode: '12214', city: 'Riyadh', countryCode: 'SA' },
      identifiers: { ...noIdentifiers, vatNumber: '310122393500003', commercialRegistration: '1010123456' },
      invoiceFooter: null,
    },
    buyer: {
      companyName: 'Laurent Fleet Services Co.',
      address: { line1: 'Prince Sultan Street 7', line2: null, postcode: '23431', city: 'Jeddah', countryCode: 'SA' },
      identifiers: { ...noIdentifiers, vatNumber: '300987654300003', commercialRegistration: '4030654321' },
    },
  },
  AE: {
    seller: {
      legalName: 'Atlas Auto Care LLC',
      address: { line1: 'Al Quoz Industrial Area 3', line2: null, postcode: null, city: 'Dubai', countryCode: 'AE' },
      identifiers: { ...noIdentifiers, vatNumber: '100234567800003' },
      invoiceFooter: null,
    },
    buyer: {
      companyName: 'Laurent Fleet Services LLC',
      address: { line1: 'Sheikh Zayed Road 12', line2: null, postcode: null, city: 'Dubai', countryCode: 'AE' },
      identifiers: { ...noIdentifiers, vatNumber: '100987654300003' },
    },
  },
};

/**
 * The shop's side, right after the merchant row exists: currency, zone, language, the profile's rates and
 * defaults (deterministic ids, so a second run adds nothing), the legal identity.
 */
export async function seedDemoTaxProfile(tx: Prisma.TransactionClient, merchantId: string, profile: TaxCountryProfile): Promise<void> {
  if (profile === 'OTHER') return;
  const defaults = TAX_PROFILE_DEFAULTS[profile];
  await tx.merchant.update({
    where: { id: merchantId },
    data: {
      currency: defaults.currency,
      timezone: defaults.timezone,
      defaultLanguage: defaults.defaultLanguage,
      legalIdentity: DEMO_LEGAL[profile].seller as unknown as Prisma.InputJsonValue,
    },
  });
  await applyTaxProfile(tx, { merchantId, profile, rateId: (key) => seedId(`tax-rate:${profile}:${key}`) });
}

/** The business customer's billing details, once the demo users exist. */
export async function seedDemoBusinessCustomer(tx: Prisma.TransactionClient, profile: TaxCountryProfile): Promise<void> {
  if (profile === 'OTHER') return;
  await tx.user.update({
    where: { id: DEMO_BUSINESS_CUSTOMER_ID },
    data: { billing: DEMO_LEGAL[profile].buyer as unknown as Prisma.InputJsonValue },
  });
}

/**
 * The shop's default rate on every part, catalogue item and task line that has none, once the inventory
 * and the tasks' lines exist and before invoices are issued (they freeze the lines' rates).
 */
export async function seedDemoLineRates(tx: Prisma.TransactionClient): Promise<void> {
  const merchant = await tx.merchant.findFirst({
    orderBy: { createdAt: 'asc' },
    select: { defaultLabourTaxRateId: true, defaultPartTaxRateId: true, defaultFlatTaxRateId: true },
  });
  if (!merchant) return;
  const { defaultLabourTaxRateId: labour, defaultPartTaxRateId: part, defaultFlatTaxRateId: flat } = merchant;
  if (part) await tx.part.updateMany({ where: { taxRateId: null }, data: { taxRateId: part } });
  if (flat) await tx.offeringItem.updateMany({ where: { taxRateId: null }, data: { taxRateId: flat } });
  const byKind = [
    ['PART', part],
    ['LABOUR', labour],
    ['FLAT', flat],
  ] as const;
  for (const [kind, rateId] of byKind) {
    if (rateId) await tx.taskLine.updateMany({ where: { kind, taxRateId: null }, data: { taxRateId: rateId } });
  }
}

/**
 * Prices typed without tax (the French demo): the visits were planned with their typed totals, before their
 * lines had rates. Once the rates are on the lines, each visit's amount due becomes the typed total plus its
 * tax (visitAmountDue, the rule the app uses), and the demo's payments, planned as shares of the old total
 * ("paid in full", "half paid"), grow in the same proportion, the last one taking the rounding, so a visit
 * paid in full stays paid in full. Runs before the invoices and the fiscal journal exist (they freeze both).
 */
export async function seedDemoAmountsDue(tx: Prisma.TransactionClient): Promise<void> {
  const merchant = await tx.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { taxProfile: true, pricesIncludeTax: true } });
  if (!merchant || merchant.pricesIncludeTax) return;
  const settings = { profile: merchant.taxProfile, pricesIncludeTax: false };
  const visits = await tx.visit.findMany({
    select: {
      id: true,
      totalCostCents: true,
      tasks: {
        select: {
          status: true,
          approval: true,
          soldForCents: true,
          lines: { select: { totalCents: true, taxRate: { select: { basisPoints: true } } } },
        },
      },
      payments: { select: { id: true, amountCents: true, status: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    },
  });
  for (const visit of visits) {
    const due = visitAmountDue(
      visit.tasks.map((task) => ({
        ...task,
        lines: task.lines.map((line) => ({ totalCents: line.totalCents, basisPoints: line.taxRate?.basisPoints ?? null })),
      })),
      settings,
    );
    if (due === visit.totalCostCents) continue;
    const planned = visit.totalCostCents;
    const payments = visit.payments.map((payment) => ({ ...payment }));
    const plannedPaid = paidCents(payments);
    if (planned > 0 && plannedPaid > 0) {
      const paidNow = plannedPaid === planned ? due : Math.round((plannedPaid * due) / planned);
      let left = paidNow;
      const successes = payments.filter((payment) => payment.status === 'SUCCESS');
      successes.forEach((payment, index) => {
        payment.amountCents = index === successes.length - 1 ? left : Math.round((payment.amountCents * due) / planned);
        left -= payment.amountCents;
      });
      for (const payment of successes) await tx.payment.update({ where: { id: payment.id }, data: { amountCents: payment.amountCents } });
    }
    const paid = paidCents(payments);
    await tx.visit.update({
      where: { id: visit.id },
      data: { totalCostCents: due, paidCents: paid, paymentStatus: derivePaymentStatus(due, paid) },
    });
  }
}
