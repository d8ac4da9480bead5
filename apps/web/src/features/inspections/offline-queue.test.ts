import { describe, expect, it } from 'vitest';
import {
  coalesceResult,
  failureKind,
  inOrder,
  mergeFields,
  pendingByItem,
  pendingCount,
  retryDelayMs,
  withPending,
  type PhotoEntry,
  type QueueEntry,
  type ResultEntry,
} from './offline-queue.ts';

const INSPECTION = 'inspection-1';
const result = (seq: number, itemId: string, fields: ResultEntry['fields'], inspectionId = INSPECTION): ResultEntry => ({
  kind: 'result',
  seq,
  inspectionId,
  itemId,
  fields,
  attempts: 0,
});
const photo = (seq: number, itemId: string, photoId: string): PhotoEntry => ({
  kind: 'photo',
  seq,
  inspectionId: INSPECTION,
  itemId,
  photoId,
  blob: new Blob(['jpeg']),
  attempts: 0,
});

describe('mergeFields', () => {
  it('keeps the latest value of each field; a field left out stays, null clears', () => {
    expect(mergeFields({ condition: 'GOOD', note: 'ok' }, { condition: 'URGENT' })).toEqual({ condition: 'URGENT', note: 'ok' });
    expect(mergeFields({ value: 3.2, condition: 'SOON' }, { note: null })).toEqual({ value: 3.2, condition: 'SOON', note: null });
    expect(mergeFields({ note: 'worn' }, { note: undefined })).toEqual({ note: 'worn' });
  });
});

describe('coalesceResult', () => {
  it('merges a new result into the same item’s waiting one, which keeps its place in the queue', () => {
    const queue: QueueEntry[] = [result(1, 'a', { condition: 'GOOD' }), result(2, 'b', { condition: 'SOON' })];
    const entry = coalesceResult(
      queue,
      { inspectionId: INSPECTION, itemId: 'a', fields: { condition: 'URGENT', note: 'cracked' } },
      3,
      null,
    );
    expect(entry).toEqual(result(1, 'a', { condition: 'URGENT', note: 'cracked' }));
  });

  it('queues a new entry when the item has none waiting, or when its waiting one is being sent right now', () => {
    const queue: QueueEntry[] = [result(1, 'a', { condition: 'GOOD' })];
    expect(coalesceResult(queue, { inspectionId: INSPECTION, itemId: 'b', fields: { condition: 'SOON' } }, 5, null).seq).toBe(5);
    const afterInFlight = coalesceResult(queue, { inspectionId: INSPECTION, itemId: 'a', fields: { condition: 'URGENT' } }, 6, 1);
    expect(afterInFlight).toEqual(result(6, 'a', { condition: 'URGENT' }));
  });

  it('never merges across inspections or into a photo', () => {
    const queue: QueueEntry[] = [result(1, 'a', { condition: 'GOOD' }, 'other-inspection'), photo(2, 'a', 'p1')];
    expect(coalesceResult(queue, { inspectionId: INSPECTION, itemId: 'a', fields: { condition: 'SOON' } }, 3, null).seq).toBe(3);
  });
});

describe('failureKind', () => {
  it('retries what did not reach the server or failed there; drops what the server refused', () => {
    expect(failureKind(null)).toBe('retry');
    expect(failureKind(500)).toBe('retry');
    expect(failureKind(502)).toBe('retry');
    expect(failureKind(503)).toBe('retry');
    expect(failureKind(408)).toBe('retry');
    expect(failureKind(429)).toBe('retry');
    expect(failureKind(400)).toBe('refused');
    expect(failureKind(404)).toBe('refused');
    expect(failureKind(409)).toBe('refused');
    expect(failureKind(413)).toBe('refused');
  });
});

describe('retryDelayMs', () => {
  it('doubles from 2 s and stops at a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});

describe('pendingByItem and withPending', () => {
  const queue: QueueEntry[] = [
    photo(4, 'a', 'p2'),
    result(3, 'a', { note: 'worn' }),
    result(1, 'a', { condition: 'SOON', value: 2.5 }),
    photo(2, 'a', 'p1'),
    result(5, 'b', { condition: 'GOOD' }, 'another'),
  ];

  it('gathers an inspection’s waiting fields (in order of entry) and photos per item', () => {
    const pending = pendingByItem(queue, INSPECTION);
    expect([...pending.keys()]).toEqual(['a']);
    expect(pending.get('a')?.fields).toEqual({ condition: 'SOON', value: 2.5, note: 'worn' });
    expect(pending.get('a')?.photos.map((entry) => entry.photoId)).toEqual(['p1', 'p2']);
  });

  it('draws the waiting values over the server’s, and leaves an item with nothing waiting as it is', () => {
    const server = { condition: 'GOOD' as const, value: 4, note: null };
    expect(withPending(server, pendingByItem(queue, INSPECTION).get('a'))).toEqual({ condition: 'SOON', value: 2.5, note: 'worn' });
    expect(withPending(server, undefined)).toBe(server);
  });

  it('counts what waits, per inspection or in all', () => {
    expect(pendingCount(queue, INSPECTION)).toBe(4);
    expect(pendingCount(queue)).toBe(5);
  });

  it('sends in order of entry', () => {
    expect(inOrder(queue).map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});
