// The public read of the service catalogue (SPEC §2 home "services" and /all-services): visible categories
// with their visible items, in display order. Managing the catalogue is a staff feature of its own.
import type { Db } from '@garage/db';
import type { PublicOfferingCategory } from './offering.schemas.ts';

type Localized = Record<string, string>;

/** Stored titles are {en, fr, ar}; a plain string (older rows, hand edits) is shown in every language. */
function localized(value: unknown): Localized | null {
  if (typeof value === 'string') return { en: value, fr: value, ar: value };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
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
      items: {
        where: { visible: true },
        orderBy: [{ featured: 'desc' }, { sortOrder: 'asc' }, { createdAt: 'asc' }],
        select: { id: true, title: true, description: true, priceCents: true, currency: true, imageUrl: true, durationMinutes: true, featured: true },
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
