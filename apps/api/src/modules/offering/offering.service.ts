// Reads of the service catalogue. The public read (SPEC §2 home "services" and /all-services) gives visible
// categories with their visible items, featured first; the staff reads give everything, in display order.
// Writes live in offering-admin.service.ts.
import type { Db, Prisma } from '@garage/db';
import type { LocalizedText, OfferingCategoryView, OfferingItemView, PartUnit, PublicOfferingCategory } from '@garage/shared';
import { notFound } from '../../lib/errors.ts';

/** Stored titles are {en, fr, ar}; a plain string (older rows, hand edits) is shown in every language. */
export function localized(value: unknown): LocalizedText | null {
  if (typeof value === 'string') return { en: value, fr: value, ar: value };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return entries.length ? Object.fromEntries(entries) : null;
}

export async function listPublicCatalogue(db: Db): Promise<PublicOfferingCategory[]> {
  const categories = await db.offeringCategory.findMany({
    where: { visible: true },
    orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }],
    select: {
      id: true,
      title: true,
      description: true,
      imageUrl: true,
      sortOrder: true,
      minPriceCents: true,
      maxPriceCents: true,
      priceCurrency: true,
      items: {
        where: { visible: true },
        orderBy: [{ featured: 'desc' }, { sortOrder: 'asc' }, { createdAt: 'asc' }],
        select: {
          id: true,
          title: true,
          description: true,
          priceCents: true,
          currency: true,
          imageUrl: true,
          durationMinutes: true,
          featured: true,
        },
      },
    },
  });
  return categories.map((category) => ({
    ...category,
    title: localized(category.title) ?? {},
    description: localized(category.description),
    items: category.items.map((item) => ({ ...item, title: localized(item.title) ?? {}, description: localized(item.description) })),
  }));
}

export const itemSelect = {
  id: true,
  categoryId: true,
  title: true,
  description: true,
  priceCents: true,
  currency: true,
  imageUrl: true,
  durationMinutes: true,
  service: true,
  featured: true,
  visible: true,
  sortOrder: true,
  taxRateId: true,
  createdAt: true,
  updatedAt: true,
  // Default lines of a task made from the item: staff views only (listPublicCatalogue never selects them).
  lines: {
    select: {
      id: true,
      position: true,
      kind: true,
      description: true,
      partId: true,
      labourRateId: true,
      quantityMilli: true,
      unitPriceCents: true,
      part: { select: { partNumber: true, unit: true } },
    },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  },
} satisfies Prisma.OfferingItemSelect;
type ItemRow = Prisma.OfferingItemGetPayload<{ select: typeof itemSelect }>;

export const categorySelect = {
  id: true,
  title: true,
  description: true,
  imageUrl: true,
  sortOrder: true,
  visible: true,
  minPriceCents: true,
  maxPriceCents: true,
  priceCurrency: true,
  createdAt: true,
  updatedAt: true,
  items: { select: itemSelect, orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }] },
} satisfies Prisma.OfferingCategorySelect;
type CategoryRow = Prisma.OfferingCategoryGetPayload<{ select: typeof categorySelect }>;

export function toItemView(row: ItemRow): OfferingItemView {
  return {
    ...row,
    lines: row.lines.map(({ quantityMilli, part, ...line }) => ({
      ...line,
      partNumber: part?.partNumber ?? null,
      unit: (part?.unit as PartUnit | undefined) ?? null,
      quantity: quantityMilli / 1000,
    })),
    title: localized(row.title) ?? {},
    description: localized(row.description),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCategoryView(row: CategoryRow): OfferingCategoryView {
  return {
    ...row,
    title: localized(row.title) ?? {},
    description: localized(row.description),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items: row.items.map(toItemView),
  };
}

/** Staff: every category with every item (hidden ones included), in display order. */
export async function listCategories(db: Db | Prisma.TransactionClient): Promise<OfferingCategoryView[]> {
  const rows = await db.offeringCategory.findMany({ orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }], select: categorySelect });
  return rows.map(toCategoryView);
}

export async function getCategory(db: Db | Prisma.TransactionClient, id: string): Promise<OfferingCategoryView> {
  const row = await db.offeringCategory.findUnique({ where: { id }, select: categorySelect });
  if (!row) throw notFound('category');
  return toCategoryView(row);
}
