// "Ask the customer to approve": mints a single-use approval link for the visit (the server revokes older
// ones), emails it when asked and possible, and offers it as a WhatsApp click-to-send text and a copy button.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPROVAL_LIMITS, type ApprovalLinkView } from '@garage/shared/schemas/approvals';
import { Copy, Link2, Send } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { failureMessage } from '../../lib/form-errors.ts';

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
  const format = useFormatters();
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
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('staff.ask.copied'));
    } catch {
      toast.error(t('staff.ask.copyFailed'));
    }
  };
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
        <div className="flex flex-col gap-4" data-testid="approval-link-result">
          <p className="text-sm" data-testid="approval-link-emailed">
            {link.emailedTo ? t('staff.ask.emailed', { email: link.emailedTo }) : t('staff.ask.notEmailed')}
          </p>
          <Input
            readOnly
            dir="ltr"
            value={link.url}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="approval-link-url"
            aria-label={t('staff.ask.copy')}
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            {link.whatsappUrl ? (
              <Button asChild className="bg-[#25D366] text-white hover:bg-[#1ebe5a]">
                <a href={link.whatsappUrl} target="_blank" rel="noopener noreferrer" data-testid="approval-link-whatsapp">
                  <Send aria-hidden="true" />
                  {t('staff.ask.whatsapp')}
                </a>
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">{t('staff.ask.noPhone')}</p>
            )}
            <Button variant="outline" onClick={() => void copy(link.url)} data-testid="approval-link-copy">
              <Copy aria-hidden="true" />
              {t('staff.ask.copy')}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">{t('staff.ask.expires', { date: format.dateTime(link.expiresAt) })}</p>
        </div>
      )}
    </FormDialog>
  );
}
