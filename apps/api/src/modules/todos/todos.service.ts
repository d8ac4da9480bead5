// The staff to-do list: one shared list with active and completed tabs. Completing sets completedAt,
// reopening clears it.
import type { Db, Prisma } from '@garage/db';
import type { TodoList, TodoTab, TodoView } from '@garage/shared';
import { notFound } from '../../lib/errors.ts';
import type { Session } from '../../session/session.ts';

const todoSelect = {
  id: true,
  title: true,
  description: true,
  completed: true,
  completedAt: true,
  createdAt: true,
  updatedAt: true,
  createdBy: { select: { id: true, firstName: true, lastName: true } },
} satisfies Prisma.TodoTaskSelect;
type TodoRow = Prisma.TodoTaskGetPayload<{ select: typeof todoSelect }>;

function toTodoView(row: TodoRow): TodoView {
  return {
    ...row,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Active: oldest first (a queue); completed: most recently done first. A page at a time: the completed tab
 * grows forever. A page past the end answers the last page.
 */
export async function listTodos(db: Db, input: { tab: TodoTab; page: number; pageSize: number }): Promise<TodoList> {
  const completed = input.tab === 'completed';
  const counts = await db.todoTask.groupBy({ by: ['completed'], _count: { _all: true } });
  const count = (done: boolean) => counts.find((row) => row.completed === done)?._count._all ?? 0;
  const total = count(completed);
  const pageCount = Math.max(1, Math.ceil(total / input.pageSize));
  const page = Math.min(input.page, pageCount);
  const rows = await db.todoTask.findMany({
    where: { completed },
    orderBy: completed ? [{ completedAt: 'desc' }, { id: 'desc' }] : [{ createdAt: 'asc' }, { id: 'asc' }],
    skip: (page - 1) * input.pageSize,
    take: input.pageSize,
    select: todoSelect,
  });
  return { items: rows.map(toTodoView), counts: { active: count(false), completed: count(true) }, total, page, pageSize: input.pageSize, pageCount };
}

export async function createTodo(db: Db, actor: Session, input: { title: string; description: string }): Promise<TodoView> {
  const row = await db.todoTask.create({ data: { ...input, createdById: actor.userId }, select: todoSelect });
  return toTodoView(row);
}

async function assertExists(db: Db, id: string) {
  const found = await db.todoTask.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw notFound('To-do');
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
