// The add / edit / delete dialogs of the catalogue screens, opened through one set of actions.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { CategoryDeleteDialog } from './category-delete-dialog.tsx';
import { CategoryFormDialog } from './category-form-dialog.tsx';
import type { CategoryActions } from './category-section.tsx';
import { ItemFormDialog } from './item-form-dialog.tsx';
import { useOfferingRefresh, type Category, type Item } from './use-offering.ts';

type Editing = { kind: 'category'; category?: Category } | { kind: 'item'; item?: Item; categoryId?: string } | null;

export function useCatalogueDialogs(categories: Category[], options: { onCategoryDeleted?: () => void } = {}) {
  const { t, i18n } = useTranslation(['offering', 'common']);
  const trpc = useTRPC();
  const refresh = useOfferingRefresh();
  const [editing, setEditing] = useState<Editing>(null);
  const [deletingCategory, setDeletingCategory] = useState<Category | null>(null);
  const [deletingItem, setDeletingItem] = useState<Item | null>(null);
  const removeItem = useMutation(
    trpc.offering.items.delete.mutationOptions({
      onSuccess: () => toast.success(t('toasts.itemDeleted')),
      onError: () => toast.error(t('toasts.itemDeleteFailed')),
      onSettled: async () => {
        setDeletingItem(null);
        await refresh();
      },
    }),
  );

  const actions: CategoryActions = {
    onEdit: (category) => setEditing({ kind: 'category', category }),
    onDelete: setDeletingCategory,
    onAddItem: (category) => setEditing({ kind: 'item', categoryId: category.id }),
    onEditItem: (item) => setEditing({ kind: 'item', item }),
    onDeleteItem: setDeletingItem,
  };
  const close = (open: boolean) => !open && setEditing(null);

  const dialogs = (
    <>
      <CategoryFormDialog
        open={editing?.kind === 'category'}
        onOpenChange={close}
        category={editing?.kind === 'category' ? editing.category : undefined}
      />
      <ItemFormDialog
        open={editing?.kind === 'item'}
        onOpenChange={close}
        categories={categories}
        categoryId={editing?.kind === 'item' ? editing.categoryId : undefined}
        item={editing?.kind === 'item' ? editing.item : undefined}
      />
      <CategoryDeleteDialog
        category={deletingCategory}
        categories={categories}
        onClose={() => setDeletingCategory(null)}
        onDeleted={options.onCategoryDeleted}
      />
      <ConfirmDialog
        open={!!deletingItem}
        onOpenChange={(open) => !open && setDeletingItem(null)}
        title={t('delete.itemTitle')}
        description={t('delete.itemDescription', { name: pickLocalized(deletingItem?.title, i18n.language) })}
        busy={removeItem.isPending}
        onConfirm={() => deletingItem && removeItem.mutate({ id: deletingItem.id })}
      />
    </>
  );
  return { actions, dialogs, addCategory: () => setEditing({ kind: 'category' }) };
}
