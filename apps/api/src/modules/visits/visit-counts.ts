// Totals for the visits list's pagination, cached briefly. Counting 200,000 visits costs far more than
// reading a page of 10 (see ARCHITECTURE.md "Visits"), and the total only changes when a visit changes, so
// this process drops every cached total on any visit write; the TTL bounds the staleness caused by writes
// from other processes. Concurrent requests for the same total share one count. Page items are always fresh.
const MAX_ENTRIES = 500;
let ttlMs = 5_000;
const cache = new Map<string, { value: Promise<number>; expiresAt: number }>();

/** The benchmark measures the uncached cost with ttlMs 0. */
export function configureVisitCountCache(options: { ttlMs: number }): void {
  ttlMs = options.ttlMs;
  cache.clear();
}

export function cachedVisitCount(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.value;
  const value = count();
  if (ttlMs <= 0) return value;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const entry = { value, expiresAt: now + ttlMs };
  cache.set(key, entry);
  // A failed count must not be served from the cache.
  value.catch(() => cache.get(key) === entry && cache.delete(key));
  return value;
}

export function invalidateVisitCounts(): void {
  cache.clear();
}
