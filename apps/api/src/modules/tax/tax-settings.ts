// The shop's tax settings as the writers of lines and visit totals need them (not the settings screen's
// view: tax-settings.service.ts). One read of the merchant row; an installation without a merchant yet (a
// fresh test database) behaves as the schema's defaults: profile OTHER, prices with tax, no default rates.
import type { Db, Prisma } from '@garage/db';
import type { AmountDueSettings, TaxCountryProfile } from '@garage/shared';

export interface ShopTaxSettings extends AmountDueSettings {
  profile: TaxCountryProfile;
  pricesIncludeTax: boolean;
  defaultLabourTaxRateId: string | null;
  defaultPartTaxRateId: string | null;
  defaultFlatTaxRateId: string | null;
}

export const NO_MERCHANT_TAX_SETTINGS: ShopTaxSettings = {
  profile: 'OTHER',
  pricesIncludeTax: true,
  defaultLabourTaxRateId: null,
  defaultPartTaxRateId: null,
  defaultFlatTaxRateId: null,
};

export async function readShopTaxSettings(db: Db | Prisma.TransactionClient): Promise<ShopTaxSettings> {
  const merchant = await db.merchant.findFirst({
    orderBy: { createdAt: 'asc' },
    select: {
      taxProfile: true,
      pricesIncludeTax: true,
      defaultLabourTaxRateId: true,
      defaultPartTaxRateId: true,
      defaultFlatTaxRateId: true,
    },
  });
  if (!merchant) return NO_MERCHANT_TAX_SETTINGS;
  const { taxProfile, ...rest } = merchant;
  return { profile: taxProfile, ...rest };
}
