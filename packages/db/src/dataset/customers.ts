// Dataset customers: CLIENT accounts with realistic, unique names, usernames, emails and phone numbers.
// Deterministic for a given seed; rows are written in batches (bulk-insert.ts), and loading the same dataset
// twice adds nothing.
import { LANGUAGES } from '@garage/shared';
import type { Db } from '../client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { createRandom, seedId } from '../seed/ids.ts';
import { bulkInsert, type ColumnSpec } from './bulk-insert.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';

export interface CustomerOptions {
  count?: number;
  seed?: number;
  batchSize?: number;
  /** Rows are dated over the three years before this moment. */
  until?: Date;
}

export interface GeneratedCustomer {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  phoneNumber: string;
}

const THREE_YEARS_MS = 3 * 365 * 24 * 3600_000;
/** A fixed default keeps the dataset identical from one run to the next. */
export const DATASET_EPOCH = new Date('2026-01-01T00:00:00Z');

export function buildCustomers({ count = 10_000, seed = 1, until = DATASET_EPOCH }: CustomerOptions = {}): Prisma.UserCreateManyInput[] {
  const random = createRandom(seed);
  const rows: Prisma.UserCreateManyInput[] = [];
  for (let index = 0; index < count; index++) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const slug = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    const username = `${slug}.${seed}.${index}`;
    const createdAt = new Date(until.getTime() - THREE_YEARS_MS + Math.floor((index / count) * THREE_YEARS_MS) + random.int(0, 3600_000));
    rows.push({
      id: seedId(`dataset:${seed}:user:${index}`),
      firstName,
      lastName,
      username,
      email: `${username}@dataset.garage`,
      countryCode: random.pick(['+1', '+33', '+212', '+961']),
      // Unique per (seed, index): 6 + seed (2 digits) + index (7 digits).
      phoneNumber: `6${String(seed % 100).padStart(2, '0')}${String(index).padStart(7, '0')}`,
      role: 'CLIENT',
      age: random.int(18, 85),
      verified: random.chance(0.8),
      active: random.chance(0.95),
      preferredLanguage: random.pick(LANGUAGES),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}

const USER_COLUMNS: ColumnSpec<Prisma.UserCreateManyInput>[] = [
  ['id', 'uuid'],
  ['firstName', 'text'],
  ['lastName', 'text'],
  ['username', 'text'],
  ['email', 'text'],
  ['countryCode', 'text'],
  ['phoneNumber', 'text'],
  ['role', '"Role"'],
  ['age', 'int4'],
  ['verified', 'bool'],
  ['active', 'bool'],
  ['preferredLanguage', '"Language"'],
  ['createdAt', 'timestamp(3)'],
  ['updatedAt', 'timestamp(3)'],
];

export async function generateCustomers(db: Db, options: CustomerOptions = {}): Promise<GeneratedCustomer[]> {
  const rows = buildCustomers(options);
  await bulkInsert(db, 'User', USER_COLUMNS, rows, options.batchSize);
  return rows.map((row) => ({
    id: row.id!,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    phoneNumber: row.phoneNumber!,
  }));
}
