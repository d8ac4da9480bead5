// The add-visit form (SPEC §5): a customer and one of their vehicles, a name of 3+ characters, a due date
// today or later, the odometer in the vehicle's unit, and task rows added and removed with useFieldArray. The
// shared createVisitSchema checks everything before submitting; the server computes the total (the form only
// previews it).
import { plateInOrder } from '@garage/shared/plates';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createVisitSchema, type CreateVisitInput, type CreateVisitParsed } from '@garage/shared/schemas/visits';
import type { TaskInput } from '@garage/shared/schemas/tasks';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError, FieldGroup, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { TaskFields } from '../tasks/index.ts';
import { TaskTemplatePicker } from '../offering/index.ts';
import { CustomerPicker, type PickedCustomer } from './customer-picker.tsx';
import { browserTimeZone, todayIso, useFormatters } from '../../lib/formatters.ts';
import { visitPath } from './visit-list-views.tsx';
import { OdometerFields } from './odometer-fields.tsx';

const emptyTask = (): TaskInput => ({
  title: '',
  service: 'REPAIR',
  priority: 'NORMAL',
  costCents: 0,
  soldForCents: undefined as unknown as number,
  dueDate: '',
  description: '',
});

export function AddVisitForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['visits', 'tasks']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useFormatters();
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);

  const form = useForm<CreateVisitInput, unknown, CreateVisitParsed>({
    resolver: zodResolver(createVisitSchema),
    defaultValues: {
      name: '',
      customerId: '',
      vehicleId: '',
      dueDate: todayIso(),
      notes: '',
      tasks: [emptyTask()],
      odometerIn: null,
      odometerOut: null,
      timeZone: browserTimeZone(),
    },
  });
  const { register, control, handleSubmit, formState, setValue } = form;
  const vehicleId = useWatch({ control, name: 'vehicleId' });
  const tasks = useFieldArray({ control, name: 'tasks' });
  const watchedTasks = useWatch({ control, name: 'tasks' });
  const preview = (watchedTasks ?? []).reduce(
    (sum, task) => sum + (Number.isFinite(task?.soldForCents) ? Number(task.soldForCents) : 0),
    0,
  );

  const vehicles = useQuery({ ...trpc.vehicles.listByOwner.queryOptions({ userId: customer?.id ?? '' }), enabled: !!customer });
  // Readings are typed in the chosen vehicle's unit (km or miles).
  const vehicle = vehicles.data?.find((candidate) => candidate.id === vehicleId);
  const create = useMutation(
    trpc.visits.create.mutationOptions({
      onSuccess: async (visit) => {
        toast.success(t('toast.created'));
        await queryClient.invalidateQueries({ queryKey: trpc.visits.list.queryKey() });
        onDone();
        navigate(visitPath(visit));
      },
      onError: (error) => {
        applyServerFieldErrors(form.setError, error, t);
        toast.error(t('toast.createFailed'));
      },
    }),
  );

  const tasksError = formState.errors.tasks?.root ?? (formState.errors.tasks?.message ? formState.errors.tasks : undefined);

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={handleSubmit((values) => create.mutate(values))}
        className="flex flex-col gap-6"
        data-testid="add-visit-form"
      >
        <FieldGroup className="grid gap-4 sm:grid-cols-2">
          <Field data-invalid={!!formState.errors.customerId}>
            <FieldLabel htmlFor="visit-customer">{t('form.customer')}</FieldLabel>
            <CustomerPicker
              id="visit-customer"
              value={customer}
              invalid={!!formState.errors.customerId}
              onChange={(picked) => {
                setCustomer(picked);
                setValue('customerId', picked?.id ?? '', { shouldValidate: formState.isSubmitted });
                setValue('vehicleId', '', { shouldValidate: false });
              }}
            />
            <FieldError errors={[formState.errors.customerId]}>
              {formState.errors.customerId &&
                (formState.errors.customerId.type === 'server' ? formState.errors.customerId.message : t('form.customerRequired'))}
            </FieldError>
          </Field>
          <Field data-invalid={!!formState.errors.vehicleId}>
            <FieldLabel htmlFor="visit-vehicle">{t('form.vehicle')}</FieldLabel>
            <Controller
              control={control}
              name="vehicleId"
              render={({ field }) => (
                <Select value={field.value || ''} onValueChange={field.onChange} disabled={!customer}>
                  <SelectTrigger
                    id="visit-vehicle"
                    className="w-full"
                    aria-invalid={!!formState.errors.vehicleId}
                    data-testid="visit-vehicle"
                  >
                    <SelectValue placeholder={customer ? t('form.chooseVehicle') : t('form.customerFirst')} />
                  </SelectTrigger>
                  <SelectContent>
                    {vehicles.data?.map((vehicle) => (
                      <SelectItem key={vehicle.id} value={vehicle.id}>
                        <span dir="ltr" className="font-mono">
                          {plateInOrder(vehicle.plateNumber)}
                        </span>{' '}
                        · {vehicle.brand} {vehicle.model}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            {customer && vehicles.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('form.noVehicle')}</p>}
            <FieldError errors={[formState.errors.vehicleId]}>
              {formState.errors.vehicleId &&
                (formState.errors.vehicleId.type === 'server' ? formState.errors.vehicleId.message : t('form.vehicleRequired'))}
            </FieldError>
          </Field>
          <Field data-invalid={!!formState.errors.name}>
            <FieldLabel htmlFor="visit-name">{t('form.name')}</FieldLabel>
            <Input
              id="visit-name"
              {...register('name')}
              aria-invalid={!!formState.errors.name}
              placeholder={t('form.namePlaceholder')}
              data-testid="visit-name"
            />
            <FieldError errors={[formState.errors.name]} />
          </Field>
          <Field data-invalid={!!formState.errors.dueDate}>
            <FieldLabel htmlFor="visit-due">{t('form.dueDate')}</FieldLabel>
            <Input
              id="visit-due"
              type="date"
              min={todayIso()}
              {...register('dueDate')}
              aria-invalid={!!formState.errors.dueDate}
              data-testid="visit-due"
            />
            <FieldError errors={[formState.errors.dueDate]} />
          </Field>
          <OdometerFields unit={vehicle?.distanceUnit ?? 'KM'} latestKm={vehicle?.latestKm ?? null} idPrefix="visit" />
          <Field data-invalid={!!formState.errors.notes} className="sm:col-span-2">
            <FieldLabel htmlFor="visit-notes">{t('form.notes')}</FieldLabel>
            <Textarea id="visit-notes" rows={2} {...register('notes')} />
            <FieldError errors={[formState.errors.notes]} />
          </Field>
        </FieldGroup>

        <section className="flex flex-col gap-3" aria-labelledby="visit-tasks-heading">
          <div className="flex items-center justify-between gap-2">
            <h3 id="visit-tasks-heading" className="font-semibold">
              {t('form.tasks')}
            </h3>
            <Button type="button" variant="outline" size="sm" onClick={() => tasks.append(emptyTask())} data-testid="add-task-row">
              <Plus aria-hidden="true" />
              {t('form.addTask')}
            </Button>
          </div>
          {tasks.fields.map((row, index) => (
            <div key={row.id} className="rounded-lg border bg-muted/20 p-3" data-testid="task-row">
              <div className="mb-2 flex items-center justify-between">
                <span className="text-sm font-medium text-muted-foreground">{t('form.taskNumber', { number: index + 1 })}</span>
                <span className="ms-auto me-1">
                  <TaskTemplatePicker prefix={`tasks.${index}.`} idPrefix={`task-${index}`} />
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => tasks.remove(index)}
                  aria-label={t('form.removeTask', { number: index + 1 })}
                  data-testid="remove-task-row"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <TaskFields prefix={`tasks.${index}.`} idPrefix={`task-${index}`} compact />
            </div>
          ))}
          <FieldError errors={[tasksError]} data-testid="tasks-error" />
        </section>

        <div className="flex flex-col-reverse gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {t('form.totalPreview')}{' '}
            <span className="font-semibold text-foreground tabular-nums" data-testid="total-preview">
              {format.money(preview)}
            </span>
          </p>
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={onDone}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending} data-testid="submit-visit">
              {create.isPending && <Spinner />}
              {t('form.submit')}
            </Button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
