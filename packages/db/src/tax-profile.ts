// Applying a country profile's starting point (packages/shared/src/tax-profiles.ts) to the shop: its tax
// rates, the default rate per kind of line, prices with or without tax, the profile itself and the local
// chart of accounts. One definition for the first-run setup (a country chosen there) and the demo seed,
// always inside the caller's transaction so a shop never ends up half configured.
import { accountingAccountsSchema, TAX_PROFILE_DEFAULTS, type TaxCountryProfile } from '@garage/shared';
import type { Prisma } from './generated/prisma/client.ts';

export interface AppliedTaxProfile {
  /** The rates' ids by their key in the profile ("standard", "exempt"...). */
  rateIds: Record<string, string>;
}

/**
 * Sets the merchant's profile, prices mode, chart of accounts and default rates, creating the profile's
 * rates that do not exist yet (same name and percentage: an existing rate is reused, so applying twice adds
 * nothing). `rateId` gives the ids of new rates (the demo seed's deterministic ids); default: generated.
 * Currency, time zone and language are the caller's business (setup asks for them, the seed sets them).
 */
export async function applyTaxProfile(
  tx: Prisma.TransactionClient,
  options: { merchantId: string; profile: TaxCountryProfile; rateId?: (key: string) => string },
): Promise<AppliedTaxProfile> {
  const defaults = TAX_PROFILE_DEFAULTS[options.profile];
  const rateIds: Record<string, string> = {};
  for (const rate of defaults.rates) {
    const existing = await tx.taxRate.findFirst({
      where: { name: rate.name, basisPoints: rate.basisPoints, archivedAt: null },
      orderBy: { createdAt: 'asc' },
      select: { id: true },
    });
    const created =
      existing ??
      (await tx.taxRate.create({
        data: {
          ...(options.rateId ? { id: options.rateId(rate.key) } : {}),
          name: rate.name,
          basisPoints: rate.basisPoints,
          category: rate.category,
          exemptionReason: rate.exemptionReason,
        },
        select: { id: true },
      }));
    rateIds[rate.key] = created.id;
  }
  const idOf = (key: string | null) => (key ? (rateIds[key] ?? null) : null);
  await tx.merchant.update({
    where: { id: options.merchantId },
    data: {
      taxProfile: options.profile,
      pricesIncludeTax: defaults.pricesIncludeTax,
      defaultLabourTaxRateId: idOf(defaults.defaults.labour),
      defaultPartTaxRateId: idOf(defaults.defaults.part),
      defaultFlatTaxRateId: idOf(defaults.defaults.flat),
      // Stored whole (the schema's PCG defaults filled in), so the exports and the settings screen read
      // the same accounts.
      accountingAccounts: accountingAccountsSchema.parse(defaults.accountingAccounts) as Prisma.InputJsonValue,
    },
  });
  return { rateIds };
}
