// Several large PDFs asked at once (e.g. three staff exporting a year's repair report): the renderer process
// takes them one at a time, so its peak memory is one document's, not the sum. Prints the wall time and the
// renderer's peak RSS (sampled every 20 ms from /proc).
//   cd apps/api && pnpm exec tsx bench/pdf-concurrent.ts [3]   (how many 1,000-row reports at once)
// Session 7, idle: 3 at once: 11.5 s, peak 358 MB (rendered all together: 9.3 s, peak 853 MB).
import { readFileSync } from 'node:fs';
import { type BrandedDocument, pdfRendererPid, renderBrandedPdf } from '../src/lib/pdf/render-pdf.ts';
import { REPORT_PDF_BODY } from '../src/modules/reports/report-pdf.ts';
const doc: BrandedDocument = {
  lang: 'en',
  dir: 'ltr',
  title: 'R',
  shop: { name: 'S', lines: [] },
  color: '#1d4ed8',
  pageLabel: 'Page {page} of {total}',
};
const cols = Array.from({ length: 10 }, (_, i) => ({ label: `C${i}`, width: i % 3 === 1 ? 1 : 'auto', align: 'start', ltr: i > 4 }));
const data = (n: number, seed: number) => ({
  columns: cols,
  rows: Array.from({ length: n }, (_, i) => cols.map((_, c) => `v${seed}-${i}-${c} text`)),
  empty: '',
  note: null,
  totals: [{ label: 'T', value: '1', strong: true }],
});
await renderBrandedPdf({ document: doc, body: REPORT_PDF_BODY, data: data(1, 0) });
const pid = pdfRendererPid()!;
const hwm = () => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
const rss = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
let peak = 0;
const t = setInterval(() => {
  try {
    peak = Math.max(peak, rss());
  } catch {}
}, 20);
const n = Number(process.argv[2] ?? 3);
const started = performance.now();
await Promise.all(Array.from({ length: n }, (_, k) => renderBrandedPdf({ document: doc, body: REPORT_PDF_BODY, data: data(1000, k + 1) })));
clearInterval(t);
console.log(
  `${n} concurrent 1000-row renders: ${(performance.now() - started).toFixed(0)} ms, renderer peak ${peak} MB, still running: ${pdfRendererPid() !== null}`,
);
