// PostgreSQL stopped for 5 s under a mixed load and started again (bench/lib/restart-drill.ts, on its own
// throwaway cluster so the shared test database is untouched): while it is down the app answers 503 quickly
// (never a hang, a 500 or a dropped connection), it is healthy again within 5 s of the database's return,
// and every write it answered 2xx is in the database.
import { describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS } from '@garage/db/client';
import { runRestartDrill } from '../bench/lib/restart-drill.ts';

describe('database restart under load', () => {
  it('answers 503 while PostgreSQL is down, recovers within 5 s, and loses no acknowledged write', async () => {
    const figures = await runRestartDrill({ connections: 10, beforeMs: 2_000, afterMs: 2_000, outageMs: 5_000 });

    expect(figures.outage.statuses['503'] ?? 0).toBeGreaterThan(0);
    // Only successes (before the shutdown took hold) and 503s while it was down.
    expect(Object.keys(figures.outage.statuses).every((status) => status === '503' || status.startsWith('2'))).toBe(true);
    expect(figures.unanswered).toBe(0);
    expect(figures.serverErrors).toBe(0);
    // Bounded: at worst the wait for a pooled connection (plus a busy CI machine), never the client's 10 s.
    expect(figures.outage.maxMs).toBeLessThan(CONNECT_TIMEOUT_MS + 4_000);
    expect(figures.timeToHealthyMs).toBeLessThan(5_000);
    expect(figures.failuresAfterRecovery).toBe(0);
    expect(figures.writesAcknowledged).toBeGreaterThan(0);
    expect(figures.acknowledgedMissing).toBe(0);
    expect(figures.writesFound).toBeGreaterThanOrEqual(figures.writesAcknowledged);
  }, 90_000);
});
