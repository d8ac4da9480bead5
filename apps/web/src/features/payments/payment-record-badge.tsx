import type { PAYMENT_RECORD_STATUSES } from '@garage/shared/constants';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/utils.ts';

type RecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];
const TONE: Record<RecordStatus, string> = {
  SUCCESS: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  FAILED: 'bg-red-500/15 text-red-700 dark:text-red-300',
  REFUNDED: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  DELETED: 'bg-muted text-muted-foreground',
};

export function PaymentRecordBadge({ status }: { status: RecordStatus }) {
  const { t } = useTranslation('payments');
  return <Badge className={cn('border-transparent', TONE[status])} data-status={status}>{t(`recordStatus.${status}`)}</Badge>;
}
