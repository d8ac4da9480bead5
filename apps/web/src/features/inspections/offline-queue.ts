// The pure rules of the technician's outbox (issue #29): what waits on the phone, how a newer result of the
// same item replaces an older one still waiting, what a failed request means, when to try again, and how the
// waiting values are drawn over the server's. Storage (IndexedDB, outbox-store.ts) and sending (outbox.ts)
// are elsewhere so these rules are tested without a browser.
import type { InspectionCondition } from '@garage/shared/inspection-rules';
import type { InspectionItemView } from '@garage/shared/schemas/inspections';

/** The fields of one result as the phone sends them: a field left out stays as it is, null clears it. */
export interface ResultFields {
  condition?: InspectionCondition | null;
  value?: number | null;
  note?: string | null;
}

interface EntryBase {
  /** Order of entry on this phone: entries are sent in this order. */
  seq: number;
  inspectionId: string;
  itemId: string;
  /** Failed attempts so far (network or server trouble), for the backoff. */
  attempts: number;
}
export interface ResultEntry extends EntryBase {
  kind: 'result';
  fields: ResultFields;
}
export interface PhotoEntry extends EntryBase {
  kind: 'photo';
  /** Made on the phone (crypto.randomUUID()): the upload is idempotent, a retry never makes a duplicate. */
  photoId: string;
  blob: Blob;
}
export type QueueEntry = ResultEntry | PhotoEntry;

/** The fields of `next` over those of `previous`: the latest value of each field wins. */
export function mergeFields(previous: ResultFields, next: ResultFields): ResultFields {
  const merged: ResultFields = { ...previous };
  for (const key of ['condition', 'value', 'note'] as const) {
    if (next[key] !== undefined) (merged as Record<string, unknown>)[key] = next[key];
  }
  return merged;
}

/**
 * Where a new result goes: merged into the item's result that is still waiting (it keeps its place in the
 * queue), or a new entry at the end when there is none, or when the waiting one is being sent right now
 * (its request carries the old fields: the new ones must follow it).
 */
export function coalesceResult(
  queue: readonly QueueEntry[],
  result: { inspectionId: string; itemId: string; fields: ResultFields },
  nextSeq: number,
  inFlightSeq: number | null,
): ResultEntry {
  const waiting = queue.find(
    (entry): entry is ResultEntry =>
      entry.kind === 'result' && entry.itemId === result.itemId && entry.inspectionId === result.inspectionId && entry.seq !== inFlightSeq,
  );
  if (waiting) return { ...waiting, fields: mergeFields(waiting.fields, result.fields) };
  return { kind: 'result', seq: nextSeq, inspectionId: result.inspectionId, itemId: result.itemId, fields: result.fields, attempts: 0 };
}

/** The queue in sending order. */
export const inOrder = (queue: readonly QueueEntry[]) => [...queue].sort((a, b) => a.seq - b.seq);

/**
 * What a failed request means. No answer (offline, a dropped connection), a server error or a gateway's 503,
 * a timeout (408) or "too many requests" (429): try again later. Any other 4xx is the server's refusal of
 * this very result (a value out of range, a completed inspection): retrying cannot help, show it and drop it.
 */
export function failureKind(status: number | null): 'retry' | 'refused' {
  if (status === null) return 'retry';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'refused';
  return 'retry';
}

/** Delay before the next try after `attempts` failures: 2 s doubling to at most a minute. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1));
}

/** The waiting results and photos of one inspection, per item. */
export interface PendingOfItem {
  fields: ResultFields | null;
  photos: PhotoEntry[];
}
export function pendingByItem(queue: readonly QueueEntry[], inspectionId: string): Map<string, PendingOfItem> {
  const byItem = new Map<string, PendingOfItem>();
  for (const entry of inOrder(queue)) {
    if (entry.inspectionId !== inspectionId) continue;
    const pending = byItem.get(entry.itemId) ?? { fields: null, photos: [] };
    if (entry.kind === 'result') pending.fields = mergeFields(pending.fields ?? {}, entry.fields);
    else pending.photos.push(entry);
    byItem.set(entry.itemId, pending);
  }
  return byItem;
}

/** An item as the screen shows it: the server's result with what still waits on the phone drawn over it. */
export function withPending<T extends Pick<InspectionItemView, 'condition' | 'value' | 'note'>>(
  item: T,
  pending: PendingOfItem | undefined,
): T {
  if (!pending?.fields) return item;
  return { ...item, ...pending.fields };
}

/** How many entries of an inspection wait (a result and each photo count one). */
export const pendingCount = (queue: readonly QueueEntry[], inspectionId?: string) =>
  queue.filter((entry) => inspectionId === undefined || entry.inspectionId === inspectionId).length;
