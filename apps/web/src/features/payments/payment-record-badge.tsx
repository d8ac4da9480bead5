import type { PAYMENT_RECORD_STATUSES } from '@garage/shared/constants';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';

type RecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];
// Tones from the one badge definition (components/ui/badge.tsx).
const TONE = { SUCCESS: 'success', FAILED: 'danger', REFUNDED: 'progress', DELETED: 'neutral' } as const satisfies Record<
  RecordStatus,
  string
>;

export function PaymentRecordBadge({ status }: { status: RecordStatus }) {
  const { t } = useTranslation('payments');
  return (
    <Badge variant={TONE[status]} data-status={status}>
      {t(`recordStatus.${status}`)}
    </Badge>
  );
}
