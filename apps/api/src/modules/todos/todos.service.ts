// The staff to-do list: one shared list with active and completed tabs. Completing sets completedAt,
// reopening clears it.
import type { Db, Prisma } from '@garage/db';
import { queryRows } from '@garage/db/client';
import type { TodoList, TodoTab, TodoView } from '@garage/shared';
import { notFound } from '../../lib/errors.ts';
import { isoInstant } from '../visits/visit-views.ts';
import type { Session } from '../../session/session.ts';

const todoColumns = {
  id: true,
  title: true,
  description: true,
  completed: true,
  completedAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.TodoTaskSelect;
const todoSelect = { ...todoColumns, createdBy: { select: { id: true, firstName: true, lastName: true } } } satisfies Prisma.TodoTaskSelect;
type TodoRow = Prisma.TodoTaskGetPayload<{ select: typeof todoSelect }>;

function toTodoView(row: TodoRow): TodoView {
  return {
    ...row,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Epoch milliseconds of a `timestamp` column (UTC), formatted by isoInstant. */
const epochMs = (column: string) => `(date_part('epoch', ${column}) * 1000)::int8`;

interface TodoListRow {
  active: number;
  completedCount: number;
  /** Null in the single row of an empty page. */
  id: string | null;
  title: string;
  description: string;
  completed: boolean;
  /** Epoch milliseconds in text (int8). */
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** [id, firstName, lastName]; null when nobody (a deleted account) is recorded. */
  createdBy: [string, string, string] | null;
}

/**
 * Both counts and the page in one prepared statement per tab (through Prisma: three statements). A page
 * past the end answers the last page: its offset is computed from the tab's count in the same statement.
 */
function todoListSql(completed: boolean): string {
  const order = completed ? 't."completedAt" DESC, t.id DESC' : 't."createdAt" ASC, t.id ASC';
  return `WITH counts AS (
  SELECT (count(*) FILTER (WHERE NOT completed))::int AS active, (count(*) FILTER (WHERE completed))::int AS "completedCount" FROM "TodoTask"),
page AS (
  SELECT t.id, t.title, t.description, t.completed, ${epochMs('t."completedAt"')} AS "completedAt", ${epochMs('t."createdAt"')} AS "createdAt",
    ${epochMs('t."updatedAt"')} AS "updatedAt", t."completedAt" AS "sortCompletedAt", t."createdAt" AS "sortCreatedAt",
    (SELECT ARRAY[u.id::text, u."firstName", u."lastName"] FROM "User" u WHERE u.id = t."createdById") AS "createdBy"
  FROM "TodoTask" t WHERE t.completed = ${completed}
  ORDER BY ${order} LIMIT $1::int
  OFFSET (SELECT (least($2::int, greatest(1, ceil(${completed ? '"completedCount"' : 'active'} / $1::numeric)::int)) - 1) * $1::int FROM counts))
SELECT counts.active, counts."completedCount", page.id, page.title, page.description, page.completed, page."completedAt", page."createdAt",
  page."updatedAt", page."createdBy"
FROM counts LEFT JOIN page ON true ORDER BY ${order.replaceAll('t."completedAt"', 'page."sortCompletedAt"').replaceAll('t."createdAt"', 'page."sortCreatedAt"').replaceAll('t.id', 'page.id')}`;
}
const TODO_LIST_SQL = { active: todoListSql(false), completed: todoListSql(true) };

/**
 * Active: oldest first (a queue); completed: most recently done first. A page at a time: the completed tab
 * grows forever. A page past the end answers the last page.
 */
export async function listTodos(db: Db, input: { tab: TodoTab; page: number; pageSize: number }): Promise<TodoList> {
  const completed = input.tab === 'completed';
  const rows = await queryRows<TodoListRow>(
    db,
    { text: TODO_LIST_SQL[input.tab], values: [input.pageSize, input.page] },
    { prepare: true },
  );
  const counts = { active: rows[0]?.active ?? 0, completed: rows[0]?.completedCount ?? 0 };
  const total = completed ? counts.completed : counts.active;
  const pageCount = Math.max(1, Math.ceil(total / input.pageSize));
  const items: TodoView[] = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id!,
      title: row.title,
      description: row.description,
      completed: row.completed,
      completedAt: row.completedAt === null ? null : isoInstant(row.completedAt),
      createdBy: row.createdBy && { id: row.createdBy[0], firstName: row.createdBy[1], lastName: row.createdBy[2] },
      createdAt: isoInstant(row.createdAt),
      updatedAt: isoInstant(row.updatedAt),
    }));
  return { items, counts, total, page: Math.min(input.page, pageCount), pageSize: input.pageSize, pageCount };
}

export async function createTodo(db: Db, actor: Session, input: { title: string; description: string }): Promise<TodoView> {
  // The insert alone (Prisma wraps an insert that reads a relation back in a transaction of four more
  // statements) and the author's name beside it: the author is the caller, known before the insert.
  const [row, [author]] = await Promise.all([
    db.todoTask.create({ data: { ...input, createdById: actor.userId }, select: todoColumns }),
    queryRows<{ id: string; firstName: string; lastName: string }>(
      db,
      { text: 'SELECT id, "firstName", "lastName" FROM "User" WHERE id = $1::uuid', values: [actor.userId] },
      { prepare: true },
    ),
  ]);
  return toTodoView({ ...row, createdBy: author ?? null });
}

async function assertExists(db: Db, id: string) {
  const found = await db.todoTask.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw notFound('todo');
}

export async function updateTodo(db: Db, id: string, input: { title: string; description: string }): Promise<TodoView> {
  await assertExists(db, id);
  return toTodoView(await db.todoTask.update({ where: { id }, data: input, select: todoSelect }));
}

export async function setTodoCompleted(db: Db, id: string, completed: boolean, now = new Date()): Promise<TodoView> {
  await assertExists(db, id);
  const row = await db.todoTask.update({
    where: { id },
    data: { completed, completedAt: completed ? now : null },
    select: todoSelect,
  });
  return toTodoView(row);
}

export async function deleteTodo(db: Db, id: string): Promise<{ id: string }> {
  await assertExists(db, id);
  await db.todoTask.delete({ where: { id } });
  return { id };
}
