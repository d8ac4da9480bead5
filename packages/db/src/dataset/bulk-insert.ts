// Fast bulk loading for the dataset: one INSERT ... SELECT FROM unnest(<one array per column>) per batch.
// Prisma's createMany spends most of its time building and compiling the query in JavaScript (about 25 s
// for 30,000 rows on the 2-core machines); unnest sends each column as one array parameter instead.
// Re-running is harmless: ON CONFLICT DO NOTHING.
import type { Db } from '../client.ts';

/** A column and its PostgreSQL type as used in the cast (e.g. 'uuid', 'text', '"Role"', 'timestamp(3)'). */
export type ColumnSpec<Row> = readonly [column: keyof Row & string, pgType: string];

export async function bulkInsert<Row extends object>(
  db: Db,
  table: string,
  columns: readonly ColumnSpec<Row>[],
  rows: readonly Row[],
  batchSize = 5000,
): Promise<void> {
  const names = columns.map(([column]) => `"${column}"`).join(', ');
  const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const sql = `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays}) ON CONFLICT DO NOTHING`;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const values = columns.map(([column]) =>
      batch.map((row) => {
        const value = row[column] as unknown;
        return value instanceof Date ? value.toISOString() : (value ?? null);
      }),
    );
    await db.$executeRawUnsafe(sql, ...values);
  }
}
