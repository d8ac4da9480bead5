// The invoices on the client's visit page (one of CLIENT_VISIT_SECTIONS): shown once staff issued one. The
// current invoice is downloaded in the UI language; credit notes and the invoices they cancelled stay
// downloadable below, each named by its kind.
import { useQuery } from '@tanstack/react-query';
import type { MyVisit } from '@garage/shared/schemas/approvals';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { invoicePdfUrl } from './invoice-links.ts';
import { currentInvoiceOf } from './visit-invoices-section.tsx';

export function ClientInvoiceSection({ visit }: { visit: MyVisit }) {
  const { t, i18n } = useTranslation('invoices');
  const trpc = useTRPC();
  const format = useFormatters();
  const invoices = useQuery(trpc.myInvoices.forVisit.queryOptions({ visitId: visit.id }));
  const items = invoices.data?.items ?? [];
  if (items.length === 0) return null;
  const current = currentInvoiceOf(items);
  const others = items.filter((invoice) => invoice.id !== current?.id);
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);

  return (
    <Card className="gap-4" data-testid="my-invoice">
      <CardHeader>
        <CardTitle className="text-lg">{t('client.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {current && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <p className="font-mono font-semibold">
                <bdi dir="ltr" data-testid="my-invoice-number">
                  {current.number}
                </bdi>
              </p>
              <p className="text-sm text-muted-foreground">
                <bdi>{t('issuedOn', { date: format.dateTime(current.issuedAt) })}</bdi> ·{' '}
                <bdi>{t('net', { amount: format.money(current.netCents) })}</bdi> ·{' '}
                <bdi>{t('tax', { amount: format.money(current.taxCents) })}</bdi> ·{' '}
                <bdi>{t('total', { amount: format.money(current.totalCents) })}</bdi>
              </p>
            </div>
            <Button asChild>
              <a href={invoicePdfUrl('client', current.id, lang)} download data-testid="download-my-invoice">
                <Download aria-hidden="true" />
                {t('client.download')}
              </a>
            </Button>
          </div>
        )}
        {others.length > 0 && (
          <div className="flex flex-col gap-1 text-sm">
            <p className="text-muted-foreground">{t('client.earlier')}</p>
            <ul className="flex flex-col gap-1" data-testid="my-other-documents">
              {others.map((invoice) => (
                <li key={invoice.id} className="flex flex-wrap items-center gap-x-2">
                  <span className="text-muted-foreground">{t(`kind.${invoice.kind}`)}</span>
                  <a className="underline underline-offset-2" href={invoicePdfUrl('client', invoice.id, lang)} download>
                    <bdi dir="ltr">{invoice.number}</bdi>
                  </a>
                  <bdi className="text-muted-foreground">{format.money(invoice.totalCents)}</bdi>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
