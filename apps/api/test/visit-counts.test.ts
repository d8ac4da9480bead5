// The list-total cache: fresh hits, one shared count, stale answers while one background recount runs, and
// writes dropping everything (so a recount started before a write is never stored).
import { beforeEach, describe, expect, it } from 'vitest';
import { cachedVisitCount, configureVisitCountCache, invalidateVisitCounts } from '../src/modules/visits/visit-counts.ts';

const TTL = 5_000;

/** A count answering 1, 2, 3... in call order. */
function sequence() {
  const count = Object.assign(() => Promise.resolve(++count.calls), { calls: 0 });
  return count;
}

/** A count that answers only when the test resolves it. */
function deferred() {
  const resolvers: ((value: number) => void)[] = [];
  return Object.assign(() => new Promise<number>((resolve) => resolvers.push(resolve)), { resolvers });
}

beforeEach(() => configureVisitCountCache({ ttlMs: TTL }));

describe('visit list totals cache', () => {
  it('shares one count between concurrent requests and answers from the cache until the TTL', async () => {
    const count = deferred();
    const first = cachedVisitCount('k', count, 0);
    const second = cachedVisitCount('k', count, 10);
    expect(count.resolvers).toHaveLength(1);
    count.resolvers[0]!(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(await cachedVisitCount('k', count, TTL - 1)).toBe(7);
    expect(count.resolvers).toHaveLength(1);
  });

  it('answers an expired total at once while one background recount replaces it', async () => {
    const count = sequence();
    await cachedVisitCount('k', count, 0);
    expect(await cachedVisitCount('k', count, TTL + 1)).toBe(1); // stale; the recount has started
    expect(await cachedVisitCount('k', count, TTL + 2)).toBe(2); // the recount, now fresh
    expect(count.calls).toBe(2);
  });

  it('starts only one recount however many requests see the expired total', async () => {
    await cachedVisitCount('k', sequence(), 0);
    const recount = deferred();
    const answers = await Promise.all([1, 2, 3].map((offset) => cachedVisitCount('k', recount, TTL + offset)));
    expect(answers).toEqual([1, 1, 1]);
    expect(recount.resolvers).toHaveLength(1);
  });

  it('waits for a fresh count once the total is older than two TTLs', async () => {
    const count = sequence();
    await cachedVisitCount('k', count, 0);
    expect(await cachedVisitCount('k', count, 2 * TTL + 1)).toBe(2);
  });

  it('never stores a recount that was running when a write dropped the totals', async () => {
    await cachedVisitCount('k', sequence(), 0);
    const recount = deferred();
    expect(await cachedVisitCount('k', recount, TTL + 1)).toBe(1);
    invalidateVisitCounts();
    recount.resolvers[0]!(99);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cachedVisitCount('k', () => Promise.resolve(2), TTL + 2)).toBe(2);
  });

  it('does not keep a failed count', async () => {
    await expect(cachedVisitCount('k', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cachedVisitCount('k', () => Promise.resolve(4), 1)).toBe(4);
  });

  it('counts every time when disabled', async () => {
    configureVisitCountCache({ ttlMs: 0 });
    const count = sequence();
    expect(await cachedVisitCount('k', count, 0)).toBe(1);
    expect(await cachedVisitCount('k', count, 0)).toBe(2);
  });
});
