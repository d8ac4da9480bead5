// The client's visit page: the inspections the shop SENT for this visit (issue #29), each as the report the
// customer reads (features/inspection-report) with its PDF in the page's language. A finding's proposed work
// links to that task's page, where the customer approves or declines it. Nothing shows before one is sent.
import type { MyVisit } from '@garage/shared/schemas/approvals';
import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { resolveMediaUrl } from '../../lib/media-url.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { InspectionReports } from '../inspection-report/index.ts';

function PdfLink({ url }: { url: string }) {
  const { t, i18n } = useTranslation('inspection-report');
  const lang = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2);
  const href = `${resolveMediaUrl(url)}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
      data-testid="inspection-pdf"
    >
      <FileDown aria-hidden="true" />
      {t('pdf')}
    </a>
  );
}

export function ClientInspectionsSection({ visit }: { visit: MyVisit }) {
  const trpc = useTRPC();
  const reports = useQuery(trpc.myInspections.forVisit.queryOptions({ id: visit.id }));
  // A failed read hides the section: the rest of the visit page stays usable (the report is also emailed as a link).
  if (!reports.data || reports.data.length === 0) return null;
  const taskHref = (taskId: string) => `/client/overview/${visit.vehicle.id}/${visit.id}/${taskId}`;
  return (
    <section className="flex flex-col gap-2" data-testid="my-inspections">
      <InspectionReports
        reports={reports.data}
        taskHref={taskHref}
        actionsOf={(report) => report.pdfUrl && <PdfLink url={report.pdfUrl} />}
      />
    </section>
  );
}
