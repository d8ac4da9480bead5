// The phone's storage of the inspection outbox, in IndexedDB (raw: a library would be larger than this file):
// `queue` holds the waiting results and photos (photos as Blobs, which IndexedDB keeps as they are), `cache`
// the last loaded copy of each inspection, so a reload without network still shows it when the app loads.
// Every function resolves even where IndexedDB is missing or refused (a private window): the outbox then
// lives in memory only, which is what the page had before this file.
import type { InspectionView } from '@garage/shared/schemas/inspections';
import type { QueueEntry } from './offline-queue.ts';

const DATABASE = 'garage-inspections';
const QUEUE = 'queue';
const CACHE = 'cache';

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    try {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(QUEUE)) db.createObjectStore(QUEUE, { keyPath: 'seq' });
        if (!db.objectStoreNames.contains(CACHE)) db.createObjectStore(CACHE, { keyPath: 'id' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/** One request in its own transaction; `fallback` when storage is unavailable or the request fails. */
async function run<T>(store: string, mode: IDBTransactionMode, act: (objects: IDBObjectStore) => IDBRequest, fallback: T): Promise<T> {
  const db = await open();
  if (!db) return fallback;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(store, mode);
      const request = act(transaction.objectStore(store));
      transaction.oncomplete = () => resolve((request.result as T) ?? fallback);
      transaction.onerror = () => resolve(fallback);
      transaction.onabort = () => resolve(fallback);
    } catch {
      resolve(fallback);
    }
  });
}

export const readQueue = () => run<QueueEntry[]>(QUEUE, 'readonly', (objects) => objects.getAll(), []);
export const putEntry = (entry: QueueEntry) => run<unknown>(QUEUE, 'readwrite', (objects) => objects.put(entry), null);
export const deleteEntry = (seq: number) => run<unknown>(QUEUE, 'readwrite', (objects) => objects.delete(seq), null);

export const readCachedInspection = (id: string) => run<InspectionView | null>(CACHE, 'readonly', (objects) => objects.get(id), null);
export const cacheInspection = (inspection: InspectionView) => run<unknown>(CACHE, 'readwrite', (objects) => objects.put(inspection), null);
