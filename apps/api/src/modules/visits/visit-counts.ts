// Totals for the visits list's pagination, cached briefly. Counting 200,000 visits costs far more than
// reading a page of 10 (see docs/performance.md "Visits list"), and the total only changes when a visit changes, so
// every instance drops every cached total on any visit write: the write announces it in its transaction
// (lib/change-notices.ts, LISTEN/NOTIFY), so another instance's total is fresh on the next request; the TTL
// only bounds staleness while an instance's LISTEN connection is down. Concurrent requests for the same
// total share one count. Page items are always fresh.
//
// An expired total is still answered for one more TTL while a single background count replaces it: under
// load, making the unlucky request (and every request queued behind the same key) wait for the recount put
// a 250 ms stall into the busiest list every five seconds (bench/visits-list.ts p99).
import { onChange } from '../../lib/change-notices.ts';

const MAX_ENTRIES = 500;
let ttlMs = 5_000;

interface Entry {
  value: Promise<number>;
  expiresAt: number;
  refreshing: boolean;
}
const cache = new Map<string, Entry>();
onChange('visits', () => cache.clear());

/** The benchmark measures the uncached cost with ttlMs 0. */
export function configureVisitCountCache(options: { ttlMs: number }): void {
  ttlMs = options.ttlMs;
  cache.clear();
}

function store(key: string, value: Promise<number>, now: number): Entry {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const entry: Entry = { value, expiresAt: now + ttlMs, refreshing: false };
  cache.set(key, entry);
  // A failed count must not be served from the cache.
  value.catch(() => cache.get(key) === entry && cache.delete(key));
  return entry;
}

export function cachedVisitCount(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
  if (ttlMs <= 0) return count();
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.value;
  if (hit && hit.expiresAt + ttlMs > now) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      const fresh = count();
      // Stored only if no write dropped the entry meanwhile; on failure the next request tries again.
      fresh.then(
        () => cache.get(key) === hit && store(key, fresh, Date.now()),
        () => (hit.refreshing = false),
      );
    }
    return hit.value;
  }
  return store(key, count(), now).value;
}

export function invalidateVisitCounts(): void {
  cache.clear();
}
