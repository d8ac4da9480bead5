// The shop and its branding. There is one merchant per installation (the first one created).
import type { Db } from '@garage/db';
import type { BrandingEntry, UpdateMerchant } from '@garage/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import type { BootMerchant } from '@garage/shared/boot-data';
import { uniqueViolationFields } from '../../lib/unique-violation.ts';
import type { BrandingWrite } from './branding-write.schema.ts';

/** The shop's public identity: the same shape the server writes into the start page (boot data). */
export type MerchantView = BootMerchant;

const merchantSelect = { id: true, name: true, displayName: true, currency: true, timezone: true, defaultLanguage: true } as const;

export async function getMerchant(db: Db): Promise<MerchantView> {
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: merchantSelect });
  if (!merchant) throw notFound('merchant');
  return merchant;
}

/** The shop's identity (names, language, currency, time zone), first chosen at setup. */
export async function updateMerchant(db: Db, input: UpdateMerchant): Promise<MerchantView> {
  const { id } = await getMerchant(db);
  return db.merchant.update({ where: { id }, data: input, select: merchantSelect });
}

export async function listBranding(db: Db, query: { language: string; status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED' }): Promise<BrandingEntry[]> {
  const merchant = await getMerchant(db);
  const rows = await db.branding.findMany({
    where: { merchantId: merchant.id, status: query.status, language: { in: ['common', query.language.slice(0, 2)] } },
    orderBy: [{ language: 'asc' }, { type: 'asc' }],
    select: { id: true, type: true, language: true, status: true, fields: true },
  });
  return rows.map((row) => ({ ...row, fields: row.fields as BrandingEntry['fields'] }));
}

const brandingSelect = { id: true, type: true, language: true, status: true, fields: true } as const;

function toEntry(row: { id: string; type: string; language: string; status: string; fields: unknown }): BrandingEntry {
  return { ...row, fields: row.fields as BrandingEntry['fields'] };
}

/** One entry per type, language and status: a second one is a conflict, not a silent duplicate. */
async function withBrandingConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationFields(error)) throw conflict('transport.brandingExists', { field: 'type' });
    throw error;
  }
}

export async function createBranding(db: Db, input: BrandingWrite): Promise<BrandingEntry> {
  const merchant = await getMerchant(db);
  const row = await withBrandingConflict(() =>
    db.branding.create({ data: { merchantId: merchant.id, ...input, status: input.status ?? 'ACTIVE' }, select: brandingSelect }),
  );
  return toEntry(row);
}

export async function updateBranding(db: Db, id: string, input: BrandingWrite): Promise<BrandingEntry> {
  const merchant = await getMerchant(db);
  const existing = await db.branding.findFirst({ where: { id, merchantId: merchant.id }, select: { id: true } });
  if (!existing) throw notFound('branding');
  const row = await withBrandingConflict(() => db.branding.update({ where: { id }, data: input, select: brandingSelect }));
  return toEntry(row);
}
