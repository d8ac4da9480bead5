// "Ask the customer to approve": mints a single-use approval link for the visit (the server revokes older
// ones), emails it when asked and possible, and offers it as a WhatsApp click-to-send text and a copy button.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPROVAL_LIMITS, type ApprovalLinkView } from '@garage/shared/schemas/approvals';
import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { failureMessage } from '../../lib/form-errors.ts';
import { ApprovalLinkResult } from './approval-link-result.tsx';

export function AskApprovalDialog({
  visitId,
  hasEmail,
  open,
  onOpenChange,
}: {
  visitId: string;
  hasEmail: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('approvals');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const emailId = useId();
  const [sendEmail, setSendEmail] = useState(hasEmail);
  const [link, setLink] = useState<ApprovalLinkView | null>(null);
  const create = useMutation(
    trpc.approvals.createLink.mutationOptions({
      onSuccess: async (created) => {
        setLink(created);
        await queryClient.invalidateQueries({ queryKey: trpc.approvals.latestLink.queryKey({ id: visitId }) });
      },
      onError: (error) => toast.error(failureMessage(t, error, t('staff.ask.failed'))),
    }),
  );
  const close = (next: boolean) => {
    if (!next) setLink(null);
    onOpenChange(next);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={t('staff.ask.title')}
      description={t('staff.ask.description', { hours: APPROVAL_LIMITS.linkTtlHours })}
    >
      {!link ? (
        <div className="flex flex-col gap-4">
          {hasEmail && (
            <div className="flex items-center gap-2">
              <Checkbox id={emailId} checked={sendEmail} onCheckedChange={(value) => setSendEmail(value === true)} />
              <label htmlFor={emailId} className="text-sm">
                {t('staff.ask.sendEmail')}
              </label>
            </div>
          )}
          <Button
            onClick={() => create.mutate({ id: visitId, sendEmail: hasEmail && sendEmail })}
            disabled={create.isPending}
            data-testid="create-approval-link"
          >
            {create.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
            {t('staff.ask.create')}
          </Button>
        </div>
      ) : (
        <ApprovalLinkResult link={link} namespace="approvals" keyPrefix="staff.ask" testIdPrefix="approval-link" />
      )}
    </FormDialog>
  );
}
