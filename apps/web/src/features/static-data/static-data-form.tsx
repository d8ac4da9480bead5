// Add or rename a static data entry: name and type, both required (SPEC §5), and how it reads in each
// language (optional; the name is the stored value and the fallback). A name already used for the type
// comes back from the API as a conflict on "name".
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, STATIC_DATA_TYPES } from '@garage/shared/constants';
import { staticDataInputSchema, type StaticDataInput, type StaticDataView } from '@garage/shared/schemas/static-data';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';

interface StaticDataFormProps {
  entry?: StaticDataView;
  defaultType: StaticDataView['type'];
  onDone?: () => void;
}

export function StaticDataForm({ entry, defaultType, onDone }: StaticDataFormProps) {
  const { t } = useTranslation(['staticData', 'users', 'validation', 'fields', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const editing = !!entry;
  const { register, control, handleSubmit, setError, formState, reset, watch } = useForm<StaticDataInput>({
    resolver: zodResolver(staticDataInputSchema),
    defaultValues: {
      name: entry?.name ?? '',
      type: entry?.type ?? defaultType,
      labels: { en: entry?.labels.en ?? '', fr: entry?.labels.fr ?? '', ar: entry?.labels.ar ?? '' },
    },
  });
  const create = useMutation(trpc.staticData.create.mutationOptions());
  const update = useMutation(trpc.staticData.update.mutationOptions());
  const busy = create.isPending || update.isPending;
  const idPrefix = entry ? `static-${entry.id}` : 'static-new';

  const submit = handleSubmit(async (data) => {
    try {
      if (editing) await update.mutateAsync({ id: entry.id, data });
      else await create.mutateAsync(data);
      await queryClient.invalidateQueries({ queryKey: trpc.staticData.pathKey() });
      toast.success(t(editing ? 'staticData:toasts.updated' : 'staticData:toasts.created'));
      if (!editing) reset({ name: '', type: data.type, labels: { en: '', fr: '', ar: '' } });
      onDone?.();
    } catch (error) {
      applyServerFieldErrors(setError, error, t);
      toast.error(t(editing ? 'staticData:toasts.updateFailed' : 'staticData:toasts.createFailed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid={editing ? 'static-data-edit' : 'static-data-add'}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field data-invalid={!!formState.errors.name} className="sm:flex-1">
          <FieldLabel htmlFor={`${idPrefix}-name`} className={editing ? 'sr-only' : undefined}>
            {t('staticData:fields.name')}
          </FieldLabel>
          <Input id={`${idPrefix}-name`} aria-invalid={!!formState.errors.name} {...register('name')} />
          <FieldError errors={[formState.errors.name]} />
        </Field>
        <Field data-invalid={!!formState.errors.type} className="sm:w-48">
          <FieldLabel htmlFor={`${idPrefix}-type`} className={editing ? 'sr-only' : undefined}>
            {t('staticData:fields.type')}
          </FieldLabel>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={`${idPrefix}-type`} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {STATIC_DATA_TYPES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {t(`staticData:types.${value}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError errors={[formState.errors.type]} />
        </Field>
      </div>
      {/* How the value is shown in each language; empty shows the name. */}
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-1 text-sm text-muted-foreground">{t('staticData:fields.labels')}</legend>
        {LANGUAGES.map((language) => (
          <Field key={language} data-invalid={!!formState.errors.labels?.[language]}>
            <FieldLabel htmlFor={`${idPrefix}-label-${language}`} className="text-xs">
              {t(`staticData:fields.label.${language}`)}
            </FieldLabel>
            <Input
              id={`${idPrefix}-label-${language}`}
              lang={language}
              dir="auto"
              placeholder={watch('name')}
              data-testid={`static-label-${language}`}
              {...register(`labels.${language}`)}
            />
            <FieldError errors={[formState.errors.labels?.[language]]} />
          </Field>
        ))}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {editing ? t('staticData:actions.save') : t('staticData:actions.add')}
        </Button>
        {editing && (
          <Button type="button" variant="ghost" onClick={onDone}>
            {t('users:actions.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
