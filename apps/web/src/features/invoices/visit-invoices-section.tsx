// Invoices and credit notes on the staff visit page: preview the draft (a PDF marked "not an invoice",
// nothing stored), issue the invoice, correct it after the visit changed (one action: a credit note of the
// current invoice and a new invoice, after a confirmation that says so), credit an invoice in full or in part,
// download any document as PDF in the UI language or another. Nothing issued changes or disappears.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSummary } from '@garage/shared/schemas/invoices';
import type { VisitDetail } from '@garage/shared/schemas/visits';
import { Download, Eye, FilePen, FileText, Undo2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isolateLtr } from '../../lib/money.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { CreditNoteDialog } from './credit-note-dialog.tsx';
import { draftInvoicePdfUrl, INVOICE_LANGUAGES, invoicePdfUrl, issueFailureMessage } from './invoice-links.ts';

/** The invoice a new issue would correct: the latest invoice not replaced and not fully credited. */
export const currentInvoiceOf = (items: InvoiceSummary[]) =>
  items.find((item) => item.kind === 'INVOICE' && !item.replacedBy && item.credited !== 'FULL') ?? null;

export function VisitInvoicesSection({ visit }: { visit: Pick<VisitDetail, 'id'> }) {
  const { t, i18n } = useTranslation('invoices');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirmCorrect, setConfirmCorrect] = useState(false);
  const invoices = useQuery(trpc.invoices.forVisit.queryOptions({ visitId: visit.id }));
  const issue = useMutation(
    trpc.invoices.issue.mutationOptions({
      onSuccess: async (invoice) => {
        toast.success(t(invoice.replaces ? 'toast.corrected' : 'toast.issued', { number: isolateLtr(invoice.number) }));
        await queryClient.invalidateQueries({ queryKey: trpc.invoices.pathKey() });
      },
      onError: (error) => toast.error(issueFailureMessage(t, error)),
    }),
  );
  const current = currentInvoiceOf(invoices.data?.items ?? []);
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  const busy = issue.isPending || invoices.isPending;

  return (
    <Card className="gap-4" data-testid="visit-invoices">
      <CardHeader>
        <CardTitle className="text-lg">{t('sectionTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {/* Under the header, not beside the title: on a phone three buttons would squeeze it to a narrow column. */}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" asChild>
            <a href={draftInvoicePdfUrl(visit.id, lang)} target="_blank" rel="noopener" data-testid="preview-draft">
              <Eye aria-hidden="true" />
              {t('previewDraft')}
            </a>
          </Button>
          {current ? (
            <Button size="sm" disabled={busy} onClick={() => setConfirmCorrect(true)} data-testid="correct-invoice">
              <FilePen aria-hidden="true" />
              {t('correct')}
            </Button>
          ) : (
            <Button size="sm" disabled={busy} onClick={() => issue.mutate({ visitId: visit.id })} data-testid="issue-invoice">
              <FileText aria-hidden="true" />
              {t('issue')}
            </Button>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{t('hint')}</p>
        {current && (
          <ConfirmDialog
            open={confirmCorrect}
            onOpenChange={setConfirmCorrect}
            title={t('correctConfirm.title', { number: isolateLtr(current.number) })}
            description={t('correctConfirm.description', { number: isolateLtr(current.number) })}
            confirmLabel={t('correctConfirm.confirm')}
            busy={issue.isPending}
            onConfirm={() => issue.mutateAsync({ visitId: visit.id })}
          />
        )}
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

/** The kind and state of a document, as badges. */
export function DocumentBadges({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('invoices');
  if (invoice.kind === 'CREDIT_NOTE') return <Badge variant="accent">{t('kind.CREDIT_NOTE')}</Badge>;
  return (
    <>
      <Badge variant="info">{t('kind.INVOICE')}</Badge>
      {invoice.credited === 'FULL' && <Badge variant="neutral">{t('credited.FULL')}</Badge>}
      {invoice.credited === 'PARTIAL' && <Badge variant="progress">{t('credited.PARTIAL')}</Badge>}
      {invoice.replacedBy && <Badge variant="neutral">{t('replacedBy', { number: isolateLtr(invoice.replacedBy.number) })}</Badge>}
    </>
  );
}

/** "Issued … · Excl. tax … · Tax … · Incl. tax …": each field its own isolate (see below). */
export function DocumentMeta({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('invoices');
  const format = useFormatters();
  // Each field its own isolate: a date or an amount at a field's edge cannot trade places with a separator.
  const parts = [
    t('issuedOn', { date: format.dateTime(invoice.issuedAt) }),
    t('net', { amount: format.money(invoice.netCents) }),
    t('tax', { amount: format.money(invoice.taxCents) }),
    t('total', { amount: format.money(invoice.totalCents) }),
    ...(invoice.kind === 'INVOICE' ? [t('balance', { amount: format.money(invoice.balanceCents) })] : []),
    ...(invoice.credits ? [t('credits', { number: isolateLtr(invoice.credits.number) })] : []),
    ...(invoice.replaces ? [t('correctionOf', { number: isolateLtr(invoice.replaces.number) })] : []),
  ];
  return (
    <p className="text-xs text-muted-foreground" data-testid="invoice-meta">
      {parts.map((part, index) => (
        <span key={part}>
          {index > 0 && ' · '}
          <bdi>{part}</bdi>
        </span>
      ))}
    </p>
  );
}

function InvoiceRow({ invoice, lang }: { invoice: InvoiceSummary; lang: string }) {
  const { t } = useTranslation('invoices');
  const [crediting, setCrediting] = useState(false);
  const canCredit = invoice.kind === 'INVOICE' && invoice.credited !== 'FULL';
  return (
    <li
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center"
      data-testid="invoice-row"
      data-invoice-number={invoice.number}
      data-invoice-kind={invoice.kind}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span dir="ltr" className="font-mono font-semibold" data-testid="invoice-number">
            {invoice.number}
          </span>
          <DocumentBadges invoice={invoice} />
        </div>
        <DocumentMeta invoice={invoice} />
        {invoice.reason && <p className="text-xs text-muted-foreground">{t('reason', { reason: invoice.reason })}</p>}
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
        {canCredit && (
          <>
            <Button size="sm" variant="ghost" onClick={() => setCrediting(true)} data-testid="credit-invoice">
              <Undo2 aria-hidden="true" />
              {t('creditNote.open')}
            </Button>
            <CreditNoteDialog invoice={invoice} open={crediting} onOpenChange={setCrediting} />
          </>
        )}
      </div>
    </li>
  );
}
