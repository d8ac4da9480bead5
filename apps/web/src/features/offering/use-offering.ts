// Data of the catalogue screens: the staff list (tRPC), and every change refreshing both the staff queries
// and the public catalogue (REST, same key as the public pages) so a change shows there at the next look.
// Toggles and reorders change the cached list at once and put it back if the server refuses.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { OfferingCategoryView, OfferingItemView } from '@garage/shared/schemas/offering';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { CATALOGUE_QUERY_KEY } from '../../lib/service-catalogue.ts';
import { errorMessageOf, isConflict } from '../../lib/form-errors.ts';

export type Category = OfferingCategoryView;
export type Item = OfferingItemView;

export function useOfferingRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.offering.pathKey() }),
      queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
    ]);
}

/** Changes every cached staff view of the catalogue (the list and the one-category pages) the same way. */
function useCacheEdit() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (editCategories: (categories: Category[]) => Category[]) => {
    const listKey = trpc.offering.categories.list.queryKey();
    const getKey = trpc.offering.categories.get.pathKey();
    await queryClient.cancelQueries({ queryKey: trpc.offering.pathKey() });
    const saved: [QueryKey, unknown][] = [
      ...queryClient.getQueriesData({ queryKey: listKey }),
      ...queryClient.getQueriesData({ queryKey: getKey }),
    ];
    queryClient.setQueriesData<Category[]>({ queryKey: listKey }, (old) => (old ? editCategories(old) : old));
    queryClient.setQueriesData<Category>({ queryKey: getKey }, (old) => (old ? editCategories([old])[0] : old));
    return () => {
      for (const [key, data] of saved) queryClient.setQueryData(key, data);
    };
  };
}

const patchItem = (id: string, change: Partial<Item>) => (categories: Category[]) =>
  categories.map((category) => ({ ...category, items: category.items.map((item) => (item.id === id ? { ...item, ...change } : item)) }));

/** Moves the listed ids into the places they held, in the given order (as the server does). */
export function reorderById<T extends { id: string }>(entries: T[], ids: string[]): T[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const moved = new Set(ids);
  const queue = ids.map((id) => byId.get(id)).filter((entry): entry is T => !!entry);
  return entries.map((entry) => (moved.has(entry.id) ? queue.shift()! : entry));
}

export function useOfferingMutations() {
  const { t } = useTranslation(['offering', 'users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const refresh = useOfferingRefresh();
  const editCache = useCacheEdit();
  /** Puts the cache back and says what failed (the server's reason when it gave one the user can act on). */
  const failed = (key: string) => (error: unknown, _vars: unknown, restore: unknown) => {
    (restore as (() => void) | undefined)?.();
    const reason = errorMessageOf(t, error);
    toast.error(reason && isConflict(error) ? reason : t(key));
  };

  const toggleItem = useMutation(
    trpc.offering.items.update.mutationOptions({
      onMutate: ({ id, data }) => editCache(patchItem(id, data as Partial<Item>)),
      onError: failed('offering:toasts.itemUpdateFailed'),
      onSettled: refresh,
    }),
  );
  const toggleCategory = useMutation(
    trpc.offering.categories.update.mutationOptions({
      onMutate: ({ id, data }) =>
        editCache((categories) =>
          categories.map((category) =>
            category.id === id && data.visible !== undefined ? { ...category, visible: data.visible } : category,
          ),
        ),
      onError: failed('offering:toasts.categoryUpdateFailed'),
      onSettled: refresh,
    }),
  );
  const reorderCategories = useMutation(
    trpc.offering.categories.reorder.mutationOptions({
      onMutate: ({ ids }) => editCache((categories) => reorderById(categories, ids)),
      onError: failed('offering:toasts.reorderFailed'),
      onSuccess: () => toast.success(t('offering:toasts.reordered'), { id: 'offering-reorder' }),
      onSettled: refresh,
    }),
  );
  const reorderItems = useMutation(
    trpc.offering.items.reorder.mutationOptions({
      onMutate: ({ id, ids }) =>
        editCache((categories) =>
          categories.map((category) => (category.id === id ? { ...category, items: reorderById(category.items, ids) } : category)),
        ),
      onError: failed('offering:toasts.reorderFailed'),
      onSuccess: () => toast.success(t('offering:toasts.reordered'), { id: 'offering-reorder' }),
      onSettled: refresh,
    }),
  );
  return { toggleItem, toggleCategory, reorderCategories, reorderItems };
}
