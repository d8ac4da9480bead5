// Cookieless visitor ids (as Plausible does): hash(salt of the day + IP + user agent), 64 bits. The salt is
// random, made once per UTC day by whichever instance needs it first and shared through AnalyticsSalt, so
// every instance computes the same id; salts older than yesterday are deleted, after which nobody (the
// shop included) can link a stored id back to an IP address or to another day's visits.
import { hash, randomBytes } from 'node:crypto';
import type { Pool } from '@garage/db/pg';

export class VisitorIds {
  private current: { from: number; until: number; salt: Buffer } | undefined;
  private loading: Promise<Buffer> | undefined;

  constructor(private readonly pool: Pool) {}

  /** The salt of the UTC day of `nowMs` when this instance already has it (every beacon but the day's first). */
  known(nowMs: number): Buffer | undefined {
    const current = this.current;
    return current && nowMs >= current.from && nowMs < current.until ? current.salt : undefined;
  }

  /** The salt of `now`'s UTC day, read (or created) in the database once per day and instance. */
  async salt(now = new Date()): Promise<Buffer> {
    const known = this.known(now.getTime());
    if (known) return known;
    const day = now.toISOString().slice(0, 10);
    this.loading ??= this.load(day).finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async load(day: string): Promise<Buffer> {
    await this.pool.query(`INSERT INTO "AnalyticsSalt" (day, salt) VALUES ($1::date, $2) ON CONFLICT (day) DO NOTHING`, [
      day,
      randomBytes(32),
    ]);
    const { rows } = await this.pool.query<{ salt: Buffer }>(`SELECT salt FROM "AnalyticsSalt" WHERE day = $1::date`, [day]);
    await this.pool.query(`DELETE FROM "AnalyticsSalt" WHERE day < $1::date - 1`, [day]);
    const salt = rows[0]!.salt;
    const from = Date.parse(`${day}T00:00:00Z`);
    this.current = { from, until: from + 86_400_000, salt };
    return salt;
  }

  /** A signed 64-bit id (PostgreSQL bigint). */
  static hash(salt: Buffer, ip: string, userAgent: string): bigint {
    // One-shot hashing (no Hash object): the same bytes, salt then "ip\0agent", as an incremental hash.
    return hash('sha256', Buffer.concat([salt, Buffer.from(`${ip}\u0000${userAgent}`)]), 'buffer').readBigInt64BE(0);
  }
}
