// Memory and time of one Typst render by size: a repair-report-like table of --rows rows (ten columns, as
// report-pdf.ts prints it), each size in a fresh renderer process (src/lib/pdf/render-pdf.ts): its RSS once
// the fonts are loaded (after a one-row render), its peak (VmHWM) during the big render, the render time.
//   cd apps/api && pnpm exec tsx bench/pdf-memory.ts [--rows 100,250,500,1000]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { RENDERER, pdfRendererPid, renderBrandedPdf, stopPdfRenderer, type BrandedDocument } from '../src/lib/pdf/render-pdf.ts';
import { REPORT_PDF_BODY } from '../src/modules/reports/report-pdf.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100,250,500,1000' } } });
const statusMb = (pid: number, field: string) =>
  Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

const document: BrandedDocument = {
  lang: 'en',
  dir: 'ltr',
  title: 'Repair report',
  subtitle: 'Period: 25 Nov 2025 – 24 Nov 2026',
  shop: { name: 'Garage bench', lines: [{ text: '1 bench street' }, { text: '+33 1 23 45 67 89', ltr: true }] },
  color: '#1d4ed8',
  footer: 'Generated on 24 November 2026',
  pageLabel: 'Page {page} of {total}',
};
const columns = [
  ['Date', 'auto', 'start', true],
  ['Visit', 1, 'start', false],
  ['Customer', 1, 'start', false],
  ['Plate', 1, 'start', false],
  ['Status', 'auto', 'start', false],
  ['Tasks', 'auto', 'end', true],
  ['Done', 'auto', 'end', true],
  ['Billed (EUR)', 'auto', 'end', true],
  ['Paid (EUR)', 'auto', 'end', true],
  ['Balance (EUR)', 'auto', 'end', true],
].map(([label, width, align, ltr]) => ({ label, width, align, ltr }));

function render(rows: number): Promise<Buffer> {
  return renderBrandedPdf({
    document,
    body: REPORT_PDF_BODY,
    data: {
      columns,
      rows: Array.from({ length: rows }, (_, i) => [
        `${1 + (i % 28)} Mar 2026`,
        `Visit ${i} brakes and oil`,
        `Customer ${i} Lastname`,
        `AB ${100 + (i % 900)} CD`,
        'Completed',
        String(i % 7),
        String(i % 5),
        `€${(i * 13.7).toFixed(2)}`,
        `€${(i * 11.1).toFixed(2)}`,
        `€${(i * 2.6).toFixed(2)}`,
      ]),
      empty: 'No rows',
      note: null,
      totals: [{ label: 'Visits', value: String(rows), strong: true }],
    },
  });
}

// Kept running after the big render, to read its peak (it would be ended at once otherwise).
RENDERER.recycleRssBytes = Number.POSITIVE_INFINITY;
console.log('rows    bytes      ms      renderer RSS, fonts loaded   peak');
for (const rows of values.rows.split(',').map(Number)) {
  await render(1);
  const pid = pdfRendererPid()!;
  const ready = statusMb(pid, 'VmRSS');
  const started = performance.now();
  const pdf = await render(rows);
  const ms = performance.now() - started;
  console.log(
    `${String(rows).padEnd(7)} ${String(pdf.length).padEnd(10)} ${ms.toFixed(0).padStart(6)}  ${String(ready).padStart(6)} MB                     ${String(statusMb(pid, 'VmHWM')).padStart(4)} MB`,
  );
  stopPdfRenderer();
}
console.log(execFileSync('uptime').toString().trim());
