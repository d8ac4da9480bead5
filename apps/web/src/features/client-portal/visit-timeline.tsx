// A visit's progress as the customer follows it: received → in progress → ready for pickup → picked up.
// The step comes from the visit status; "completed" work shows the second step as done ("Work completed").
import type { VISIT_STATUSES } from '@garage/shared/constants';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';

type VisitStatus = (typeof VISIT_STATUSES)[number];
const STEPS = ['RECEIVED', 'IN_PROGRESS', 'READY_FOR_PICKUP', 'PICKED_UP'] as const;

/** Index of the current step, and whether that step itself is finished. */
function position(status: VisitStatus): { index: number; finished: boolean } {
  switch (status) {
    case 'PENDING':
      return { index: 0, finished: false };
    case 'IN_PROGRESS':
      return { index: 1, finished: false };
    case 'COMPLETED':
      return { index: 1, finished: true };
    case 'READY_FOR_PICKUP':
      return { index: 2, finished: false };
    default:
      return { index: 3, finished: true };
  }
}

export function VisitTimeline({ status, receivedOn }: { status: VisitStatus; receivedOn: string }) {
  const { t } = useTranslation('approvals');
  if (status === 'CANCELLED') {
    return (
      <p
        role="status"
        className="rounded-lg border border-red-500/30 bg-red-500/10 p-3 text-sm"
        data-testid="visit-timeline"
        data-status={status}
      >
        {t('portal.timeline.cancelled')}
      </p>
    );
  }
  const { index, finished } = position(status);
  return (
    <ol className="grid grid-cols-4 gap-1" aria-label={t('portal.timeline.title')} data-testid="visit-timeline" data-status={status}>
      {STEPS.map((step, i) => {
        const done = i < index || (i === index && finished);
        const current = i === index && !finished;
        const label = step === 'IN_PROGRESS' && status === 'COMPLETED' ? t('portal.timeline.WORK_DONE') : t(`portal.timeline.${step}`);
        return (
          <li
            key={step}
            className="flex flex-col items-center gap-1.5 text-center"
            aria-current={current ? 'step' : undefined}
            data-step={step}
            data-done={done}
          >
            <div className="flex w-full items-center">
              <span className={cn('h-0.5 flex-1', i === 0 ? 'invisible' : i <= index ? 'bg-primary' : 'bg-border')} />
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold',
                  done && 'border-primary bg-primary text-primary-foreground',
                  current && 'border-primary bg-background text-primary ring-4 ring-primary/15',
                  !done && !current && 'border-border bg-background text-muted-foreground',
                )}
              >
                {done ? <Check className="size-4" aria-hidden="true" /> : i + 1}
              </span>
              <span className={cn('h-0.5 flex-1', i === STEPS.length - 1 ? 'invisible' : i < index ? 'bg-primary' : 'bg-border')} />
            </div>
            <span className={cn('text-xs leading-tight sm:text-sm', current ? 'font-semibold text-foreground' : 'text-muted-foreground')}>
              {label}
            </span>
            {i === 0 && <span className="hidden text-xs text-muted-foreground sm:block">{receivedOn}</span>}
            <span className="sr-only">{done ? t('portal.timeline.done') : current ? t('portal.timeline.current') : ''}</span>
          </li>
        );
      })}
    </ol>
  );
}
