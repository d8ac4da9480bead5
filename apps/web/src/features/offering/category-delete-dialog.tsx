// Deleting a category (SPEC §8 confirmation). An empty one just asks; one with items asks what happens to
// them, moved to another category or deleted with it, and the button stays off until that is chosen.
import { useMutation } from '@tanstack/react-query';
import type { CategoryDeleteMode } from '@garage/shared/schemas/offering';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { errorMessageOf } from '../../lib/form-errors.ts';
import { useOfferingRefresh, type Category } from './use-offering.ts';

interface CategoryDeleteDialogProps {
  category: Category | null;
  categories: Pick<Category, 'id' | 'title'>[];
  onClose: () => void;
  onDeleted?: () => void;
}

export function CategoryDeleteDialog({ category, categories, onClose, onDeleted }: CategoryDeleteDialogProps) {
  const { t, i18n } = useTranslation(['offering', 'common']);
  const trpc = useTRPC();
  const refresh = useOfferingRefresh();
  const [mode, setMode] = useState<Exclude<CategoryDeleteMode, 'refuse'> | null>(null);
  const [target, setTarget] = useState('');
  const remove = useMutation(trpc.offering.categories.delete.mutationOptions());
  const others = categories.filter((entry) => entry.id !== category?.id);
  const count = category?.items.length ?? 0;
  const ready = count === 0 || mode === 'delete' || (mode === 'move' && !!target);
  const name = category ? pickLocalized(category.title, i18n.language) : '';

  const close = () => {
    setMode(null);
    setTarget('');
    onClose();
  };

  async function confirm() {
    if (!category) return;
    try {
      const result = await remove.mutateAsync({
        id: category.id,
        items: count === 0 ? 'refuse' : mode!,
        moveToCategoryId: mode === 'move' ? target : undefined,
      });
      toast.success(
        result.itemsMoved
          ? t('toasts.categoryDeletedMoved', { count: result.itemsMoved })
          : result.itemsDeleted
            ? t('toasts.categoryDeletedWithItems', { count: result.itemsDeleted })
            : t('toasts.categoryDeleted'),
      );
      close();
      onDeleted?.();
      await refresh();
    } catch (error) {
      toast.error(errorMessageOf(t, error) ?? t('toasts.categoryDeleteFailed'));
      await refresh();
    }
  }

  return (
    <Dialog open={!!category} onOpenChange={(open) => !open && !remove.isPending && close()}>
      <DialogContent closeLabel={t('common:actions.close')} role="alertdialog" data-testid="category-delete-dialog">
        <DialogHeader>
          <DialogTitle>{t('delete.categoryTitle', { name })}</DialogTitle>
          <DialogDescription>{count === 0 ? t('delete.categoryEmpty') : t('delete.categoryHasItems', { count })}</DialogDescription>
        </DialogHeader>
        {count > 0 && (
          <fieldset className="flex flex-col gap-3">
            <legend className="sr-only">{t('delete.choice')}</legend>
            <label className="flex items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary">
              <input
                type="radio"
                name="category-delete-mode"
                className="mt-1"
                checked={mode === 'move'}
                onChange={() => setMode('move')}
                disabled={others.length === 0}
                data-testid="delete-mode-move"
              />
              <span className="flex flex-1 flex-col gap-2">
                <span className="text-sm font-medium">{t('delete.moveItems', { count })}</span>
                {others.length === 0 ? (
                  <span className="text-xs text-muted-foreground">{t('delete.noOtherCategory')}</span>
                ) : (
                  <Select
                    value={target}
                    onValueChange={(value) => {
                      setTarget(value);
                      setMode('move');
                    }}
                  >
                    <SelectTrigger className="w-full" aria-label={t('delete.moveTarget')} data-testid="delete-move-target">
                      <SelectValue placeholder={t('delete.moveTarget')} />
                    </SelectTrigger>
                    <SelectContent>
                      {others.map((entry) => (
                        <SelectItem key={entry.id} value={entry.id}>
                          {pickLocalized(entry.title, i18n.language)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </span>
            </label>
            <label className="flex items-start gap-3 rounded-lg border p-3 has-[:checked]:border-destructive">
              <input
                type="radio"
                name="category-delete-mode"
                className="mt-1"
                checked={mode === 'delete'}
                onChange={() => setMode('delete')}
                data-testid="delete-mode-delete"
              />
              <span className="text-sm font-medium">{t('delete.deleteItems', { count })}</span>
            </label>
          </fieldset>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={remove.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={!ready || remove.isPending} data-testid="confirm-delete">
            {remove.isPending && <Spinner />}
            {t('common:actions.delete')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
