// /admin/todo: the staff to-do list with active and completed tabs. Title and description are required and
// take letters (any script), digits and spaces (shared todoInputSchema). Completing stamps the date;
// reopening clears it. The list is paged on the server (the completed tab grows forever).
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { TODO_PAGE_SIZE_DEFAULT, todoInputSchema, type TodoInput, type TodoTab, type TodoView } from '@garage/shared/schemas/todos';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { Pager } from '../../components/pager.tsx';
import { TodoItem } from './todo-item.tsx';
import { useTodoRefresh } from './use-todo-refresh.ts';

/** `onCreated` shows where the new to-do landed: the end of the active queue. */
function NewTodoForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('todo');
  const trpc = useTRPC();
  const refresh = useTodoRefresh();
  const form = useForm<TodoInput>({ resolver: zodResolver(todoInputSchema), defaultValues: { title: '', description: '' } });
  const { errors } = form.formState;
  const create = useMutation(
    trpc.todos.create.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.created'));
        form.reset();
        onCreated();
        await refresh();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form.setError, error, t)) toast.error(t('toast.createFailed'));
      },
    }),
  );
  return (
    <Card className="py-4">
      <CardContent>
        <form
          noValidate
          className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] md:items-start"
          onSubmit={form.handleSubmit((data) => create.mutate(data))}
          data-testid="todo-form"
        >
          <Field data-invalid={!!errors.title}>
            <FieldLabel htmlFor="todo-title">{t('fields.title')}</FieldLabel>
            <Input id="todo-title" {...form.register('title')} aria-invalid={!!errors.title} data-testid="todo-title" />
            <FieldError errors={[errors.title]} />
          </Field>
          <Field data-invalid={!!errors.description}>
            <FieldLabel htmlFor="todo-description">{t('fields.description')}</FieldLabel>
            <Input
              id="todo-description"
              {...form.register('description')}
              aria-invalid={!!errors.description}
              data-testid="todo-description"
            />
            <FieldError errors={[errors.description]} />
          </Field>
          <Button type="submit" className="md:mt-6" disabled={create.isPending} data-testid="todo-submit">
            {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
            {t('add')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function TodoPage() {
  const { t } = useTranslation('todo');
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const tab: TodoTab = params.get('tab') === 'completed' ? 'completed' : 'active';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const todos = useQuery({ ...trpc.todos.list.queryOptions({ tab, page }), placeholderData: keepPreviousData });
  const counts = todos.data?.counts;
  const goTo = (nextTab: TodoTab, nextPage: number) => {
    const updated = new URLSearchParams();
    if (nextTab === 'completed') updated.set('tab', 'completed');
    if (nextPage > 1) updated.set('page', String(nextPage));
    setParams(updated);
  };
  const showNewest = () => goTo('active', Math.ceil(((counts?.active ?? 0) + 1) / (todos.data?.pageSize ?? TODO_PAGE_SIZE_DEFAULT)));

  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      <NewTodoForm onCreated={showNewest} />
      <Tabs className="gap-5" value={tab} onValueChange={(value) => goTo(value === 'completed' ? 'completed' : 'active', 1)}>
        <TabsList>
          <TabsTrigger value="active" data-testid="tab-active">
            {t('tabs.active')}
            {counts && <span className="ms-1 tabular-nums text-muted-foreground">({counts.active})</span>}
          </TabsTrigger>
          <TabsTrigger value="completed" data-testid="tab-completed">
            {t('tabs.completed')}
            {counts && <span className="ms-1 tabular-nums text-muted-foreground">({counts.completed})</span>}
          </TabsTrigger>
        </TabsList>
        {/* The list is the selected tab's panel: the selected tab's aria-controls points at a mounted element. */}
        <TabsContent value={tab} className="flex flex-col gap-5">
          {todos.isLoading && <Skeleton className="h-40 rounded-xl" />}
          {todos.isError && (
            <p role="alert" className="rounded-xl border border-destructive/40 p-4">
              {t('loadFailed')}
            </p>
          )}
          {todos.data && todos.data.items.length === 0 && (
            <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{t(`empty.${tab}`)}</p>
          )}
          {todos.data && todos.data.items.length > 0 && (
            <ul className="flex flex-col gap-2" data-testid="todo-list">
              {todos.data.items.map((todo: TodoView) => (
                <TodoItem key={todo.id} todo={todo} />
              ))}
            </ul>
          )}
          {todos.data && todos.data.pageCount > 1 && (
            <Pager page={todos.data.page} pageCount={todos.data.pageCount} total={todos.data.total} onPage={(next) => goTo(tab, next)} />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
