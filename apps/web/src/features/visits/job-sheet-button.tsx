// "Job sheet": the visit's printable work order (vehicle, spec card, tasks with parts and labour, room for
// notes and signatures), a PDF opened in a new tab in the page's language. A plain link: the session cookie
// goes with it (GET /backend/visits/:id/job-sheet.pdf, staff).
import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { env } from '../../env.ts';

export const jobSheetPdfUrl = (visitId: string, lang: string) =>
  `${env.apiUrl}/visits/${visitId}/job-sheet.pdf?lang=${encodeURIComponent(lang.slice(0, 2))}`;

export function JobSheetButton({ visitId }: { visitId: string }) {
  const { t, i18n } = useTranslation('specCard');
  return (
    <a
      href={jobSheetPdfUrl(visitId, i18n.language)}
      target="_blank"
      rel="noopener"
      className={buttonVariants({ variant: 'outline' })}
      data-testid="job-sheet"
    >
      <Printer aria-hidden="true" />
      {t('jobSheet')}
    </a>
  );
}
