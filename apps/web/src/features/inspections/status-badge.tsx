// An inspection's state as a badge: in progress, completed, sent to the customer.
import type { InspectionStatus } from '@garage/shared/inspection-rules';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/utils.ts';

const TONE: Record<InspectionStatus, string> = {
  IN_PROGRESS: 'border-transparent bg-sky-600/15 text-sky-900 dark:text-sky-200',
  COMPLETED: 'border-transparent bg-emerald-600/15 text-emerald-900 dark:text-emerald-200',
  SENT: 'border-transparent bg-violet-600/15 text-violet-900 dark:text-violet-200',
};

export function StatusBadge({ status, className }: { status: InspectionStatus; className?: string }) {
  const { t } = useTranslation('inspections');
  return (
    <Badge className={cn(TONE[status], className)} data-testid="inspection-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
