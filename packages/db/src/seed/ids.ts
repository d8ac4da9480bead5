// Deterministic ids and pseudo-random data, so the seed is idempotent: running it again produces the same
// ids, and `createMany({ skipDuplicates: true })` leaves existing (possibly edited) rows alone.
import { createHash } from 'node:crypto';

export function seedId(key: string): string {
  const hex = createHash('sha1').update(`garage-seed:${key}`).digest('hex');
  // Shaped like a UUIDv5 so it is a valid uuid column value.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** mulberry32: small, fast, reproducible. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof createRandom>;
