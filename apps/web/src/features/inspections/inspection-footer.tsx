// The footer of the inspection screen, kept in view at the bottom of a phone: what is not sent yet (or that
// everything is saved), and the next step: Complete, Reopen, Send to customer, the PDF report.
import type { InspectionStatus } from '@garage/shared/inspection-rules';
import { CheckCheck, CloudOff, FileText, Lock, LockOpen, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { env } from '../../env.ts';
import { cn } from '../../lib/utils.ts';

export const inspectionPdfUrl = (inspectionId: string, language: string) =>
  `${env.apiUrl}/inspections/${inspectionId}/report.pdf?lang=${encodeURIComponent(language.slice(0, 2))}`;

export function InspectionFooter({
  inspectionId,
  status,
  waitingCount,
  loaded,
  online,
  completing,
  reopening,
  onComplete,
  onReopen,
  onSend,
}: {
  inspectionId: string;
  status: InspectionStatus;
  waitingCount: number;
  /** The phone's outbox was read back: until then "all saved" is not known. */
  loaded: boolean;
  online: boolean;
  completing: boolean;
  reopening: boolean;
  onComplete: () => void;
  onReopen: () => void;
  onSend: () => void;
}) {
  const { t, i18n } = useTranslation('inspections');
  const allSaved = loaded && waitingCount === 0;
  // Completing or sending while results still wait would judge a stale copy: everything is sent first.
  const canAct = online && allSaved;
  return (
    <div
      className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t bg-background/95 px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur sm:mx-0 sm:rounded-lg sm:border"
      data-testid="inspection-footer"
    >
      <p
        className={cn(
          'flex items-center gap-2 text-sm font-medium',
          allSaved ? 'text-emerald-800 dark:text-emerald-300' : 'text-amber-900 dark:text-amber-200',
        )}
        role="status"
        aria-live="polite"
        data-testid="sync-state"
        data-waiting={waitingCount}
      >
        {allSaved ? <CheckCheck className="size-4" aria-hidden="true" /> : <CloudOff className="size-4" aria-hidden="true" />}
        {allSaved ? t('sync.allSaved') : t('sync.waiting', { count: waitingCount })}
        {!online && <span className="font-normal">{t('sync.offline')}</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        {status === 'IN_PROGRESS' && (
          <Button
            className="min-h-12 flex-1 sm:flex-none"
            disabled={!canAct || completing}
            onClick={onComplete}
            data-testid="complete-inspection"
          >
            {completing ? <Spinner /> : <Lock aria-hidden="true" />}
            {t('actions.complete')}
          </Button>
        )}
        {status === 'COMPLETED' && (
          <Button variant="outline" className="min-h-12" disabled={!online || reopening} onClick={onReopen} data-testid="reopen-inspection">
            {reopening ? <Spinner /> : <LockOpen aria-hidden="true" />}
            {t('actions.reopen')}
          </Button>
        )}
        {status !== 'IN_PROGRESS' && (
          <Button className="min-h-12 flex-1 sm:flex-none" disabled={!online} onClick={onSend} data-testid="send-inspection">
            <Send aria-hidden="true" />
            {status === 'SENT' ? t('actions.sendAgain') : t('actions.send')}
          </Button>
        )}
        <a
          href={inspectionPdfUrl(inspectionId, i18n.resolvedLanguage ?? 'en')}
          target="_blank"
          rel="noopener"
          className={cn(buttonVariants({ variant: 'outline' }), 'min-h-12')}
          data-testid="inspection-pdf"
        >
          <FileText aria-hidden="true" />
          {t('actions.pdf')}
        </a>
      </div>
      {status === 'IN_PROGRESS' && !canAct && <p className="text-xs text-muted-foreground">{t('sync.completeWhenSent')}</p>}
    </div>
  );
}
