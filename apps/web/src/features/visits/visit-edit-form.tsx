// Edits a visit's name, due date, notes and odometer readings (in the vehicle's unit). The save names the
// version the form was opened with; if someone else saved meanwhile the server answers 409 and the user is told
// to reload (nothing is overwritten).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { visitEditSchema, type VisitDetail, type VisitEditInput } from '@garage/shared/schemas/visits';
import { FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldGroup, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { browserTimeZone } from '../../lib/formatters.ts';
import { errorCode, failureMessage } from '../../lib/form-errors.ts';
import { OdometerFields } from './odometer-fields.tsx';

export function VisitEditForm({ visit, onDone }: { visit: VisitDetail; onDone: () => void }) {
  const { t } = useTranslation('visits');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<VisitEditInput>({
    resolver: zodResolver(visitEditSchema),
    defaultValues: {
      name: visit.name,
      dueDate: visit.dueDate,
      notes: visit.notes ?? '',
      odometerIn: visit.odometerIn,
      odometerOut: visit.odometerOut,
      timeZone: browserTimeZone(),
    },
  });
  const { errors } = form.formState;
  const update = useMutation(
    trpc.visits.update.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.updated'));
        await queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() });
        onDone();
      },
      onError: async (error) => {
        if (!applyServerFieldErrors(form.setError, error, t)) toast.error(failureMessage(t, error, t('toast.updateFailed')));
        if (errorCode(error) === 'CONFLICT') await queryClient.invalidateQueries({ queryKey: trpc.visits.get.queryKey({ id: visit.id }) });
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={form.handleSubmit((data) => update.mutate({ ...data, id: visit.id, version: visit.version }))}
        data-testid="edit-visit-form"
      >
        <FieldGroup>
          <Field data-invalid={!!errors.name}>
            <FieldLabel htmlFor="edit-visit-name">{t('form.name')}</FieldLabel>
            <Input id="edit-visit-name" {...form.register('name')} aria-invalid={!!errors.name} />
            <FieldError errors={[errors.name]} />
          </Field>
          <Field data-invalid={!!errors.dueDate}>
            <FieldLabel htmlFor="edit-visit-due">{t('form.dueDate')}</FieldLabel>
            <Input id="edit-visit-due" type="date" {...form.register('dueDate')} aria-invalid={!!errors.dueDate} />
            <FieldError errors={[errors.dueDate]} />
          </Field>
          <OdometerFields unit={visit.distanceUnit} idPrefix="edit-visit" />
          <Field data-invalid={!!errors.notes}>
            <FieldLabel htmlFor="edit-visit-notes">{t('form.notes')}</FieldLabel>
            <Textarea id="edit-visit-notes" rows={3} {...form.register('notes')} />
            <FieldError errors={[errors.notes]} />
          </Field>
        </FieldGroup>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Spinner />}
            {t('actions.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
