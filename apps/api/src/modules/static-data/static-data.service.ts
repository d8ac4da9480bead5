// Static data: the reference lists forms offer (colours, brands, engine and oil types, vehicle types).
// Names are unique per type; each entry may carry a label per language (the screens show it, falling back
// to the name). Deleting an entry only removes it from the lists: vehicles keep their text.
import type { Db } from '@garage/db';
import type { StaticDataLabels, StaticDataView } from '@garage/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import { uniqueViolationFields } from '../../lib/unique-violation.ts';

type StaticDataType = StaticDataView['type'];

const select = { id: true, name: true, type: true, labels: true, createdAt: true, updatedAt: true } as const;

/** What the services take: the parsed input (labels already without blanks). */
interface StaticDataWrite {
  name: string;
  type: StaticDataType;
  labels?: StaticDataLabels;
}

function toView(row: {
  id: string;
  name: string;
  type: StaticDataType;
  labels: unknown;
  createdAt: Date;
  updatedAt: Date;
}): StaticDataView {
  return {
    ...row,
    labels: (row.labels ?? {}) as StaticDataLabels,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const nameTaken = () => new AppError('CONFLICT', 'staticData.nameTaken', { field: 'name' });

async function withNameConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationFields(error)) throw nameTaken();
    throw error;
  }
}

/** Case-insensitive: "white" next to "White" would only confuse the forms. */
async function assertNameFree(db: Db, input: StaticDataWrite, exceptId?: string): Promise<void> {
  const clash = await db.staticData.findFirst({
    where: { type: input.type, name: { equals: input.name, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw nameTaken();
}

export async function listStaticData(db: Db, type?: StaticDataType): Promise<StaticDataView[]> {
  const rows = await db.staticData.findMany({ where: type ? { type } : {}, orderBy: [{ type: 'asc' }, { name: 'asc' }], select });
  return rows.map(toView);
}

export async function createStaticData(db: Db, input: StaticDataWrite): Promise<StaticDataView> {
  await assertNameFree(db, input);
  return toView(
    await withNameConflict(() =>
      db.staticData.create({ data: { name: input.name, type: input.type, labels: input.labels ?? {} }, select }),
    ),
  );
}

/** Labels left out keep the entry's labels (callers from before labels existed send name and type only). */
export async function updateStaticData(db: Db, id: string, input: StaticDataWrite): Promise<StaticDataView> {
  const existing = await db.staticData.findUnique({ where: { id }, select: { id: true } });
  if (!existing) throw notFound('staticData');
  await assertNameFree(db, input, id);
  const data = { name: input.name, type: input.type, ...(input.labels ? { labels: input.labels } : {}) };
  return toView(await withNameConflict(() => db.staticData.update({ where: { id }, data, select })));
}

export async function deleteStaticData(db: Db, id: string): Promise<{ id: string }> {
  const deleted = await db.staticData.deleteMany({ where: { id } });
  if (deleted.count === 0) throw notFound('staticData');
  return { id };
}
