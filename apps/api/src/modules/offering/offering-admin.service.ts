// Staff changes to the service catalogue: categories and items, created, changed field by field, reordered
// and deleted.
//
// Every change that touches items locks the affected category rows first (SELECT ... FOR UPDATE, in id
// order so two changes never wait on each other crosswise), changes the items, then rewrites the category's
// derived price range from its items in the same transaction (writePriceRange). Concurrent item changes in
// one category therefore serialise, and the range always matches the committed items.
//
// Pictures are uploaded first (POST /backend/uploads/image?section=offering); a picture replaced or removed
// with its row is deleted after the commit when nothing else shows it.
import { Prisma, type Db, type FileStorage } from '@garage/db';
import {
  INVENTORY_LIMITS,
  LANGUAGES,
  applyOrder,
  hasSomeText,
  mediaIdFromUrl,
  priceRange,
  type TASK_SERVICES,
  type CategoryDeleteMode,
  type DeleteCategoryResult,
  type LocalizedInput,
  type OfferingCategoryView,
  type OfferingItemView,
  type offeringItemLineInputSchema,
  toMilli,
} from '@garage/shared';
import type { z } from 'zod';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { removeStoredFiles } from '../uploads/uploads.service.ts';
import { assertRateUsable } from '../tax/tax-resolution.ts';
import { getCategory, itemSelect, listCategories, localized, toItemView } from './offering.service.ts';

type Tx = Prisma.TransactionClient;
type Localized = Record<string, string>;

export interface CategoryWrite {
  title?: LocalizedInput;
  description?: LocalizedInput | null;
  imageUrl?: string | null;
  sortOrder?: number;
  visible?: boolean;
}

export interface ItemWrite {
  categoryId?: string;
  title?: LocalizedInput;
  description?: LocalizedInput | null;
  priceCents?: number;
  currency?: string;
  imageUrl?: string | null;
  durationMinutes?: number;
  service?: (typeof TASK_SERVICES)[number];
  featured?: boolean;
  visible?: boolean;
  sortOrder?: number;
  taxRateId?: string | null;
  /** Replaces the item's default lines as a whole. */
  lines?: OfferingItemLineParsed[];
}

type OfferingItemLineParsed = z.output<typeof offeringItemLineInputSchema>;

/**
 * The rows of an item's default lines: parts and rates must exist (an archived part is refused), a part's
 * or a rate's name is the description when none is sent.
 */
async function offeringLineRows(tx: Tx, lines: readonly OfferingItemLineParsed[]) {
  const partIds = lines.flatMap((line) => (line.kind === 'PART' && line.partId ? [line.partId] : []));
  const rateIds = lines.flatMap((line) => (line.kind === 'LABOUR' && line.labourRateId ? [line.labourRateId] : []));
  const [parts, rates, defaultRate] = await Promise.all([
    tx.part.findMany({ where: { id: { in: partIds } }, select: { id: true, name: true, archivedAt: true } }),
    tx.labourRate.findMany({ where: { id: { in: rateIds } }, select: { id: true, name: true } }),
    tx.labourRate.findFirst({ where: { isDefault: true, archivedAt: null }, select: { name: true } }),
  ]);
  const partById = new Map(parts.map((part) => [part.id, part]));
  const rateById = new Map(rates.map((rate) => [rate.id, rate]));
  return lines.map((line, position) => {
    let description = line.description;
    let partId: string | null = null;
    let labourRateId: string | null = null;
    if (line.kind === 'PART' && line.partId) {
      const part = partById.get(line.partId);
      if (!part) throw new AppError('NOT_FOUND', 'missing.part', { field: `lines.${position}.partId` });
      if (part.archivedAt) throw conflict('inventory.partArchived', { field: `lines.${position}.partId` });
      partId = part.id;
      description ??= part.name.slice(0, INVENTORY_LIMITS.nameMax);
    }
    if (line.kind === 'LABOUR') {
      const rate = line.labourRateId ? rateById.get(line.labourRateId) : undefined;
      if (line.labourRateId && !rate) throw new AppError('NOT_FOUND', 'missing.labourRate', { field: `lines.${position}.labourRateId` });
      labourRateId = rate?.id ?? null;
      description ??= rate?.name ?? defaultRate?.name ?? null;
    }
    if (!description) throw fieldError(`lines.${position}.description`, 'required', { fieldName: 'description' });
    return {
      position,
      kind: line.kind,
      description,
      partId,
      labourRateId,
      quantityMilli: toMilli(line.quantity),
      unitPriceCents: line.unitPriceCents ?? null,
    };
  });
}

const titleRequired = () => fieldError('title', 'required', { fieldName: 'title' });

/** `patch` applied to `current` language by language: a sent text replaces, an empty one removes. */
export function mergeLocalized(current: unknown, patch: LocalizedInput): Localized {
  const merged: Localized = { ...(localized(current) ?? {}) };
  for (const language of LANGUAGES) {
    const value = patch[language];
    if (value === undefined) continue;
    if (value.trim() === '') delete merged[language];
    else merged[language] = value.trim();
  }
  return merged;
}

/** The texts to store for a description: null when no language has one. */
function descriptionValue(current: unknown, patch: LocalizedInput | null): Localized | null {
  if (patch === null) return null;
  const merged = mergeLocalized(current, patch);
  return Object.keys(merged).length ? merged : null;
}

/** Prisma's way of writing SQL NULL into a Json? column. */
const jsonOrNull = (value: Localized | null) => (value === null ? Prisma.DbNull : value);

/** Locks the categories (in id order); 404 on the first that does not exist. */
async function lockCategories(tx: Tx, ids: string[], missing: (id: string) => AppError = () => notFound('category')): Promise<void> {
  const wanted = [...new Set(ids)].sort();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM "OfferingCategory" WHERE id = ANY(${wanted}::uuid[]) ORDER BY id FOR UPDATE`;
  const found = new Set(rows.map((row) => row.id));
  const absent = wanted.find((id) => !found.has(id));
  if (absent) throw missing(absent);
}

/** Rewrites a (locked) category's price range from its items as they are now. */
async function writePriceRange(tx: Tx, categoryId: string): Promise<void> {
  const items = await tx.offeringItem.findMany({ where: { categoryId }, select: { priceCents: true, currency: true, visible: true } });
  await tx.offeringCategory.update({ where: { id: categoryId }, data: priceRange(items) });
}

async function nextItemOrder(tx: Tx, categoryId: string): Promise<number> {
  const last = await tx.offeringItem.aggregate({ where: { categoryId }, _max: { sortOrder: true } });
  return (last._max.sortOrder ?? -1) + 1;
}

/** Offering pictures no row shows any more: their files and rows go (after the change is committed). */
async function releaseImages(db: Db, storage: FileStorage, urls: (string | null | undefined)[]): Promise<void> {
  const ids = [...new Set(urls.map(mediaIdFromUrl).filter((id): id is string => !!id))];
  if (ids.length === 0) return;
  const stillShown = new Set(
    (
      await Promise.all([
        db.offeringCategory.findMany({
          where: { imageUrl: { in: urls.filter((url): url is string => !!url) } },
          select: { imageUrl: true },
        }),
        db.offeringItem.findMany({ where: { imageUrl: { in: urls.filter((url): url is string => !!url) } }, select: { imageUrl: true } }),
      ])
    )
      .flat()
      .map((row) => mediaIdFromUrl(row.imageUrl)),
  );
  const orphans = await db.mediaFile.findMany({
    where: { id: { in: ids.filter((id) => !stillShown.has(id)) }, section: 'offering' },
    select: { id: true, storageKey: true },
  });
  if (orphans.length === 0) return;
  await db.mediaFile.deleteMany({ where: { id: { in: orphans.map((file) => file.id) } } });
  await removeStoredFiles(
    storage,
    orphans.map((file) => file.storageKey),
  );
}

// ---- Categories ---------------------------------------------------------------------------------------

export async function createCategory(db: Db, input: CategoryWrite): Promise<OfferingCategoryView> {
  if (!input.title || !hasSomeText(input.title)) throw titleRequired();
  const title = mergeLocalized(null, input.title);
  const description = input.description ? descriptionValue(null, input.description) : null;
  const id = await db.$transaction(async (tx) => {
    const sortOrder = input.sortOrder ?? ((await tx.offeringCategory.aggregate({ _max: { sortOrder: true } }))._max.sortOrder ?? -1) + 1;
    const row = await tx.offeringCategory.create({
      data: {
        title,
        description: jsonOrNull(description),
        imageUrl: input.imageUrl ?? null,
        sortOrder,
        visible: input.visible ?? true,
      },
      select: { id: true },
    });
    return row.id;
  });
  return getCategory(db, id);
}

export async function updateCategory(db: Db, storage: FileStorage, id: string, patch: CategoryWrite): Promise<OfferingCategoryView> {
  const replacedImage = await db.$transaction(async (tx) => {
    await lockCategories(tx, [id]);
    const current = await tx.offeringCategory.findUniqueOrThrow({
      where: { id },
      select: { title: true, description: true, imageUrl: true },
    });
    const data: Prisma.OfferingCategoryUpdateInput = {};
    if (patch.title !== undefined) {
      const title = mergeLocalized(current.title, patch.title);
      if (!hasSomeText(title)) throw titleRequired();
      data.title = title;
    }
    if (patch.description !== undefined) data.description = jsonOrNull(descriptionValue(current.description, patch.description));
    if (patch.imageUrl !== undefined) data.imageUrl = patch.imageUrl;
    if (patch.sortOrder !== undefined) data.sortOrder = patch.sortOrder;
    if (patch.visible !== undefined) data.visible = patch.visible;
    if (Object.keys(data).length) await tx.offeringCategory.update({ where: { id }, data, select: { id: true } });
    return patch.imageUrl !== undefined && patch.imageUrl !== current.imageUrl ? current.imageUrl : null;
  });
  await releaseImages(db, storage, [replacedImage]);
  return getCategory(db, id);
}

/**
 * Puts categories in a new order. `ids` lists the categories the caller saw, in the order wanted; they take
 * the places they held, so one added meanwhile by someone else keeps its place. An id that is gone: 409.
 */
export async function reorderCategories(db: Db, ids: string[]): Promise<OfferingCategoryView[]> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "OfferingCategory" ORDER BY id FOR UPDATE`;
    const current = await tx.offeringCategory.findMany({
      orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    await writeOrder(
      tx,
      'OfferingCategory',
      current.map((row) => row.id),
      ids,
    );
    return listCategories(tx);
  });
}

/** Renumbers the rows 0..n-1 in the order `applyOrder` gives (only rows whose number changes are written). */
async function writeOrder(tx: Tx, table: 'OfferingCategory' | 'OfferingItem', current: string[], sent: string[]): Promise<void> {
  const order = applyOrder(current, sent);
  if (!order) throw conflict('offering.reorderMismatch');
  const sql =
    table === 'OfferingCategory'
      ? tx.$executeRaw`
          UPDATE "OfferingCategory" AS c SET "sortOrder" = o.ord - 1, "updatedAt" = now()
          FROM unnest(${order}::uuid[]) WITH ORDINALITY AS o(id, ord)
          WHERE c.id = o.id AND c."sortOrder" <> o.ord - 1`
      : tx.$executeRaw`
          UPDATE "OfferingItem" AS i SET "sortOrder" = o.ord - 1, "updatedAt" = now()
          FROM unnest(${order}::uuid[]) WITH ORDINALITY AS o(id, ord)
          WHERE i.id = o.id AND i."sortOrder" <> o.ord - 1`;
  await sql;
}

/**
 * Deletes a category. With items, the caller must choose: `move` them (to the end of another category) or
 * `delete` them with it; otherwise (`refuse`) 409 and nothing changes.
 */
export async function deleteCategory(
  db: Db,
  storage: FileStorage,
  input: { id: string; items: CategoryDeleteMode; moveToCategoryId?: string },
): Promise<DeleteCategoryResult> {
  const target = input.items === 'move' ? input.moveToCategoryId : undefined;
  if (input.items === 'move' && !target) throw fieldError('moveToCategoryId', 'offering.moveTargetRequired');
  if (target === input.id) throw fieldError('moveToCategoryId', 'offering.moveTargetSame');
  const outcome = await db.$transaction(async (tx) => {
    await lockCategories(tx, target ? [input.id, target] : [input.id], (missing) =>
      missing === input.id ? notFound('category') : new AppError('NOT_FOUND', 'missing.category', { field: 'moveToCategoryId' }),
    );
    const category = await tx.offeringCategory.findUniqueOrThrow({ where: { id: input.id }, select: { imageUrl: true } });
    const items = await tx.offeringItem.findMany({
      where: { categoryId: input.id },
      orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }],
      select: { id: true, imageUrl: true },
    });
    let itemsMoved = 0;
    let itemsDeleted = 0;
    if (items.length > 0 && input.items === 'refuse') {
      throw conflict('offering.categoryHasItems', { params: { count: items.length } });
    }
    if (items.length > 0 && target) {
      const start = await nextItemOrder(tx, target);
      const ids = items.map((item) => item.id);
      await tx.$executeRaw`
        UPDATE "OfferingItem" AS i SET "categoryId" = ${target}::uuid, "sortOrder" = ${start} + o.ord - 1, "updatedAt" = now()
        FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, ord)
        WHERE i.id = o.id`;
      await writePriceRange(tx, target);
      itemsMoved = items.length;
    } else if (items.length > 0) {
      itemsDeleted = (await tx.offeringItem.deleteMany({ where: { categoryId: input.id } })).count;
    }
    await tx.offeringCategory.delete({ where: { id: input.id } });
    const images = [category.imageUrl, ...(itemsDeleted ? items.map((item) => item.imageUrl) : [])];
    return { itemsMoved, itemsDeleted, images };
  });
  await releaseImages(db, storage, outcome.images);
  return { id: input.id, itemsMoved: outcome.itemsMoved, itemsDeleted: outcome.itemsDeleted };
}

// ---- Items --------------------------------------------------------------------------------------------

const categoryMissing = () => new AppError('NOT_FOUND', 'missing.category', { field: 'categoryId' });

export async function createItem(
  db: Db,
  input: ItemWrite & { categoryId: string; priceCents: number; currency: string },
): Promise<OfferingItemView> {
  if (!input.title || !hasSomeText(input.title)) throw titleRequired();
  const title = mergeLocalized(null, input.title);
  const description = input.description ? descriptionValue(null, input.description) : null;
  return db.$transaction(async (tx) => {
    await lockCategories(tx, [input.categoryId], categoryMissing);
    if (input.taxRateId) await assertRateUsable(tx, input.taxRateId, 'taxRateId');
    const row = await tx.offeringItem.create({
      data: {
        categoryId: input.categoryId,
        title,
        description: jsonOrNull(description),
        priceCents: input.priceCents,
        currency: input.currency,
        imageUrl: input.imageUrl ?? null,
        durationMinutes: input.durationMinutes ?? 0,
        service: input.service ?? 'MAINTENANCE',
        featured: input.featured ?? false,
        visible: input.visible ?? true,
        sortOrder: input.sortOrder ?? (await nextItemOrder(tx, input.categoryId)),
        taxRateId: input.taxRateId ?? null,
        lines: { create: input.lines ? await offeringLineRows(tx, input.lines) : [] },
      },
      select: itemSelect,
    });
    await writePriceRange(tx, input.categoryId);
    return toItemView(row);
  });
}

export async function updateItem(db: Db, storage: FileStorage, id: string, patch: ItemWrite): Promise<OfferingItemView> {
  const result = await db.$transaction(async (tx) => {
    const before = await tx.offeringItem.findUnique({ where: { id }, select: { categoryId: true } });
    if (!before) throw notFound('item');
    const moving = patch.categoryId !== undefined && patch.categoryId !== before.categoryId;
    await lockCategories(tx, moving ? [before.categoryId, patch.categoryId!] : [before.categoryId], (missing) =>
      missing === before.categoryId ? notFound('item') : categoryMissing(),
    );
    // Read again under the lock: the item may have moved or gone since the first look.
    const current = await tx.offeringItem.findUnique({
      where: { id },
      select: { categoryId: true, title: true, description: true, imageUrl: true, taxRateId: true },
    });
    if (!current) throw notFound('item');
    // A new rate must be usable; the one it has may stay even once archived.
    if (patch.taxRateId && patch.taxRateId !== current.taxRateId) await assertRateUsable(tx, patch.taxRateId, 'taxRateId');
    if (current.categoryId !== before.categoryId) throw conflict('versionConflict');

    const data: Prisma.OfferingItemUncheckedUpdateInput = {};
    if (patch.title !== undefined) {
      const title = mergeLocalized(current.title, patch.title);
      if (!hasSomeText(title)) throw titleRequired();
      data.title = title;
    }
    if (patch.description !== undefined) data.description = jsonOrNull(descriptionValue(current.description, patch.description));
    for (const key of [
      'priceCents',
      'currency',
      'imageUrl',
      'durationMinutes',
      'service',
      'featured',
      'visible',
      'sortOrder',
      'taxRateId',
    ] as const) {
      if (patch[key] !== undefined) (data as Record<string, unknown>)[key] = patch[key];
    }
    if (moving) {
      data.categoryId = patch.categoryId;
      if (patch.sortOrder === undefined) data.sortOrder = await nextItemOrder(tx, patch.categoryId!);
    }
    if (patch.lines !== undefined) {
      // Replaced as a whole: the list sent is the item's default lines from now on.
      data.lines = { deleteMany: {}, create: await offeringLineRows(tx, patch.lines) };
    }
    const row = Object.keys(data).length
      ? await tx.offeringItem.update({ where: { id }, data, select: itemSelect })
      : await tx.offeringItem.findUniqueOrThrow({ where: { id }, select: itemSelect });
    await writePriceRange(tx, current.categoryId);
    if (moving) await writePriceRange(tx, patch.categoryId!);
    const replacedImage = patch.imageUrl !== undefined && patch.imageUrl !== current.imageUrl ? current.imageUrl : null;
    return { view: toItemView(row), replacedImage };
  });
  await releaseImages(db, storage, [result.replacedImage]);
  return result.view;
}

/** Puts a category's items in a new order (the ids the caller saw, as for reorderCategories). */
export async function reorderItems(db: Db, categoryId: string, ids: string[]): Promise<OfferingCategoryView> {
  await db.$transaction(async (tx) => {
    await lockCategories(tx, [categoryId]);
    const items = await tx.offeringItem.findMany({
      where: { categoryId },
      orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    await writeOrder(
      tx,
      'OfferingItem',
      items.map((item) => item.id),
      ids,
    );
  });
  return getCategory(db, categoryId);
}

export async function deleteItem(db: Db, storage: FileStorage, id: string): Promise<{ id: string }> {
  const imageUrl = await db.$transaction(async (tx) => {
    const before = await tx.offeringItem.findUnique({ where: { id }, select: { categoryId: true } });
    if (!before) throw notFound('item');
    await lockCategories(tx, [before.categoryId], () => notFound('item'));
    const current = await tx.offeringItem.findUnique({ where: { id }, select: { categoryId: true, imageUrl: true } });
    if (!current || current.categoryId !== before.categoryId) throw notFound('item');
    await tx.offeringItem.delete({ where: { id } });
    await writePriceRange(tx, current.categoryId);
    return current.imageUrl;
  });
  await releaseImages(db, storage, [imageUrl]);
  return { id };
}
