// The three download buttons. Each asks the server for the file (it streams it) through apiFetch, so the
// session is refreshed like any call, then hands the bytes to the browser under the server's file name. A
// failure shows the SPEC §8 toast of the report.
import { REPORT_FORMATS } from '@garage/shared/schemas/reports';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { env } from '../../env.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import type { ReportRequest } from './reports-page.tsx';

const FILE_FORMATS = REPORT_FORMATS.filter((format) => format !== 'json');
type FileFormat = (typeof FILE_FORMATS)[number];

export function reportUrl(request: ReportRequest, format: FileFormat | 'json'): string {
  const { report, ...filters } = request;
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(filters).flatMap(([key, value]) => (value ? [[key, String(value)]] : []))),
    format,
  });
  return `${env.apiUrl}/reports/${report}?${query}`;
}

const fileNameOf = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function ReportDownloads({ request, disabled }: { request: ReportRequest; disabled: boolean }) {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState<FileFormat | null>(null);

  const download = async (format: FileFormat) => {
    setBusy(format);
    try {
      const response = await apiFetch(reportUrl(request, format));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      saveBlob(await response.blob(), fileNameOf(response, `${request.report}-report.${format}`));
    } catch {
      toast.error(t(`errors.${request.report}`), { id: `report-${request.report}` });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('download', { format: '' }).trim()}>
      {FILE_FORMATS.map((format) => (
        <Button
          key={format}
          variant={format === 'pdf' ? 'default' : 'outline'}
          disabled={disabled || busy !== null}
          onClick={() => download(format)}
          data-testid={`report-download-${format}`}
        >
          {busy === format ? <Spinner aria-hidden="true" /> : <Download aria-hidden="true" />}
          {busy === format ? t('downloading', { format: format.toUpperCase() }) : t('download', { format: format.toUpperCase() })}
        </Button>
      ))}
    </div>
  );
}
