// /approve/{token}: the public page behind an approval link. No password: the token in the address is the
// only credential, and it opens only that visit's proposed tasks. The customer approves or declines each
// one and sends one answer; the link is then used up. Talks REST (no tRPC client on the public site).
// A visit whose inspection was sent (issue #29) shows the report above the proposals; the report's module is
// loaded only then (features/inspection-report), keeping this public page light.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PublicApproval } from '@garage/shared/schemas/approvals';
import type { InspectionReport } from '@garage/shared/schemas/inspections';
import { CheckCircle2, Check, Link2Off, RotateCw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ApiError, apiGet, apiRequest } from '../../lib/api-client.ts';
import { cn } from '../../lib/utils.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { PriorityBadge } from '../../components/status-badges.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { ProposalPrice, useProposalAmount } from './proposal-price.tsx';
import { InspectionReports } from '../inspection-report/index.ts';

type Choice = { decision?: 'APPROVED' | 'DECLINED'; comment: string };
/** The sent inspections of the visit come with the page (optional: an older server sends none). */
type PageData = PublicApproval & { inspections?: InspectionReport[] };
/** The anchor of a proposal, for the report's "Decide" link next to a finding. */
const proposalAnchor = (taskId: string) => `approve-task-${taskId}`;

function Notice({ title, body, tone = 'neutral', testId }: { title: string; body: string; tone?: 'neutral' | 'success'; testId: string }) {
  return (
    <Card className="mx-auto w-full max-w-xl" data-testid={testId} role="status">
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        {tone === 'success' ? (
          <CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />
        ) : (
          <Link2Off className="size-12 text-muted-foreground" aria-hidden="true" />
        )}
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-muted-foreground">{body}</p>
      </CardContent>
    </Card>
  );
}

/** What a failed read or submission means for the customer. */
function failureKind(error: unknown): 'invalid' | 'gone' | 'closed' | 'changed' | 'failed' {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 404) return 'invalid';
  if (error.status === 410) return 'gone';
  if (error.status === 409)
    return error.body.messageCode === 'approvalLinks.closed' || error.body.messageCode === 'approvals.visitClosed' ? 'closed' : 'changed';
  return 'failed';
}

function ProposalRow({
  task,
  pricesIncludeTax,
  choice,
  onChange,
}: {
  task: PublicApproval['tasks'][number];
  pricesIncludeTax: boolean;
  choice: Choice;
  onChange: (choice: Choice) => void;
}) {
  const { t } = useTranslation('approvals');
  const { t: tt } = useTranslation('tasks');
  const commentId = useId();
  return (
    <li
      id={proposalAnchor(task.id)}
      className={cn(
        'flex scroll-mt-4 flex-col gap-3 rounded-lg border bg-card p-4',
        choice.decision === 'APPROVED' && 'border-emerald-500/60 bg-emerald-500/5',
        choice.decision === 'DECLINED' && 'border-red-500/40 bg-red-500/5',
      )}
      data-testid="approve-item"
      data-task-id={task.id}
      data-choice={choice.decision ?? ''}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-medium" dir="auto">
              {task.title}
            </h2>
            <PriorityBadge priority={task.priority} />
          </div>
          <p className="text-sm text-muted-foreground">{tt(`service.${task.service}`)}</p>
          {task.description && (
            <p className="mt-1 text-sm whitespace-pre-line" dir="auto">
              {task.description}
            </p>
          )}
        </div>
        <ProposalPrice
          grossCents={task.grossCents}
          pricesIncludeTax={pricesIncludeTax}
          className="text-end text-lg font-semibold"
          testId="approve-item-price"
        />
      </div>
      <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label={task.title}>
        <Button
          type="button"
          role="radio"
          aria-checked={choice.decision === 'APPROVED'}
          variant={choice.decision === 'APPROVED' ? 'default' : 'outline'}
          onClick={() => onChange({ ...choice, decision: 'APPROVED' })}
          data-testid="choose-approve"
        >
          <Check aria-hidden="true" />
          {t('decision.approve')}
        </Button>
        <Button
          type="button"
          role="radio"
          aria-checked={choice.decision === 'DECLINED'}
          variant={choice.decision === 'DECLINED' ? 'destructive' : 'outline'}
          onClick={() => onChange({ ...choice, decision: 'DECLINED' })}
          data-testid="choose-decline"
        >
          <X aria-hidden="true" />
          {t('decision.decline')}
        </Button>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={commentId} className="text-sm text-muted-foreground">
          {t('decision.comment')}
        </label>
        <Textarea
          id={commentId}
          rows={2}
          maxLength={500}
          value={choice.comment}
          placeholder={t('decision.commentPlaceholder')}
          onChange={(event) => onChange({ ...choice, comment: event.target.value })}
        />
      </div>
    </li>
  );
}

export function ApprovePage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('approvals');
  const format = useFormatters();
  const proposalAmount = useProposalAmount();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [showMissing, setShowMissing] = useState(false);
  const page = useQuery({
    queryKey: ['approval-link', token],
    queryFn: ({ signal }) => apiGet<PageData>(`/approve/${encodeURIComponent(token)}`, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const submit = useMutation({
    mutationFn: (decisions: unknown[]) => apiRequest(`/approve/${encodeURIComponent(token)}`, { method: 'POST', json: { decisions } }),
  });

  if (page.isPending) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-10" aria-busy="true">
        <span className="sr-only">{t('public.loading')}</span>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const wrap = (node: React.ReactNode) => <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-10">{node}</div>;
  if (submit.isSuccess)
    return wrap(<Notice testId="approve-done" tone="success" title={t('public.sent.title')} body={t('public.sent.body')} />);
  if (page.isError) {
    const kind = failureKind(page.error);
    if (kind === 'failed' || kind === 'changed') return wrap(<Notice testId="approve-error" title={t('public.failed')} body="" />);
    return wrap(<Notice testId={`approve-${kind}`} title={t(`public.${kind}.title`)} body={t(`public.${kind}.body`)} />);
  }
  const data = page.data;
  const inspections = data.inspections ?? [];
  const proposalIds = new Set(data.tasks.map((task) => task.id));
  // A finding's proposed work links to its row below while it waits for the customer's answer.
  const taskHref = (taskId: string) => (proposalIds.has(taskId) ? `#${proposalAnchor(taskId)}` : null);
  const reports = inspections.length > 0 && <InspectionReports reports={inspections} taskHref={taskHref} />;
  if (data.tasks.length === 0)
    return wrap(
      <>
        {reports}
        <Notice testId="approve-nothing" title={t('public.nothing.title')} body={t('public.nothing.body')} />
      </>,
    );

  const choiceOf = (id: string): Choice => choices[id] ?? { comment: '' };
  const complete = data.tasks.every((task) => choiceOf(task.id).decision);
  // What approving adds to the amount due: each proposal's gross (with its tax where prices are typed without tax).
  const approvedCents = data.tasks.reduce((sum, task) => (choiceOf(task.id).decision === 'APPROVED' ? sum + task.grossCents : sum), 0);
  const failure = submit.isError ? failureKind(submit.error) : null;
  const send = () => {
    if (!complete) {
      setShowMissing(true);
      return;
    }
    submit.mutate(
      data.tasks.map((task) => ({
        taskId: task.id,
        decision: choiceOf(task.id).decision,
        comment: choiceOf(task.id).comment.trim() || null,
        soldForCents: task.soldForCents,
      })),
    );
  };
  if (failure === 'gone' || failure === 'invalid' || failure === 'closed') {
    return wrap(<Notice testId={`approve-${failure}`} title={t(`public.${failure}.title`)} body={t(`public.${failure}.body`)} />);
  }

  return wrap(
    <Card data-testid="approve-page">
      <CardHeader>
        <CardTitle className="text-2xl">{t('public.title')}</CardTitle>
        <CardDescription className="flex flex-col gap-1 text-base">
          <span>{t('public.hello', { name: data.customerFirstName })}</span>
          <span>{t('public.intro')}</span>
          <span className="flex flex-wrap items-center gap-x-2 font-medium text-foreground" data-testid="approve-vehicle">
            <Ltr className="font-mono">{data.visit.plateNumber}</Ltr>
            <bdi>
              {data.visit.brand} {data.visit.model}
            </bdi>
            <span aria-hidden="true">·</span>
            <bdi>{data.visit.name}</bdi>
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {reports}
        <p className="text-sm font-medium">{t('public.choose')}</p>
        <ul className="flex flex-col gap-3">
          {data.tasks.map((task) => (
            <ProposalRow
              key={task.id}
              task={task}
              pricesIncludeTax={data.pricesIncludeTax}
              choice={choiceOf(task.id)}
              onChange={(choice) => setChoices((current) => ({ ...current, [task.id]: choice }))}
            />
          ))}
        </ul>
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted/50 p-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{t('public.currentTotal')}</dt>
            <dd className="text-base font-semibold tabular-nums">{proposalAmount(data.visit.totalCostCents, data.pricesIncludeTax)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('public.ifApproved')}</dt>
            <dd className="text-base font-semibold tabular-nums" data-testid="approve-new-total">
              {proposalAmount(data.visit.totalCostCents + approvedCents, data.pricesIncludeTax)}
            </dd>
          </div>
        </dl>
        {showMissing && !complete && (
          <p role="alert" className="text-sm text-destructive">
            {t('public.chooseAll')}
          </p>
        )}
        {failure === 'changed' && (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            {t('public.changed')}
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                submit.reset();
                setChoices({});
                void page.refetch();
              }}
            >
              <RotateCw aria-hidden="true" />
              {t('public.reload')}
            </Button>
          </p>
        )}
        {failure === 'failed' && (
          <p role="alert" className="text-sm text-destructive">
            {t('public.failed')}
          </p>
        )}
        <Button size="lg" onClick={send} disabled={submit.isPending} data-testid="approve-submit">
          {submit.isPending && <Spinner />}
          {t('public.submit')}
        </Button>
        <p className="text-center text-xs text-muted-foreground">{t('public.expires', { date: format.dateTime(data.expiresAt) })}</p>
      </CardContent>
    </Card>,
  );
}
