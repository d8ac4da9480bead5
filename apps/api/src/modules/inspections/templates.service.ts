// Inspection templates (issue #29): the checklists an inspection is started from. Staff write them; an
// inspection copies its template's items when it starts, so editing, archiving or erasing a template never
// changes an inspection already started. Values are plain numbers in the API and thousandths in the database.
import { Prisma, type Db } from '@garage/db';
import {
  cleanTemplateItem,
  fromMilli,
  hasSomeText,
  templateItemProblems,
  toMilli,
  type InspectionTemplateView,
  type LocalizedInput,
  type TemplateItem,
  type TemplateItemInput,
  type TemplateSummary,
} from '@garage/shared';
import { AppError, type FieldErrorCodes } from '../../lib/errors.ts';
import { versionConflict } from '../visits/visit-state.ts';
import { localized } from '../offering/offering.service.ts';

type Tx = Prisma.TransactionClient;
type Localized = Record<string, string>;

export interface TemplateWrite {
  name?: LocalizedInput;
  description?: LocalizedInput | null;
  sortOrder?: number;
  items?: TemplateItemInput[];
}

export const templateNotFound = () => new AppError('NOT_FOUND', 'inspections.templateNotFound');

/**
 * An item's definition, the same columns on a template item and on the inspection item copied from it
 * (inspection-views.ts reads it with the result besides).
 */
export const ITEM_DEFINITION_SELECT = {
  id: true,
  position: true,
  section: true,
  label: true,
  key: true,
  kind: true,
  unit: true,
  minMilli: true,
  maxMilli: true,
  amberAtMilli: true,
  redAtMilli: true,
  lowerIsWorse: true,
  photoRequired: true,
  offeringItem: { select: { id: true, title: true, priceCents: true } },
} as const;
const ITEM_SELECT = ITEM_DEFINITION_SELECT satisfies Prisma.InspectionTemplateItemSelect;
type ItemRow = Prisma.InspectionTemplateItemGetPayload<{ select: typeof ITEM_SELECT }>;

const SUMMARY_SELECT = {
  id: true,
  name: true,
  description: true,
  sortOrder: true,
  archivedAt: true,
  version: true,
  _count: { select: { items: true, inspections: true } },
} satisfies Prisma.InspectionTemplateSelect;
type SummaryRow = Prisma.InspectionTemplateGetPayload<{ select: typeof SUMMARY_SELECT }>;

const milliToValue = (milli: number | null) => (milli === null ? null : fromMilli(milli));
const valueToMilli = (value: number | null | undefined) => (value === null || value === undefined ? null : toMilli(value));

function toSummary(row: SummaryRow): TemplateSummary {
  return {
    id: row.id,
    name: localized(row.name) ?? {},
    description: localized(row.description),
    sortOrder: row.sortOrder,
    archived: row.archivedAt !== null,
    itemCount: row._count.items,
    usedCount: row._count.inspections,
    version: row.version,
  };
}

function toItem(row: ItemRow): TemplateItem {
  return {
    id: row.id,
    position: row.position,
    section: localized(row.section) ?? {},
    label: localized(row.label) ?? {},
    key: row.key,
    kind: row.kind,
    unit: row.unit,
    minValue: milliToValue(row.minMilli),
    maxValue: milliToValue(row.maxMilli),
    amberAt: milliToValue(row.amberAtMilli),
    redAt: milliToValue(row.redAtMilli),
    lowerIsWorse: row.lowerIsWorse,
    photoRequired: row.photoRequired,
    offeringItem: row.offeringItem
      ? { id: row.offeringItem.id, title: localized(row.offeringItem.title) ?? {}, priceCents: row.offeringItem.priceCents }
      : null,
  };
}

/** Archived ones hidden unless asked; by the shop's order, then by name. */
export async function listTemplates(db: Db, input: { includeArchived: boolean }): Promise<TemplateSummary[]> {
  const rows = await db.inspectionTemplate.findMany({
    where: input.includeArchived ? {} : { archivedAt: null },
    select: SUMMARY_SELECT,
    orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }],
  });
  const nameOf = (row: SummaryRow) => {
    const name = localized(row.name) ?? {};
    return name.en ?? name.fr ?? name.ar ?? '';
  };
  return rows.sort((a, b) => a.sortOrder - b.sortOrder || nameOf(a).localeCompare(nameOf(b))).map(toSummary);
}

export async function getTemplate(db: Db | Tx, id: string): Promise<InspectionTemplateView> {
  const row = await db.inspectionTemplate.findUnique({
    where: { id },
    select: { ...SUMMARY_SELECT, items: { select: ITEM_SELECT, orderBy: { position: 'asc' } } },
  });
  if (!row) throw templateNotFound();
  return { ...toSummary(row), items: row.items.map(toItem) };
}

export async function createTemplate(db: Db, input: Required<Pick<TemplateWrite, 'name' | 'items'>> & TemplateWrite) {
  const name = requiredText(input.name, 'name');
  const id = await db.$transaction(async (tx) => {
    const items = await checkedItems(tx, input.items);
    const created = await tx.inspectionTemplate.create({
      data: {
        name,
        description: descriptionValue(input.description),
        sortOrder: input.sortOrder ?? (await nextSortOrder(tx)),
        items: { create: items.map((item, index) => itemColumns(item, index)) },
      },
      select: { id: true },
    });
    return created.id;
  });
  return getTemplate(db, id);
}

/**
 * Only the fields sent change. `items`, when sent, is the whole list in its new order: an item naming its id
 * is updated in place (its id kept), one without is created, and the template's items left out are deleted.
 */
export async function updateTemplate(db: Db, id: string, version: number, patch: TemplateWrite): Promise<InspectionTemplateView> {
  const name = patch.name === undefined ? undefined : requiredText(patch.name, 'name');
  await db.$transaction(async (tx) => {
    // Checked inside the transaction: a canned job named here is read where the items are written.
    const items = patch.items === undefined ? undefined : await checkedItems(tx, patch.items);
    // The version check and the row lock in one statement: a concurrent edit waits, then finds a new version.
    const { count } = await tx.inspectionTemplate.updateMany({
      where: { id, version },
      data: {
        version: { increment: 1 },
        ...(name !== undefined && { name }),
        ...(patch.description !== undefined && { description: descriptionValue(patch.description) }),
        ...(patch.sortOrder !== undefined && { sortOrder: patch.sortOrder }),
      },
    });
    if (count === 0) {
      const exists = await tx.inspectionTemplate.findUnique({ where: { id }, select: { id: true } });
      throw exists ? versionConflict() : templateNotFound();
    }
    if (items) await replaceItems(tx, id, items);
  });
  return getTemplate(db, id);
}

async function replaceItems(tx: Tx, templateId: string, items: TemplateItemInput[]) {
  const existing = new Set(
    (await tx.inspectionTemplateItem.findMany({ where: { templateId }, select: { id: true } })).map((row) => row.id),
  );
  const kept = new Set<string>();
  items.forEach((item, index) => {
    // An id of another template (or the same id twice) is not an item of this template.
    if (item.id && (!existing.has(item.id) || kept.has(item.id))) {
      throw new AppError('NOT_FOUND', 'inspections.itemNotFound', { field: `items.${index}.id` });
    }
    if (item.id) kept.add(item.id);
  });
  await tx.inspectionTemplateItem.deleteMany({ where: { templateId, id: { notIn: [...kept] } } });
  for (const [index, item] of items.entries()) {
    const columns = itemColumns(item, index);
    if (item.id) await tx.inspectionTemplateItem.update({ where: { id: item.id }, data: columns });
    else await tx.inspectionTemplateItem.create({ data: { ...columns, templateId } });
  }
}

/** A used template is archived (its inspections keep pointing at it); an unused one is erased. */
export async function deleteTemplate(db: Db, id: string): Promise<{ id: string; archived: boolean }> {
  return db.$transaction(async (tx) => {
    const row = await tx.inspectionTemplate.findUnique({
      where: { id },
      select: { archivedAt: true, _count: { select: { inspections: true } } },
    });
    if (!row) throw templateNotFound();
    if (row._count.inspections > 0) {
      if (!row.archivedAt)
        await tx.inspectionTemplate.update({ where: { id }, data: { archivedAt: new Date(), version: { increment: 1 } } });
      return { id, archived: true };
    }
    await tx.inspectionTemplate.delete({ where: { id } });
    return { id, archived: false };
  });
}

export async function restoreTemplate(db: Db, id: string): Promise<InspectionTemplateView> {
  // Restoring one that is not archived changes nothing (answered as it is); a missing one is 404 in getTemplate.
  await db.inspectionTemplate.updateMany({
    where: { id, archivedAt: { not: null } },
    data: { archivedAt: null, version: { increment: 1 } },
  });
  return getTemplate(db, id);
}

// ---------------------------------------------------------------------------------------------------------
// Validation: every problem of every item at once, each named `items.<index>.<field>` as the form lays it out.

function requiredText(text: LocalizedInput, field: string): Localized {
  if (!hasSomeText(text)) throw new AppError('VALIDATION', 'required', { field, params: { fieldName: field } });
  return cleanText(text);
}

function cleanText(text: LocalizedInput): Localized {
  return Object.fromEntries(
    Object.entries(text)
      .filter((entry): entry is [string, string] => !!entry[1]?.trim())
      .map(([k, v]) => [k, v.trim()]),
  );
}

function descriptionValue(description: LocalizedInput | null | undefined) {
  const text = description ? cleanText(description) : {};
  return Object.keys(text).length ? text : Prisma.DbNull;
}

async function checkedItems(db: Db | Tx, items: TemplateItemInput[]): Promise<TemplateItemInput[]> {
  const cleaned = items.map((item) => {
    const key = item.key?.trim() || null;
    return cleanTemplateItem({ ...item, key });
  });
  const fieldErrors: FieldErrorCodes = {};
  const add = (field: string, code: FieldErrorCodes[string][number]['code'], params = {}) => {
    (fieldErrors[field] ??= []).push({ code, params });
  };
  const keys = new Set<string>();
  cleaned.forEach((item, index) => {
    for (const field of ['section', 'label'] as const) {
      if (!hasSomeText(item[field])) add(`items.${index}.${field}`, 'required', { fieldName: field });
    }
    if (item.key) {
      if (keys.has(item.key)) add(`items.${index}.key`, 'inspections.keyTaken');
      keys.add(item.key);
    }
    for (const problem of templateItemProblems(item)) add(`items.${index}.${problem.field}`, problem.code, problem.params);
  });
  const first = Object.entries(fieldErrors)[0];
  if (first) throw new AppError('VALIDATION', first[1][0]!.code, { params: first[1][0]!.params, fieldErrors });

  // The canned job of a finding must exist (the first missing one is named).
  const offeringIds = [...new Set(cleaned.flatMap((item) => (item.offeringItemId ? [item.offeringItemId] : [])))];
  if (offeringIds.length > 0) {
    const found = new Set(
      (await db.offeringItem.findMany({ where: { id: { in: offeringIds } }, select: { id: true } })).map((row) => row.id),
    );
    const missing = cleaned.findIndex((item) => item.offeringItemId && !found.has(item.offeringItemId));
    if (missing >= 0) throw new AppError('NOT_FOUND', 'missing.item', { field: `items.${missing}.offeringItemId` });
  }
  return cleaned;
}

function itemColumns(item: TemplateItemInput, position: number) {
  return {
    position,
    section: cleanText(item.section),
    label: cleanText(item.label),
    key: item.key ?? null,
    kind: item.kind,
    unit: item.unit ?? null,
    minMilli: valueToMilli(item.minValue),
    maxMilli: valueToMilli(item.maxValue),
    amberAtMilli: valueToMilli(item.amberAt),
    redAtMilli: valueToMilli(item.redAt),
    lowerIsWorse: item.lowerIsWorse,
    photoRequired: item.photoRequired,
    offeringItemId: item.offeringItemId ?? null,
  };
}

/** A new template goes last unless it says where. */
async function nextSortOrder(tx: Tx): Promise<number> {
  const last = await tx.inspectionTemplate.aggregate({ _max: { sortOrder: true } });
  return (last._max.sortOrder ?? 0) + 10;
}
