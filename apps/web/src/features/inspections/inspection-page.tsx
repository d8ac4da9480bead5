// /admin/inspections/:id — the technician's inspection on a phone in the bay (issue #29): the vehicle on top,
// the sections as collapsible groups with their progress, one row per item (inspection-item-row.tsx), and a
// footer that always says what is not sent yet, with Complete, Reopen, Send to customer and the PDF.
// Results and photos go through the outbox (outbox.ts): nothing typed is lost offline or on a reload.
import type { ApprovalLinkView } from '@garage/shared/schemas/approvals';
import type { InspectionItemView } from '@garage/shared/schemas/inspections';
import { countConditions } from '@garage/shared/inspection-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LoadErrorCard } from '../../components/load-error-card.tsx';
import { PageSkeleton } from '../../components/loading-frames.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { BackLink } from '../../components/page-header.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { errorMessageOf, messageCodeOf, renderCode } from '../../lib/form-errors.ts';
import { pickLocalized } from '../../lib/service-catalogue.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ConditionCounts } from './condition-style.tsx';
import { InspectionFooter } from './inspection-footer.tsx';
import { InspectionItemRow } from './inspection-item-row.tsx';
import { InspectionSection } from './inspection-section.tsx';
import { blockingItem, sectionsOf } from './item-rules.ts';
import { queuePhoto, queueResult } from './outbox.ts';
import { reducePhoto } from './photo-resize.ts';
import { ProposeWorkDialog, type Proposal } from './propose-work-dialog.tsx';
import { SendInspectionDialog } from './send-inspection-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';
import { useInspection, useOnline } from './use-inspection.ts';

export function InspectionPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('inspections');
  const language = i18n.resolvedLanguage ?? 'en';
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const online = useOnline();
  const current = useInspection(id);
  const { inspection, items, pending, refusals, queryKey } = current;

  // A refusal of "Complete" shown at the item it is about.
  const [blocked, setBlocked] = useState<{ itemId: string; text: string } | null>(null);
  const [proposing, setProposing] = useState<InspectionItemView | null>(null);
  const [proposeError, setProposeError] = useState<string | null>(null);
  const [sendOpen, setSendOpen] = useState(false);
  const [link, setLink] = useState<ApprovalLinkView | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const complete = useMutation(
    trpc.inspections.complete.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(queryKey, saved);
        setBlocked(null);
        toast.success(t('actions.completed'));
      },
      onError: (error) => {
        const text = errorMessageOf(t, error) ?? t('actions.failed');
        const itemId = blockingItem(
          items.map((item) => ({ ...item, photoCount: item.photos.length + (pending.get(item.id)?.photos.length ?? 0) })),
          messageCodeOf(error),
        );
        if (itemId) {
          setBlocked({ itemId, text });
          document.getElementById(`item-${itemId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        }
        toast.error(text);
      },
    }),
  );
  const reopen = useMutation(
    trpc.inspections.reopen.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
      onError: (error) => toast.error(errorMessageOf(t, error) ?? t('actions.failed')),
    }),
  );
  const propose = useMutation(
    trpc.inspections.proposeTask.mutationOptions({
      onSuccess: () => {
        setProposing(null);
        toast.success(t('propose.done'));
        void refresh();
      },
      onError: (error) => {
        const text = errorMessageOf(t, error) ?? t('propose.failed');
        setProposeError(text);
        toast.error(text);
      },
    }),
  );
  const send = useMutation(
    trpc.inspections.send.mutationOptions({
      onSuccess: (sent) => {
        setLink(sent.link);
        void refresh();
      },
      onError: (error) => setSendError(errorMessageOf(t, error) ?? t('send.failed')),
    }),
  );

  if (!inspection) {
    // Without network the query waits ('paused'): say so rather than spin.
    if (current.query.isPending && current.query.fetchStatus !== 'paused') return <PageSkeleton label={t('page.loading')} />;
    const notFound = current.query.error && messageCodeOf(current.query.error) === 'inspections.notFound';
    return (
      <LoadErrorCard
        message={notFound ? t('page.notFound') : t('page.loadFailed')}
        back={{ to: '/admin/inspections', label: t('page.back') }}
      />
    );
  }

  const editable = inspection.status === 'IN_PROGRESS';
  const counts = countConditions(items);
  const answered = items.length - counts.unanswered;
  const visitPath = `/admin/users/${inspection.customer.id}/vehicle/${inspection.vehicle.id}/visit/${inspection.visitId}`;
  const proposeNow = (item: InspectionItemView) => {
    setProposeError(null);
    if (item.offeringItem) propose.mutate({ id, itemId: item.id });
    else setProposing(item);
  };
  const proposeWith = (proposal: Proposal) => proposing && propose.mutate({ id, itemId: proposing.id, ...proposal });
  const refusalText = (itemId: string) => {
    if (blocked?.itemId === itemId) return blocked.text;
    const refusal = refusals.get(itemId);
    return refusal && renderCode(t, refusal.messageCode, refusal.params, t('item.refused'));
  };
  const addPhoto = async (itemId: string, file: File) => queuePhoto(id, itemId, await reducePhoto(file));

  return (
    <div className="flex flex-col gap-4 pb-4" data-testid="inspection-page" data-status={inspection.status}>
      <BackLink to="/admin/inspections" label={t('page.back')} />
      <Card>
        <CardContent className="flex flex-col gap-3 pt-6">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-bold" dir="auto">
              {pickLocalized(inspection.name, language)}
            </h1>
            <StatusBadge status={inspection.status} />
          </div>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div className="flex gap-2">
              <dt className="text-muted-foreground">{t('page.vehicle')}</dt>
              <dd className="flex flex-wrap gap-2">
                <Ltr className="font-semibold" testId="inspection-plate">
                  {inspection.vehicle.plateNumber}
                </Ltr>
                <span dir="auto">
                  {inspection.vehicle.brand} {inspection.vehicle.model}
                </span>
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">{t('page.customer')}</dt>
              <dd dir="auto">
                <Link to={visitPath} className="underline-offset-4 hover:underline">
                  {inspection.customer.firstName} {inspection.customer.lastName}
                </Link>
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">{t('page.odometer')}</dt>
              <dd>
                {inspection.odometer === null ? (
                  t('page.noOdometer')
                ) : (
                  <Ltr>{`${new Intl.NumberFormat(`${language}-u-nu-latn`).format(inspection.odometer)} ${t(`distance.${inspection.distanceUnit}`)}`}</Ltr>
                )}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">{t('page.technician')}</dt>
              <dd dir="auto">
                {inspection.assignedTo ? `${inspection.assignedTo.firstName} ${inspection.assignedTo.lastName}` : t('list.unassigned')}
              </dd>
            </div>
          </dl>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm font-medium" data-testid="inspection-progress">
              {t('page.progress', { answered, total: items.length })}
            </span>
            <ConditionCounts counts={counts} />
          </div>
          {current.fromPhone && (
            <p className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100" role="status">
              {t('page.fromPhone')}
            </p>
          )}
        </CardContent>
      </Card>

      {sectionsOf(items, language).map((section) => (
        <InspectionSection key={section.key} title={section.key} items={section.items}>
          {(item) => (
            <InspectionItemRow
              key={item.id}
              item={item}
              pending={pending.get(item.id)}
              refusalText={refusalText(item.id)}
              editable={editable}
              canPropose={online && !pending.get(item.id)?.fields}
              onResult={(fields) => {
                if (blocked?.itemId === item.id) setBlocked(null);
                queueResult(id, item.id, fields);
              }}
              onPhoto={(file) => void addPhoto(item.id, file)}
              onPropose={proposeNow}
              onProposeOther={(chosen) => {
                setProposeError(null);
                setProposing(chosen);
              }}
            />
          )}
        </InspectionSection>
      ))}

      <InspectionFooter
        inspectionId={id}
        status={inspection.status}
        waitingCount={current.waitingCount}
        loaded={current.outboxLoaded}
        online={online}
        completing={complete.isPending}
        reopening={reopen.isPending}
        onComplete={() => complete.mutate({ id })}
        onReopen={() => reopen.mutate({ id })}
        onSend={() => {
          setLink(null);
          setSendError(null);
          setSendOpen(true);
        }}
      />

      <ProposeWorkDialog
        key={proposing?.id ?? 'none'}
        item={proposing}
        pending={propose.isPending}
        error={proposeError}
        onPropose={proposeWith}
        onClose={() => setProposing(null)}
      />
      <SendInspectionDialog
        open={sendOpen}
        onOpenChange={setSendOpen}
        link={link}
        pending={send.isPending}
        error={sendError}
        onSend={(sendEmail) => send.mutate({ id, sendEmail })}
      />
    </div>
  );
}
