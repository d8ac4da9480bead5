// "Send to customer": the inspection goes out through the visit's approval link (the server mints it, like
// "Ask the customer to approve": emailed when asked and possible), and the link is offered for WhatsApp and
// copying, the same way features/approvals/ask-approval-dialog.tsx does.
import type { ApprovalLinkView } from '@garage/shared/schemas/approvals';
import { Copy, Send } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFormatters } from '../../lib/formatters.ts';

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
  const format = useFormatters();
  const emailId = useId();
  const [sendEmail, setSendEmail] = useState(true);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('send.copied'));
    } catch {
      toast.error(t('send.copyFailed'));
    }
  };

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
        <div className="flex flex-col gap-4" data-testid="inspection-link-result">
          <p className="text-sm" data-testid="inspection-link-emailed">
            {link.emailedTo ? t('send.emailed', { email: link.emailedTo }) : t('send.notEmailed')}
          </p>
          <Input
            readOnly
            dir="ltr"
            value={link.url}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="inspection-link-url"
            aria-label={t('send.copy')}
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            {link.whatsappUrl ? (
              <Button asChild className="min-h-12 bg-[#25D366] text-white hover:bg-[#1ebe5a]">
                <a href={link.whatsappUrl} target="_blank" rel="noopener noreferrer" data-testid="inspection-link-whatsapp">
                  <Send aria-hidden="true" />
                  {t('send.whatsapp')}
                </a>
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">{t('send.noPhone')}</p>
            )}
            <Button variant="outline" className="min-h-12" onClick={() => void copy(link.url)} data-testid="inspection-link-copy">
              <Copy aria-hidden="true" />
              {t('send.copy')}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">{t('send.expires', { date: format.dateTime(link.expiresAt) })}</p>
        </div>
      )}
    </FormDialog>
  );
}
