// A report as a branded PDF through the shared engine (src/lib/pdf: Typst, Arabic shaped and right to left):
// the shop's frame, the filters under the title, the rows in the shared data table and the totals in a
// summary box, every value formatted in the document's language (Latin digits, the language's separators,
// month names), dates being the shop's calendar days.
//
// Typst lays out a whole document at once, so a PDF is built in memory, unlike CSV and XLSX: it carries at
// most REPORT_LIMITS.pdfMaxRows rows (a note says so; the totals still cover every row) and the rest is
// left to the spreadsheet formats. Rows past the limit are not even read (the cursor stops there). The
// layout happens in the PDF renderer process (lib/pdf/render-pdf.ts), not in the server's.
import { REPORT_LIMITS, REPORT_TEXT, REPORTS, type ReportColumn, type ReportRow } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { isolateLtr, type PdfFormatter } from '../../lib/pdf/format.ts';
import { renderBrandedPdf } from '../../lib/pdf/render-pdf.ts';
import { brandedFrame } from '../../lib/pdf/shop.ts';
import type { ReportContext, ReportPart } from './reports.service.ts';

// Wide reports (up to ten columns on A4 portrait) print a size smaller.
export const REPORT_PDF_BODY = `
#set text(size: if data.columns.len() > 7 { 7.5pt } else { 9pt })
#data-table(doc, columns: data.columns, rows: data.rows, empty: data.empty)
#if data.note != none { note(data.note) }
#v(4mm)
#set text(size: 9pt)
#summary-box(doc, data.totals)
`;

const LEFT_TO_RIGHT: readonly ReportColumn['type'][] = ['integer', 'quantity', 'money', 'percent', 'date'];

/** Calendar days and hour buckets as the language writes them ("10 mars 2025"); they are already local. */
function dayFormatter(lang: ReportContext['lang']) {
  const day = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { dateStyle: 'medium', timeZone: 'UTC' });
  const hour = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' });
  return (value: string) =>
    (value.length > 10 ? hour.format(new Date(`${value}:00Z`)) : day.format(new Date(`${value}T00:00:00Z`))).replace(
      /[\u200e\u200f\u061c]/g,
      '',
    );
}

function cellText(
  value: ReportRow[string] | undefined,
  type: ReportColumn['type'],
  format: PdfFormatter,
  day: (value: string) => string,
): string {
  if (value === null || value === undefined) return '';
  switch (type) {
    case 'money':
      return format.money(Number(value));
    case 'integer':
    case 'quantity':
      return format.number(Number(value));
    case 'percent':
      return `${format.number(Number(value))} %`;
    case 'date':
      return day(String(value));
    default:
      return String(value);
  }
}

/** The filters line under the title: the period (or "All dates") and the customer or vehicle. */
function subtitle(context: ReportContext, day: (value: string) => string): string {
  const { lang } = context;
  const period =
    context.from || context.to
      ? `${REPORT_TEXT.period[lang]}: ${context.from ? day(context.from) : '…'} – ${context.to ? day(context.to) : '…'}`
      : REPORT_TEXT.allTime[lang];
  return [period, context.subject ? isolateLtr(context.subject) : null].filter(Boolean).join(' · ');
}

const PDF_NOTE = {
  en: 'Only the first {count} rows are printed; the CSV and XLSX downloads hold every row. Totals cover every row.',
  fr: 'Seules les {count} premières lignes sont imprimées ; les fichiers CSV et XLSX contiennent toutes les lignes. Les totaux portent sur toutes les lignes.',
  ar: 'تُطبع أول {count} صف فقط؛ ملفا CSV وXLSX يحويان كل الصفوف. المجاميع تشمل كل الصفوف.',
} as const;

export async function reportPdf(deps: AppDeps, context: ReportContext, parts: AsyncIterable<ReportPart>): Promise<Buffer> {
  const { lang } = context;
  const definition = REPORTS[context.kind];
  const day = dayFormatter(lang);
  const { document, format } = await brandedFrame(
    { db: deps.db, storage: deps.storage, webDistDir: deps.config.WEB_DIST_DIR },
    { lang, title: context.title, subtitle: subtitle(context, day) },
  );
  const rows: string[][] = [];
  let totals: Record<string, number> = {};
  let truncated = false;
  for await (const part of parts) {
    if ('totals' in part) totals = part.totals;
    else if ('truncated' in part) truncated = true;
    else for (const row of part.rows) rows.push(definition.columns.map((column) => cellText(row[column.key], column.type, format, day)));
  }
  const columns = definition.columns.map((column) => ({
    label: column.label[lang],
    // Free text shares the width left by the columns sized to their content (words, numbers, dates).
    width: column.type === 'text' ? 1 : 'auto',
    align: LEFT_TO_RIGHT.includes(column.type) && column.type !== 'date' ? 'end' : 'start',
    ltr: LEFT_TO_RIGHT.includes(column.type),
  }));
  const summary = definition.totals.map((total) => ({
    label: total.label[lang],
    value: total.type === 'money' ? format.money(totals[total.key] ?? 0) : format.number(totals[total.key] ?? 0),
  }));
  return renderBrandedPdf({
    document,
    body: REPORT_PDF_BODY,
    data: {
      columns,
      rows,
      empty: REPORT_TEXT.noRows[lang],
      note: truncated ? PDF_NOTE[lang].replace('{count}', isolateLtr(format.number(REPORT_LIMITS.pdfMaxRows))) : null,
      totals: summary.map((item, index) => ({ ...item, strong: index === summary.length - 1 })),
    },
  });
}
