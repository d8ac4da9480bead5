// /admin/users/{userId}/vehicle/{vehicleId}/visit/{visitId}/task/{taskId}: one task, its allowed status
// moves (the transition rules are enforced by the server; the buttons offer only the allowed ones), edit
// (409 when someone else changed it), its lines (parts, labour, amounts: task-lines-editor.tsx) and delete with
// confirmation (a visit keeps at least one task).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { cn } from '../../lib/utils.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { errorCode, failureMessage } from '../../lib/form-errors.ts';
import { PriorityBadge, TaskStatusBadge } from '../../components/status-badges.tsx';
import { ApprovalBadge, shownApproval, ApprovalLine } from '../approvals/index.ts';
import { TaskForm } from './task-form.tsx';
import { TaskLinesEditor } from './task-lines-editor.tsx';
import { TaskTransitionButtons } from './visit-tasks-section.tsx';

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-0.5', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

export function TaskDetailPage() {
  const { t } = useTranslation('tasks');
  const { userId = '', vehicleId = '', visitId = '', taskId = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useFormatters();
  const [editing, setEditing] = useState(false);
  const isAdmin = useAuth().roles.includes('ADMIN');
  const task = useQuery(trpc.tasks.get.queryOptions({ id: taskId }));
  const visitPath = `/admin/users/${userId}/vehicle/${vehicleId}/visit/${visitId}`;
  const remove = useMutation(
    trpc.tasks.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('toast.deleted'));
        await queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() });
        navigate(visitPath);
      },
      onError: (error) => toast.error(failureMessage(t, error, t('toast.deleteFailed'))),
    }),
  );

  if (task.isLoading) return <Skeleton className="h-80 rounded-xl" />;
  if (task.isError || !task.data) {
    return (
      <div role="alert" className="rounded-xl border p-8 text-center">
        <p className="font-medium">{errorCode(task.error) === 'NOT_FOUND' ? t('notFound') : t('loadFailed')}</p>
        <Button variant="link" asChild>
          <Link to={visitPath}>{t('backToVisit')}</Link>
        </Button>
      </div>
    );
  }
  const item = task.data;

  return (
    <div className="flex flex-col gap-5" data-testid="task-page">
      <Button variant="ghost" size="sm" className="w-fit" asChild>
        <Link to={visitPath}>
          <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
          {t('backToVisitNamed', { name: item.visit.name })}
        </Link>
      </Button>
      <header className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{item.title}</h1>
          <div className="flex flex-wrap gap-2">
            <TaskStatusBadge status={item.status} />
            <PriorityBadge priority={item.priority} />
            {shownApproval(item) && <ApprovalBadge state={shownApproval(item)!} />}
          </div>
          {shownApproval(item) && <ApprovalLine approval={item.approval!} />}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <TaskTransitionButtons task={item} visitId={item.visitId} size="default" />
          <Button variant="outline" onClick={() => setEditing((open) => !open)} aria-expanded={editing} data-testid="edit-task">
            <Pencil aria-hidden="true" />
            {t('actions.edit')}
          </Button>
          <ConfirmDialog
            title={t('confirmDelete.title')}
            description={t('confirmDelete.body', { title: item.title })}
            confirmLabel={t('confirmDelete.confirm')}
            onConfirm={() => remove.mutateAsync({ id: item.id })}
            trigger={
              <Button variant="ghost" aria-label={t('actions.delete')} data-testid="delete-task">
                <Trash2 aria-hidden="true" />
              </Button>
            }
          />
        </div>
      </header>

      {editing ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('editTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            <TaskForm visitId={item.visitId} task={item} onDone={() => setEditing(false)} />
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Detail label={t('fields.service')}>{t(`service.${item.service}`)}</Detail>
              <Detail label={t('fields.soldForCents')}>
                <span className="tabular-nums">{format.money(item.soldForCents)}</span>
              </Detail>
              {/* The cost is the parts' cost and the labour's: admins only (as on the lines). */}
              {isAdmin && item.costCents !== null && (
                <Detail label={t('fields.costCents')}>
                  <span className="tabular-nums">{format.money(item.costCents)}</span>
                </Detail>
              )}
              <Detail label={t('fields.dueDate')}>{item.dueDate ? format.day(item.dueDate) : '—'}</Detail>
              <Detail label={t('fields.completedOn')}>{item.completedOn ? format.dateTime(item.completedOn) : '—'}</Detail>
              <Detail label={t('fields.updatedAt')}>{format.dateTime(item.updatedAt)}</Detail>
              {/* A dl's groups must be direct children: the wide one carries its own span. */}
              <Detail label={t('fields.description')} className="sm:col-span-2">
                <span className="font-normal whitespace-pre-line" dir="auto">
                  {item.description || '—'}
                </span>
              </Detail>
            </dl>
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>{t('lines.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <TaskLinesEditor task={item} />
        </CardContent>
      </Card>
    </div>
  );
}
