// The installation's one merchant. An empty database gets a neutral one at boot (ensureMerchant), so the
// public site and the merchant calls answer from the first start; the setup screen (or the demo seed) then
// fills it in. `Merchant.singleton` is unique, so however many processes race here there is one row.
import type { Db } from './client.ts';
import type { Prisma } from './generated/prisma/client.ts';

/** What a fresh installation is called until setup names it. */
export const NEUTRAL_MERCHANT = { name: 'garage', displayName: 'Garage', currency: 'USD', timezone: 'UTC', defaultLanguage: 'en' } as const;

/** Advisory-lock key shared by everything that creates the first merchant data or the first admin. */
export const INSTALLATION_LOCK_KEY = 'garage:installation';

type Client = Db | Prisma.TransactionClient;

/** Creates the neutral merchant when none exists; idempotent and safe when several instances start at once. */
export async function ensureMerchant(db: Client): Promise<{ id: string; created: boolean }> {
  const existing = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { id: true } });
  if (existing) return { id: existing.id, created: false };
  // ON CONFLICT DO NOTHING: a concurrent start that got there first wins on the singleton (or name) key.
  const { count } = await db.merchant.createMany({ data: [{ ...NEUTRAL_MERCHANT }], skipDuplicates: true });
  const merchant = await db.merchant.findFirstOrThrow({ orderBy: { createdAt: 'asc' }, select: { id: true } });
  return { id: merchant.id, created: count > 0 };
}

/** Takes the installation lock for the rest of the transaction (first merchant data, first admin). */
export async function lockInstallation(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${INSTALLATION_LOCK_KEY}, 0))`;
}
