// Invoices on the staff visit page: issue one (or a corrected one after the visit changed) and download any
// issued invoice as PDF, in the UI language or another. An issued invoice never changes (docs/features.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSummary } from '@garage/shared/schemas/invoices';
import type { VisitDetail } from '@garage/shared/schemas/visits';
import { Download, FileText } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isolateLtr } from '../../lib/money.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { INVOICE_LANGUAGES, invoicePdfUrl, issueFailureMessage } from './invoice-links.ts';

export function VisitInvoicesSection({ visit }: { visit: Pick<VisitDetail, 'id'> }) {
  const { t, i18n } = useTranslation('invoices');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invoices = useQuery(trpc.invoices.forVisit.queryOptions({ visitId: visit.id }));
  const issue = useMutation(
    trpc.invoices.issue.mutationOptions({
      onSuccess: async (invoice) => {
        toast.success(t('toast.issued', { number: isolateLtr(invoice.number) }));
        await queryClient.invalidateQueries({ queryKey: trpc.invoices.pathKey() });
      },
      onError: (error) => toast.error(issueFailureMessage(t, error)),
    }),
  );
  const hasCurrent = !!invoices.data?.items.some((invoice) => !invoice.replacedBy);
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);

  return (
    <Card className="gap-4" data-testid="visit-invoices">
      <CardHeader>
        <CardTitle className="text-lg">{t('sectionTitle')}</CardTitle>
        <CardAction>
          <Button
            size="sm"
            disabled={issue.isPending || invoices.isPending}
            onClick={() => issue.mutate({ visitId: visit.id })}
            data-testid="issue-invoice"
          >
            <FileText aria-hidden="true" />
            {hasCurrent ? t('reissue') : t('issue')}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {/* Under the header, not beside the button: on a phone the button would squeeze it to a narrow column. */}
        <p className="text-sm text-muted-foreground">{t('hint')}</p>
        {invoices.isPending && <Skeleton className="h-16" />}
        {invoices.isError && (
          <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
            {t('loadFailed')}
            <Button variant="link" size="sm" onClick={() => invoices.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {invoices.data?.items.length === 0 && <p className="text-sm text-muted-foreground">{t('none')}</p>}
        {invoices.data && invoices.data.items.length > 0 && (
          <ul className="divide-y rounded-lg border" data-testid="invoice-list">
            {invoices.data.items.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} lang={lang} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function InvoiceRow({ invoice, lang }: { invoice: InvoiceSummary; lang: string }) {
  const { t } = useTranslation('invoices');
  const format = useFormatters();
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center" data-testid="invoice-row" data-invoice-number={invoice.number}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span dir="ltr" className="font-mono font-semibold" data-testid="invoice-number">
            {invoice.number}
          </span>
          {invoice.replacedBy ? (
            <Badge variant="neutral">{t('replacedBy', { number: isolateLtr(invoice.replacedBy.number) })}</Badge>
          ) : (
            <Badge variant="success">{t('current')}</Badge>
          )}
        </div>
        {/* Each field its own isolate: a date or an amount at a field's edge cannot trade places with a separator. */}
        <p className="text-xs text-muted-foreground" data-testid="invoice-meta">
          <bdi>{t('issuedOn', { date: format.dateTime(invoice.issuedAt) })}</bdi> ·{' '}
          <bdi>{t('total', { amount: format.money(invoice.totalCents) })}</bdi>
          {' · '}
          <bdi>{t('balance', { amount: format.money(invoice.balanceCents) })}</bdi>
          {invoice.replaces && (
            <>
              {' '}
              · <bdi>{t('correctionOf', { number: isolateLtr(invoice.replaces.number) })}</bdi>
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Button size="sm" variant="outline" asChild>
          <a href={invoicePdfUrl('admin', invoice.id, lang)} download data-testid="download-invoice">
            <Download aria-hidden="true" />
            {t('download')}
          </a>
        </Button>
        {INVOICE_LANGUAGES.filter((other) => other !== lang).map((other) => (
          <Button key={other} size="sm" variant="ghost" asChild>
            <a
              href={invoicePdfUrl('admin', invoice.id, other)}
              download
              lang={other}
              aria-label={t('downloadLanguage', { language: t(`languages.${other}`) })}
              data-testid={`download-invoice-${other}`}
            >
              {other.toUpperCase()}
            </a>
          </Button>
        ))}
      </div>
    </li>
  );
}
