// Add or edit a category: title and description per language, picture, shown on the website or not.
// Editing sends only the fields (and languages) that changed; the price range is the server's to compute.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { categoryInputSchema, type CategoryInput, type CategoryPatch } from '@garage/shared/schemas/offering';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldLabel } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { changedLanguages, LocalizedFields, toFormTexts } from './localized-fields.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useOfferingRefresh, type Category } from './use-offering.ts';

interface CategoryFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category?: Category;
}

export function CategoryFormDialog({ open, onOpenChange, category }: CategoryFormDialogProps) {
  const { t } = useTranslation(['offering', 'common']);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? t('category.editTitle') : t('category.addTitle')}
      description={t('category.formDescription')}
    >
      {open && <CategoryForm category={category} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function CategoryForm({ category, onDone }: { category?: Category; onDone: () => void }) {
  const { t } = useTranslation(['offering', 'users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const refresh = useOfferingRefresh();
  const form = useForm<CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: {
      title: toFormTexts(category?.title),
      description: toFormTexts(category?.description),
      imageUrl: category?.imageUrl ?? null,
      visible: category?.visible ?? true,
    },
  });
  const create = useMutation(trpc.offering.categories.create.mutationOptions());
  const update = useMutation(trpc.offering.categories.update.mutationOptions());
  const busy = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (category) {
        const dirty = form.formState.dirtyFields;
        const data: CategoryPatch = {};
        const title = changedLanguages(values.title, dirty.title);
        if (title) data.title = title;
        const description = changedLanguages(values.description ?? null, dirty.description);
        if (description) data.description = description;
        if (dirty.imageUrl) data.imageUrl = values.imageUrl ?? null;
        if (dirty.visible) data.visible = values.visible;
        if (Object.keys(data).length) await update.mutateAsync({ id: category.id, data });
      } else {
        await create.mutateAsync(values);
      }
      await refresh();
      toast.success(t(category ? 'offering:toasts.categoryUpdated' : 'offering:toasts.categoryCreated'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(form.setError, error, t);
      toast.error(t(category ? 'offering:toasts.categoryUpdateFailed' : 'offering:toasts.categoryCreateFailed'));
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="category-form">
        <LocalizedFields idPrefix="category" />
        <Field>
          <FieldLabel>{t('fields:image')}</FieldLabel>
          <Controller
            control={form.control}
            name="imageUrl"
            render={({ field }) => <ImageUploadField value={field.value} onChange={field.onChange} section="offering" removable />}
          />
        </Field>
        <Controller
          control={form.control}
          name="visible"
          render={({ field }) => (
            <label className="flex items-center justify-between gap-4 rounded-lg border p-3">
              <span className="flex flex-col">
                <span className="text-sm font-medium">{t('offering:form.visible')}</span>
                <span className="text-xs text-muted-foreground">{t('offering:form.categoryVisibleHint')}</span>
              </span>
              <Switch checked={field.value ?? true} onCheckedChange={field.onChange} data-testid="category-visible" />
            </label>
          )}
        />
        <div className="flex justify-end gap-2 border-t pt-4">
          <Button type="button" variant="outline" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="category-submit">
            {busy && <Spinner />}
            {category ? t('common:actions.save') : t('offering:category.add')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
