// One to-do: complete/reopen checkbox, inline edit, delete with confirmation.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { todoInputSchema, type TodoInput, type TodoView } from '@garage/shared/schemas/todos';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field, FieldError } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useFormatters } from '../../lib/formatters.ts';
import { useTodoRefresh } from './use-todo-refresh.ts';

function EditTodo({ todo, onDone }: { todo: TodoView; onDone: () => void }) {
  const { t } = useTranslation('todo');
  const trpc = useTRPC();
  const refresh = useTodoRefresh();
  const form = useForm<TodoInput>({
    resolver: zodResolver(todoInputSchema),
    defaultValues: { title: todo.title, description: todo.description },
  });
  const { errors } = form.formState;
  const update = useMutation(
    trpc.todos.update.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.updated'));
        await refresh();
        onDone();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form.setError, error, t)) toast.error(t('toast.updateFailed'));
      },
    }),
  );
  return (
    <form
      noValidate
      className="grid flex-1 gap-2 sm:grid-cols-[1fr_2fr_auto]"
      onSubmit={form.handleSubmit((data) => update.mutate({ id: todo.id, data }))}
    >
      <Field data-invalid={!!errors.title}>
        <Input aria-label={t('fields.title')} {...form.register('title')} aria-invalid={!!errors.title} />
        <FieldError errors={[errors.title]} />
      </Field>
      <Field data-invalid={!!errors.description}>
        <Input aria-label={t('fields.description')} {...form.register('description')} aria-invalid={!!errors.description} />
        <FieldError errors={[errors.description]} />
      </Field>
      <div className="flex gap-1.5">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {t('actions.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function TodoItem({ todo }: { todo: TodoView }) {
  const { t } = useTranslation('todo');
  const trpc = useTRPC();
  const refresh = useTodoRefresh();
  const format = useFormatters();
  const [editing, setEditing] = useState(false);
  const toggle = useMutation(
    trpc.todos.setCompleted.mutationOptions({
      onSuccess: async (updated) => {
        toast.success(updated.completed ? t('toast.completed') : t('toast.reopened'));
        await refresh();
      },
      onError: () => toast.error(t('toast.updateFailed')),
    }),
  );
  const remove = useMutation(
    trpc.todos.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.deleted'));
        await refresh();
      },
      onError: () => toast.error(t('toast.deleteFailed')),
    }),
  );

  return (
    <li className="flex items-start gap-3 rounded-xl border bg-card p-3" data-testid="todo-item">
      <Checkbox
        className="mt-1"
        checked={todo.completed}
        disabled={toggle.isPending}
        onCheckedChange={(checked) => toggle.mutate({ id: todo.id, completed: checked === true })}
        aria-label={todo.completed ? t('reopen', { title: todo.title }) : t('complete', { title: todo.title })}
        data-testid="todo-toggle"
      />
      {editing ? (
        <EditTodo todo={todo} onDone={() => setEditing(false)} />
      ) : (
        <div className="min-w-0 flex-1">
          <p className={cn('font-medium', todo.completed && 'text-muted-foreground line-through')} dir="auto">
            {todo.title}
          </p>
          <p className="text-sm text-muted-foreground" dir="auto">
            {todo.description}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            {todo.completedAt
              ? t('completedAt', { date: format.dateTime(todo.completedAt) })
              : t('createdAt', { date: format.dateTime(todo.createdAt) })}
            {todo.createdBy && (
              <>
                {' '}
                · {todo.createdBy.firstName} {todo.createdBy.lastName}
              </>
            )}
          </p>
        </div>
      )}
      {!editing && (
        <div className="flex gap-1">
          <Button size="icon" variant="ghost" onClick={() => setEditing(true)} aria-label={t('actions.edit')}>
            <Pencil aria-hidden="true" />
          </Button>
          <ConfirmDialog
            title={t('confirmDelete.title')}
            description={t('confirmDelete.body', { title: todo.title })}
            confirmLabel={t('confirmDelete.confirm')}
            onConfirm={() => remove.mutateAsync({ id: todo.id })}
            trigger={
              <Button size="icon" variant="ghost" aria-label={t('actions.delete')} data-testid="todo-delete">
                <Trash2 aria-hidden="true" />
              </Button>
            }
          />
        </div>
      )}
    </li>
  );
}
