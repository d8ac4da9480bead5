// The shop's tax settings screen: country profile, prices with or without tax, the default rate per kind of
// line, the legal identity printed on invoices and the chart of accounts of the exports. Identifiers are
// checked by the profile's rules in one place (packages/shared/src/legal-identifiers.ts).
import type { Db, Prisma } from '@garage/db';
import {
  accountingAccountsSchema,
  checkLegalIdentifiers,
  legalIdentitySchema,
  normalizeLegalIdentifiers,
  type LegalIdentifiers,
  type LegalIdentity,
  type TaxCountryProfile,
  type TaxSettings,
  type updateTaxSettingsSchema,
} from '@garage/shared';
import type { z } from 'zod';
import { announceChange } from '../../lib/change-notices.ts';
import { AppError, notFound, type FieldErrorCodes } from '../../lib/errors.ts';
import { recomputeOpenVisitTotals } from './amount-due.sql.ts';
import { assertRateUsable } from './tax-resolution.ts';

type Tx = Prisma.TransactionClient;
export type TaxSettingsPatch = z.output<typeof updateTaxSettingsSchema>;

const EMPTY_LEGAL_IDENTITY: LegalIdentity = legalIdentitySchema.parse({ address: {}, identifiers: {} });

const settingsSelect = {
  id: true,
  taxProfile: true,
  pricesIncludeTax: true,
  defaultLabourTaxRateId: true,
  defaultPartTaxRateId: true,
  defaultFlatTaxRateId: true,
  legalIdentity: true,
  accountingAccounts: true,
} as const;
type SettingsRow = Prisma.MerchantGetPayload<{ select: typeof settingsSelect }>;

/** Stored JSON read through its schema: a missing or older value gets the schema's defaults. */
function toSettings(row: SettingsRow): TaxSettings {
  const identity = legalIdentitySchema.safeParse(row.legalIdentity ?? undefined);
  const accounts = accountingAccountsSchema.safeParse(row.accountingAccounts ?? {});
  return {
    profile: row.taxProfile,
    pricesIncludeTax: row.pricesIncludeTax,
    defaultLabourTaxRateId: row.defaultLabourTaxRateId,
    defaultPartTaxRateId: row.defaultPartTaxRateId,
    defaultFlatTaxRateId: row.defaultFlatTaxRateId,
    legalIdentity: identity.success ? identity.data : EMPTY_LEGAL_IDENTITY,
    accountingAccounts: accounts.success ? accounts.data : accountingAccountsSchema.parse({}),
  };
}

export async function getTaxSettings(db: Db): Promise<TaxSettings> {
  const row = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: settingsSelect });
  if (!row) throw notFound('merchant');
  return toSettings(row);
}

/**
 * The identifiers compacted and checked under the profile; every problem is a field error named by its path
 * (`${path}.siret`). Used for the shop's identity and for business customers (users.service.ts).
 */
export function checkedIdentifiers(profile: TaxCountryProfile, identifiers: LegalIdentifiers, path: string): LegalIdentifiers {
  const normalized = normalizeLegalIdentifiers(profile, identifiers);
  const problems = checkLegalIdentifiers(profile, normalized);
  if (problems.length > 0) {
    const fieldErrors: FieldErrorCodes = {};
    for (const problem of problems) {
      (fieldErrors[`${path}.${problem.field}`] ??= []).push({ code: `legalIds.${problem.message}`, params: {} });
    }
    throw new AppError('VALIDATION', `legalIds.${problems[0]!.message}`, { fieldErrors });
  }
  return normalized;
}

/**
 * Changes only the fields sent. A new profile re-checks the legal identity (sent or kept) under its rules; a
 * new profile or prices mode recomputes the open visits' amounts due (recomputeOpenVisitTotals). Issued
 * invoices are snapshots and never change.
 */
export async function updateTaxSettings(db: Db, patch: TaxSettingsPatch): Promise<TaxSettings> {
  const row = await db.$transaction(async (tx) => {
    const current = await lockSettings(tx);
    const profile = patch.profile ?? current.taxProfile;
    const data: Prisma.MerchantUpdateInput = {};
    if (patch.profile !== undefined) data.taxProfile = patch.profile;
    if (patch.pricesIncludeTax !== undefined) data.pricesIncludeTax = patch.pricesIncludeTax;
    for (const key of ['defaultLabourTaxRateId', 'defaultPartTaxRateId', 'defaultFlatTaxRateId'] as const) {
      const rateId = patch[key];
      if (rateId === undefined) continue;
      if (rateId !== null) await assertRateUsable(tx, rateId, key);
      data[key.replace(/Id$/, '') as 'defaultLabourTaxRate' | 'defaultPartTaxRate' | 'defaultFlatTaxRate'] =
        rateId === null ? { disconnect: true } : { connect: { id: rateId } };
    }
    if (patch.legalIdentity !== undefined || (patch.profile !== undefined && patch.profile !== current.taxProfile)) {
      const identity = patch.legalIdentity ?? toSettings(current).legalIdentity;
      const identifiers = checkedIdentifiers(profile, identity.identifiers, 'legalIdentity.identifiers');
      data.legalIdentity = { ...identity, identifiers };
    }
    if (patch.accountingAccounts !== undefined) data.accountingAccounts = patch.accountingAccounts;
    const updated = await tx.merchant.update({ where: { id: current.id }, data, select: settingsSelect });
    if (updated.taxProfile !== current.taxProfile || updated.pricesIncludeTax !== current.pricesIncludeTax) {
      const changed = await recomputeOpenVisitTotals(tx, { profile: updated.taxProfile, pricesIncludeTax: updated.pricesIncludeTax });
      if (changed > 0) await announceChange(tx, 'visits');
    }
    return updated;
  });
  return toSettings(row);
}

/** The merchant row, locked: two admins saving at once apply one after the other. */
async function lockSettings(tx: Tx): Promise<SettingsRow> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Merchant" ORDER BY "createdAt" LIMIT 1 FOR UPDATE`;
  if (!locked[0]) throw notFound('merchant');
  return tx.merchant.findUniqueOrThrow({ where: { id: locked[0].id }, select: settingsSelect });
}
