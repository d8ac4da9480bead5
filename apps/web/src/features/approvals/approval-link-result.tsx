// A minted approval link, ready to share: whether it was emailed, the address to copy, WhatsApp and when it
// expires. One component for "Ask the customer to approve" and an inspection's "Send to customer"; each
// passes its own namespace and key prefix (both hold emailed, notEmailed, copy, copied, copyFailed, whatsapp,
// noPhone, expires) and its own test id prefix.
import type { ApprovalLinkView } from '@garage/shared/schemas/approvals';
import { Copy, Send } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useFormatters } from '../../lib/formatters.ts';
import { cn } from '../../lib/utils.ts';

export function ApprovalLinkResult({
  link,
  namespace,
  keyPrefix,
  testIdPrefix,
  large = false,
}: {
  link: ApprovalLinkView;
  namespace: string;
  keyPrefix: string;
  testIdPrefix: string;
  /** Workshop screens: 48 px buttons. */
  large?: boolean;
}) {
  const { t } = useTranslation(namespace, { keyPrefix });
  const format = useFormatters();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  };
  return (
    <div className="flex flex-col gap-4" data-testid={`${testIdPrefix}-result`}>
      <p className="text-sm" data-testid={`${testIdPrefix}-emailed`}>
        {link.emailedTo ? t('emailed', { email: link.emailedTo }) : t('notEmailed')}
      </p>
      <Input
        readOnly
        dir="ltr"
        value={link.url}
        onFocus={(event) => event.currentTarget.select()}
        data-testid={`${testIdPrefix}-url`}
        aria-label={t('copy')}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        {link.whatsappUrl ? (
          <Button asChild className={cn('bg-[#25D366] text-white hover:bg-[#1ebe5a]', large && 'min-h-12')}>
            <a href={link.whatsappUrl} target="_blank" rel="noopener noreferrer" data-testid={`${testIdPrefix}-whatsapp`}>
              <Send aria-hidden="true" />
              {t('whatsapp')}
            </a>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t('noPhone')}</p>
        )}
        <Button variant="outline" className={cn(large && 'min-h-12')} onClick={() => void copy()} data-testid={`${testIdPrefix}-copy`}>
          <Copy aria-hidden="true" />
          {t('copy')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('expires', { date: format.dateTime(link.expiresAt) })}</p>
    </div>
  );
}
