// The shop and its branding. There is one merchant per installation (the first one created).
import type { Db } from '@garage/db';
import type { BrandingEntry } from '@garage/shared';
import { notFound } from '../../lib/errors.ts';

export interface MerchantView {
  id: string;
  name: string;
  displayName: string;
  currency: string;
}

export async function getMerchant(db: Db): Promise<MerchantView> {
  const merchant = await db.merchant.findFirst({
    orderBy: { createdAt: 'asc' },
    select: { id: true, name: true, displayName: true, currency: true },
  });
  if (!merchant) throw notFound('Merchant');
  return merchant;
}

export async function listBranding(
  db: Db,
  query: { language: string; status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED' },
): Promise<BrandingEntry[]> {
  const merchant = await getMerchant(db);
  const rows = await db.branding.findMany({
    where: { merchantId: merchant.id, status: query.status, language: { in: ['common', query.language.slice(0, 2)] } },
    orderBy: [{ language: 'asc' }, { type: 'asc' }],
    select: { id: true, type: true, language: true, status: true, fields: true },
  });
  return rows.map((row) => ({ ...row, fields: row.fields as BrandingEntry['fields'] }));
}
