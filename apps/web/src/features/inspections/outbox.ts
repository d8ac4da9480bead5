// The technician's outbox (issue #29): every result and photo is put here first, kept in IndexedDB, and sent
// in order over REST. It keeps trying on the 'online' event, on load, and on a timer with backoff; a refusal
// (a 4xx other than 408/429) is dropped and shown at its item. One outbox per tab, shared by every screen,
// so leaving the inspection page never stops the sending. Components read it through useOutbox().
import type { MessageParams } from '@garage/shared/messages';
import type { InspectionItemView, inspectionPhotoSchema } from '@garage/shared/schemas/inspections';
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { env } from '../../env.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import {
  coalesceResult,
  failureKind,
  inOrder,
  retryDelayMs,
  type PhotoEntry,
  type QueueEntry,
  type ResultFields,
} from './offline-queue.ts';
import { deleteEntry, putEntry, readQueue } from './outbox-store.ts';

type InspectionPhoto = z.infer<typeof inspectionPhotoSchema>;

/** The server's refusal of a result or photo, kept to show at its item until the item is saved again. */
export interface Refusal {
  inspectionId: string;
  itemId: string;
  kind: QueueEntry['kind'];
  messageCode: string;
  params: MessageParams;
}

export interface OutboxState {
  queue: readonly QueueEntry[];
  /** The entry being sent right now. */
  sendingSeq: number | null;
  refusals: ReadonlyMap<string, Refusal>;
  /** True once the queue kept on this phone was read back (before that, "all saved" would be a guess). */
  loaded: boolean;
}

/** What the server answered for a sent entry: the saved item (a result) or the stored photo. */
export type Delivery =
  | { kind: 'result'; inspectionId: string; item: InspectionItemView }
  | { kind: 'photo'; inspectionId: string; itemId: string; photo: InspectionPhoto };

let state: OutboxState = { queue: [], sendingSeq: null, refusals: new Map(), loaded: false };
const listeners = new Set<() => void>();
const deliveryListeners = new Set<(delivery: Delivery) => void>();
let lastSeq = 0;
let flushing = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function update(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const nextSeq = () => {
  lastSeq = Math.max(Date.now(), lastSeq + 1);
  return lastSeq;
};

function withoutRefusal(itemId: string) {
  if (!state.refusals.has(itemId)) return state.refusals;
  const refusals = new Map(state.refusals);
  refusals.delete(itemId);
  return refusals;
}

function replaceEntry(entry: QueueEntry) {
  update({ queue: [...state.queue.filter((other) => other.seq !== entry.seq), entry] });
  void putEntry(entry);
}

/** Saves a result on the phone at once (the latest value of each field wins) and starts sending it. */
export function queueResult(inspectionId: string, itemId: string, fields: ResultFields) {
  const entry = coalesceResult(state.queue, { inspectionId, itemId, fields }, nextSeq(), state.sendingSeq);
  state = { ...state, refusals: withoutRefusal(itemId) };
  replaceEntry(entry);
  void flush();
}

/** Keeps a reduced photo on the phone under the id made here, and starts sending it. */
export function queuePhoto(inspectionId: string, itemId: string, blob: Blob) {
  const entry: PhotoEntry = { kind: 'photo', seq: nextSeq(), inspectionId, itemId, photoId: crypto.randomUUID(), blob, attempts: 0 };
  state = { ...state, refusals: withoutRefusal(itemId) };
  replaceEntry(entry);
  void flush();
}

interface Outcome {
  status: number | null;
  body: unknown;
}

/** A request that hangs (a bay with one bar of signal) is given up and tried again; a large photo on slow 3G takes under a minute. */
const REQUEST_TIMEOUT_MS = 120_000;

async function send(entry: QueueEntry): Promise<Outcome> {
  const base = `${env.apiUrl}/inspections/${entry.inspectionId}/items/${entry.itemId}`;
  const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REQUEST_TIMEOUT_MS) : undefined;
  try {
    let response: Response;
    if (entry.kind === 'result') {
      response = await apiFetch(base, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(entry.fields),
        signal,
      });
    } else {
      const form = new FormData();
      form.append('file', entry.blob, `${entry.photoId}.jpg`);
      response = await apiFetch(`${base}/photos/${entry.photoId}`, { method: 'PUT', body: form, signal });
    }
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, body };
  } catch {
    return { status: null, body: null };
  }
}

function remove(entry: QueueEntry) {
  update({ queue: state.queue.filter((other) => other.seq !== entry.seq) });
  void deleteEntry(entry.seq);
}

function schedule(delayMs: number) {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flush();
  }, delayMs);
}

/** Sends what waits, oldest first, until the queue is empty or a request fails for a reason worth retrying. */
export async function flush(): Promise<void> {
  if (flushing) return;
  flushing = true;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  try {
    for (let entry = inOrder(state.queue)[0]; entry; entry = inOrder(state.queue)[0]) {
      update({ sendingSeq: entry.seq });
      const outcome = await send(entry);
      update({ sendingSeq: null });
      const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
      if (ok) {
        const delivered = entry;
        const delivery: Delivery =
          delivered.kind === 'result'
            ? { kind: 'result', inspectionId: delivered.inspectionId, item: outcome.body as InspectionItemView }
            : { kind: 'photo', inspectionId: delivered.inspectionId, itemId: delivered.itemId, photo: outcome.body as InspectionPhoto };
        // The screen takes the server's answer before the waiting value disappears: nothing flickers back.
        for (const listener of deliveryListeners) listener(delivery);
        remove(entry);
      } else if (failureKind(outcome.status) === 'refused') {
        const body = (outcome.body ?? {}) as { messageCode?: string; params?: MessageParams };
        const refusals = new Map(state.refusals);
        refusals.set(entry.itemId, {
          inspectionId: entry.inspectionId,
          itemId: entry.itemId,
          kind: entry.kind,
          messageCode: body.messageCode ?? 'requestFailed',
          params: body.params ?? {},
        });
        state = { ...state, refusals };
        remove(entry);
      } else {
        const retried = { ...entry, attempts: entry.attempts + 1 };
        replaceEntry(retried);
        schedule(retryDelayMs(retried.attempts));
        break;
      }
    }
  } finally {
    flushing = false;
  }
}

/** Reads back what an earlier visit left waiting and starts sending; listens for the network's return. */
let started = false;
export function startOutbox() {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void flush());
  void readQueue().then((kept) => {
    const known = new Set(state.queue.map((entry) => entry.seq));
    const queue = [...state.queue, ...kept.filter((entry) => !known.has(entry.seq))];
    lastSeq = Math.max(lastSeq, ...queue.map((entry) => entry.seq));
    update({ queue, loaded: true });
    void flush();
  });
}

export function onDelivery(listener: (delivery: Delivery) => void): () => void {
  deliveryListeners.add(listener);
  return () => deliveryListeners.delete(listener);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The outbox as it is now (outside React). */
export const outboxState = (): OutboxState => state;

export function useOutbox(): OutboxState {
  return useSyncExternalStore(subscribe, () => state);
}
