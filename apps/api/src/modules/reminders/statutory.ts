// The shop's statutory inspection rule (contrôle technique, visite technique, MOT): its country's law
// (@garage/shared statutory-inspections.ts) unless an admin set the shop's own years, or switched it off.
// The shop's country: merchant/shop-country.ts.
import type { Db } from '@garage/db';
import {
  STATUTORY_INSPECTION_RULES,
  resolveStatutoryRule,
  type StatutoryInspectionRule,
  type StatutorySettingsInput,
  type StatutorySettingsView,
} from '@garage/shared';
import { notFound } from '../../lib/errors.ts';
import { countryOfMerchant } from '../merchant/shop-country.ts';

const select = {
  id: true,
  taxProfile: true,
  legalIdentity: true,
  statutoryInspectionEnabled: true,
  statutoryFirstAfterYears: true,
  statutoryEveryYears: true,
} as const;

type Executor = Pick<Db, 'merchant'>;
type MerchantRow = NonNullable<Awaited<ReturnType<typeof readMerchant>>>;

const readMerchant = (db: Executor) => db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select });

function viewOf(row: MerchantRow): StatutorySettingsView {
  const countryCode = countryOfMerchant(row);
  return {
    statutoryInspectionEnabled: row.statutoryInspectionEnabled,
    statutoryFirstAfterYears: row.statutoryFirstAfterYears,
    statutoryEveryYears: row.statutoryEveryYears,
    countryCode,
    countryRule: (countryCode && STATUTORY_INSPECTION_RULES[countryCode]) || null,
    rule: resolveStatutoryRule(countryCode, row),
  };
}

/** The rule the reminders apply now; null (off, no rule for the country, or no shop yet): no STATUTORY reminders. */
export async function shopStatutoryRule(db: Executor): Promise<StatutoryInspectionRule | null> {
  const row = await readMerchant(db);
  return row ? viewOf(row).rule : null;
}

export async function getStatutorySettings(db: Db): Promise<StatutorySettingsView> {
  const row = await readMerchant(db);
  if (!row) throw notFound('merchant');
  return viewOf(row);
}

export async function updateStatutorySettings(db: Db, input: Partial<StatutorySettingsInput>): Promise<StatutorySettingsView> {
  const row = await readMerchant(db);
  if (!row) throw notFound('merchant');
  return viewOf(await db.merchant.update({ where: { id: row.id }, data: input, select }));
}
