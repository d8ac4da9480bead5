// "Send to customer": the inspection goes out through the visit's approval link (the server mints it, like
// "Ask the customer to approve": emailed when asked and possible), and the link is offered for WhatsApp and
// copying with the approvals feature's ApprovalLinkResult.
import type { ApprovalLinkView } from '@garage/shared/schemas/approvals';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApprovalLinkResult } from '../approvals/index.ts';

export function SendInspectionDialog({
  open,
  onOpenChange,
  link,
  pending,
  error,
  onSend,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link the server returned, once sent. */
  link: ApprovalLinkView | null;
  pending: boolean;
  error: string | null;
  onSend: (sendEmail: boolean) => void;
}) {
  const { t } = useTranslation('inspections');
  const emailId = useId();
  const [sendEmail, setSendEmail] = useState(true);

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('send.title')} description={t('send.description')}>
      {!link ? (
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-2">
            <Checkbox id={emailId} checked={sendEmail} onCheckedChange={(value) => setSendEmail(value === true)} />
            <label htmlFor={emailId} className="text-sm">
              {t('send.sendEmail')}
            </label>
          </div>
          {error && (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          )}
          <Button className="min-h-12" onClick={() => onSend(sendEmail)} disabled={pending} data-testid="send-inspection-confirm">
            {pending ? <Spinner /> : <Send aria-hidden="true" />}
            {t('send.confirm')}
          </Button>
        </div>
      ) : (
        <ApprovalLinkResult link={link} namespace="inspections" keyPrefix="send" testIdPrefix="inspection-link" large />
      )}
    </FormDialog>
  );
}
