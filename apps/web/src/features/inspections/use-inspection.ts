// The inspection the technician is filling: the server's copy (kept on the phone too, so a reload without
// network still shows it when the app loads), with what waits in the outbox drawn over it, and the server's
// answers to sent results and photos written into the cached copy as they arrive.
import type { InspectionView } from '@garage/shared/schemas/inspections';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { pendingByItem, pendingCount, withPending } from './offline-queue.ts';
import { onDelivery, startOutbox, useOutbox } from './outbox.ts';
import { cacheInspection, readCachedInspection } from './outbox-store.ts';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The browser's idea of the network (a hint for the screen: the outbox tries anyway). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

export function useInspection(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = trpc.inspections.get.queryKey({ id });
  const query = useQuery({ ...trpc.inspections.get.queryOptions({ id }), retry: 1 });
  const outbox = useOutbox();
  const [kept, setKept] = useState<InspectionView | null>(null);

  useEffect(() => startOutbox(), []);
  useEffect(() => {
    let current = true;
    void readCachedInspection(id).then((copy) => current && setKept(copy));
    return () => {
      current = false;
    };
  }, [id]);
  useEffect(() => {
    if (query.data) void cacheInspection(query.data);
  }, [query.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is derived from `id`.
  useEffect(
    () =>
      onDelivery((delivery) => {
        if (delivery.inspectionId !== id) return;
        queryClient.setQueryData<InspectionView>(queryKey, (old) => {
          if (!old) return old;
          const items = old.items.map((item) => {
            if (delivery.kind === 'result') return item.id === delivery.item.id ? delivery.item : item;
            if (item.id !== delivery.itemId || item.photos.some((photo) => photo.id === delivery.photo.id)) return item;
            return { ...item, photos: [...item.photos, delivery.photo] };
          });
          return { ...old, items };
        });
      }),
    [id, queryClient],
  );

  const inspection = query.data ?? kept;
  const pending = useMemo(() => pendingByItem(outbox.queue, id), [outbox.queue, id]);
  const items = useMemo(() => inspection?.items.map((item) => withPending(item, pending.get(item.id))) ?? [], [inspection, pending]);

  return {
    query,
    inspection,
    /** Shown from the phone's copy: the server could not be reached. */
    fromPhone: !query.data && kept !== null && (query.isError || query.fetchStatus === 'paused'),
    items,
    pending,
    waitingCount: pendingCount(outbox.queue, id),
    sending: outbox.sendingSeq !== null,
    outboxLoaded: outbox.loaded,
    refusals: outbox.refusals,
    queryKey,
  };
}
