// Keyset paging of histories that grow with time (historyWindowSchema in packages/shared): rows newest first
// by (createdAt, id), the next window starting strictly after the cursor row. Unlike OFFSET, the cost does
// not grow with the depth, and rows recorded meanwhile neither shift nor repeat what was already shown.
import { fieldError } from './errors.ts';

export interface CursorRow {
  id: string;
  createdAt: Date;
}

/** The cursor's row, found within the same list (`where` names its parent); a cursor from elsewhere is a 400. */
export async function cursorRow(
  table: { findFirst(args: { where: Record<string, unknown>; select: { id: true; createdAt: true } }): Promise<CursorRow | null> },
  where: { id: string } & Record<string, unknown>,
): Promise<CursorRow> {
  const row = await table.findFirst({ where, select: { id: true, createdAt: true } });
  if (!row) throw fieldError('before', 'format', { fieldName: 'before' });
  return row;
}

/** Rows older than the cursor in (createdAt desc, id desc) order; no condition without a cursor. */
export function olderThanWhere(cursor: CursorRow | null) {
  if (!cursor) return {};
  return { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] };
}
