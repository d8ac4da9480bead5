// Adds a task to a visit, or edits one. An edit names the updatedAt it was opened with; a task changed by
// someone else meanwhile answers 409 and nothing is overwritten.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskInputSchema, type TaskInput, type TaskInputParsed, type TaskView } from '@garage/shared/schemas/tasks';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { failureMessage } from '../../lib/form-errors.ts';
import { TaskFields } from './task-fields.tsx';

const toForm = (task?: TaskView): TaskInput =>
  task
    ? {
        title: task.title,
        description: task.description ?? '',
        service: task.service,
        priority: task.priority,
        costCents: task.costCents ?? undefined,
        soldForCents: task.soldForCents,
        dueDate: task.dueDate ?? '',
        remindInMonths: task.remindInMonths,
        remindInKm: task.remindInKm,
      }
    : {
        title: '',
        description: '',
        service: 'REPAIR',
        priority: 'NORMAL',
        costCents: 0,
        soldForCents: undefined as unknown as number,
        dueDate: '',
      };

/** The price can be typed only while the task is one flat line (the API answers taskLines.priceFromLines otherwise). */
const priceIsOneFlatLine = (task: TaskView) => task.lines.length === 1 && task.lines[0]?.kind === 'FLAT';

/** A caller who does not see the cost (null) does not send it back: the edit keeps the cost as it is. */
function withoutUnseenCost(data: TaskInputParsed, task: TaskView) {
  if (task.costCents !== null) return data;
  const { costCents: _unseen, ...rest } = data;
  return rest;
}

export function TaskForm({ visitId, task, onDone }: { visitId: string; task?: TaskView; onDone: () => void }) {
  const { t } = useTranslation('tasks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<TaskInput, unknown, TaskInputParsed>({ resolver: zodResolver(taskInputSchema), defaultValues: toForm(task) });
  // Estimate approval: a new task can be proposed (the customer approves it before it counts or starts).
  const [proposed, setProposed] = useState(false);
  const proposedId = useId();
  const { t: ta } = useTranslation('approvals');

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.tasks.pathKey() }),
    ]);
  const onError = (fallback: string) => async (error: unknown) => {
    if (!applyServerFieldErrors(form.setError, error, t)) toast.error(failureMessage(t, error, fallback));
    await refresh();
  };
  const create = useMutation(
    trpc.tasks.create.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.created'));
        await refresh();
        onDone();
      },
      onError: onError(t('toast.createFailed')),
    }),
  );
  const update = useMutation(
    trpc.tasks.update.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.updated'));
        await refresh();
        onDone();
      },
      onError: onError(t('toast.updateFailed')),
    }),
  );
  const pending = create.isPending || update.isPending;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="flex flex-col gap-5"
        data-testid="task-form"
        onSubmit={form.handleSubmit((data) =>
          task
            ? update.mutate({ ...withoutUnseenCost(data, task), id: task.id, updatedAt: task.updatedAt })
            : create.mutate({ ...data, id: visitId, proposed }),
        )}
      >
        {/* A price typed here is the task's one flat line; once it has other lines, their sum is the price. */}
        <TaskFields
          idPrefix={task ? 'edit-task' : 'new-task'}
          showPrices={!task || priceIsOneFlatLine(task)}
          showCost={!task || task.costCents !== null}
        />
        {task && !priceIsOneFlatLine(task) && <p className="text-sm text-muted-foreground">{t('lines.fromLines')}</p>}
        {!task && (
          <div className="flex items-start gap-3 rounded-lg border border-amber-500/40 bg-amber-500/5 p-3">
            <Checkbox
              id={proposedId}
              checked={proposed}
              onCheckedChange={(value) => setProposed(value === true)}
              data-testid="task-proposed"
              className="mt-0.5"
            />
            <label htmlFor={proposedId} className="flex flex-col gap-0.5 text-sm">
              <span className="font-medium">{ta('staff.proposeLabel')}</span>
              <span className="text-muted-foreground">{ta('staff.proposeHint')}</span>
            </label>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={pending} data-testid="submit-task">
            {pending && <Spinner />}
            {t('actions.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
