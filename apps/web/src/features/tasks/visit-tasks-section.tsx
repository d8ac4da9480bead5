// The tasks of a visit on the visit page: status, priority and price of each, the moves the transition rules
// allow right now (one tap each), its lines (opened inline), a link to the task page, and adding a task.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskView } from '@garage/shared/schemas/tasks';
import type { VisitDetail } from '@garage/shared/schemas/visits';
import { ChevronRight, ListChecks, Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { failureMessage } from '../../lib/form-errors.ts';
import { PriorityBadge, TaskStatusBadge } from '../../components/status-badges.tsx';
import { ApprovalBadge, shownApproval, ApprovalLine } from '../approvals/index.ts';
import { TaskForm } from './task-form.tsx';
import { TaskLinesEditor } from './task-lines-editor.tsx';

export function useTaskStatusMutation(visitId: string) {
  const { t } = useTranslation('tasks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.tasks.setStatus.mutationOptions({
      onSuccess: async (task) => {
        toast.success(t('toast.statusChanged', { status: t(`status.${task.status}`) }));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.tasks.get.queryKey({ id: task.id }) }),
        ]);
      },
      onError: async (error) => {
        toast.error(failureMessage(t, error, t('toast.updateFailed')));
        await queryClient.invalidateQueries({ queryKey: trpc.visits.get.queryKey({ id: visitId }) });
      },
    }),
  );
}

export function TaskTransitionButtons({
  task,
  visitId,
  size = 'sm',
}: {
  task: Pick<TaskView, 'id' | 'nextStatuses'>;
  visitId: string;
  size?: 'sm' | 'default';
}) {
  const { t } = useTranslation('tasks');
  const mutation = useTaskStatusMutation(visitId);
  return (
    <div className="flex flex-wrap gap-1.5">
      {task.nextStatuses.map((status) => (
        <Button
          key={status}
          size={size}
          variant={status === 'COMPLETED' ? 'default' : status === 'CANCELLED' ? 'ghost' : 'outline'}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate({ id: task.id, status })}
          data-testid={`task-action-${status}`}
        >
          {t(`actions.to.${status}`)}
        </Button>
      ))}
    </div>
  );
}

export function VisitTasksSection({ visit }: { visit: VisitDetail }) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  const [adding, setAdding] = useState(false);
  // Tasks whose lines are opened inline (parts and labour are added here as often as on the task page).
  const [openLines, setOpenLines] = useState<ReadonlySet<string>>(new Set());
  const toggleLines = (taskId: string) =>
    setOpenLines((open) => {
      const next = new Set(open);
      if (!next.delete(taskId)) next.add(taskId);
      return next;
    });
  const base = `/admin/users/${visit.customer.id}/vehicle/${visit.vehicle.id}/visit/${visit.id}`;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-lg">{t('sectionTitle')}</CardTitle>
        <CardAction>
          <Button size="sm" variant="outline" onClick={() => setAdding(true)} data-testid="open-add-task">
            <Plus aria-hidden="true" />
            {t('add')}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-lg border" data-testid="visit-tasks">
          {visit.tasks.map((task) => (
            <li
              key={task.id}
              className={cn(
                'flex flex-col gap-3 p-3',
                task.approval?.state === 'PENDING' && task.status !== 'CANCELLED' && 'bg-amber-500/5',
              )}
              data-testid="visit-task"
              data-task-id={task.id}
              data-approval={task.approval?.state ?? ''}
            >
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={`${base}/task/${task.id}`} className="font-medium hover:underline">
                      <bdi>{task.title}</bdi>
                    </Link>
                    <TaskStatusBadge status={task.status} />
                    <PriorityBadge priority={task.priority} />
                    {shownApproval(task) && <ApprovalBadge state={shownApproval(task)!} />}
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {t(`service.${task.service}`)} · <span className="tabular-nums">{format.money(task.soldForCents)}</span>
                    {task.completedOn && <> · {t('completedOn', { date: format.dateTime(task.completedOn) })}</>}
                  </p>
                  {shownApproval(task) && <ApprovalLine approval={task.approval!} />}
                </div>
                <div className="flex items-center gap-2">
                  <TaskTransitionButtons task={task} visitId={visit.id} />
                  <Button
                    variant="outline"
                    size="sm"
                    className="h-11 md:h-8"
                    aria-expanded={openLines.has(task.id)}
                    onClick={() => toggleLines(task.id)}
                    data-testid="toggle-task-lines"
                  >
                    <ListChecks aria-hidden="true" />
                    {t('lines.toggle', { count: task.lines.length })}
                  </Button>
                  <Button variant="ghost" size="icon" asChild>
                    <Link to={`${base}/task/${task.id}`} aria-label={t('open', { title: task.title })}>
                      <ChevronRight className="rtl:rotate-180" aria-hidden="true" />
                    </Link>
                  </Button>
                </div>
              </div>
              {openLines.has(task.id) && <TaskLinesEditor task={task} />}
            </li>
          ))}
        </ul>
      </CardContent>
      <FormDialog open={adding} onOpenChange={setAdding} title={t('addTitle')} description={t('addDescription')}>
        {adding && <TaskForm visitId={visit.id} onDone={() => setAdding(false)} />}
      </FormDialog>
    </Card>
  );
}
