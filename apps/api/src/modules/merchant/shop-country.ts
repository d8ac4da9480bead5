// The shop's country, for the rules that follow it (statutory inspections, a new vehicle's distance unit): the
// address of its legal identity, else its tax profile's country (FR, MA, SA, AE); null when neither tells
// (the currency does not: shops price in dollars or euros far from the US or France).
import type { Db } from '@garage/db';
import { legalIdentitySchema, type TaxCountryProfile } from '@garage/shared';

export function countryOfMerchant(row: { legalIdentity: unknown; taxProfile: TaxCountryProfile }): string | null {
  const identity = legalIdentitySchema.safeParse(row.legalIdentity ?? undefined);
  const fromAddress = identity.success ? identity.data.address.countryCode : null;
  return fromAddress ?? (row.taxProfile === 'OTHER' ? null : row.taxProfile);
}

export async function readShopCountry(db: Pick<Db, 'merchant'>): Promise<string | null> {
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { legalIdentity: true, taxProfile: true } });
  return merchant ? countryOfMerchant(merchant) : null;
}
