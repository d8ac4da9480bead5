// One line under a task on the staff screens: who decided a proposal, how and when, with their comment;
// or that it is still waiting for the customer.
import type { TaskApprovalView } from '@garage/shared/schemas/approvals';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/formatters.ts';

export function ApprovalLine({ approval }: { approval: TaskApprovalView }) {
  const { t } = useTranslation('approvals');
  const format = useFormatters();
  if (approval.state === 'PENDING' || !approval.decidedAt) {
    return (
      <p className="text-sm text-amber-800 dark:text-amber-200">
        {t('staff.awaiting', { date: approval.proposedAt ? format.dateTime(approval.proposedAt) : '' })}
      </p>
    );
  }
  const name = approval.decidedBy ? `${approval.decidedBy.firstName} ${approval.decidedBy.lastName}` : '—';
  return (
    <p className="text-sm text-muted-foreground" data-testid="approval-decision" data-state={approval.state}>
      {t('staff.decidedBy', {
        decision: t(`state.${approval.state}`),
        name,
        channel: approval.channel ? t(`channel.${approval.channel}`) : '—',
        date: format.dateTime(approval.decidedAt),
      })}
      {approval.comment && <bdi className="block text-foreground">“{approval.comment}”</bdi>}
    </p>
  );
}
