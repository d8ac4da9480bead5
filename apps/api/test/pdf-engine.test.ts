// The PDF engine (src/lib/pdf): the branded frame, the shared table, Arabic right-to-left with numbers in
// order, user text printed literally (never interpreted as Typst). Text read back with pdftotext.
import { describe, expect, it } from 'vitest';
import { renderBrandedPdf, type BrandedDocument } from '../src/lib/pdf/render-pdf.ts';
import { isolateLtr, pdfFormatter } from '../src/lib/pdf/format.ts';
import { pdfPageCount, pdfText } from './pdf-text.ts';

const TABLE_BODY = '#data-table(doc, columns: data.columns, rows: data.rows, totals: data.totals)';

function frame(lang: 'en' | 'ar', title: string): BrandedDocument {
  return {
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    title,
    subtitle: lang === 'ar' ? `ساعات العمل ${isolateLtr('08:00–18:00')}` : 'Opening hours 08:00–18:00',
    shop: { name: 'Atlas #panic("boom") *bold*', lines: [{ text: '+1 555 010 0200', ltr: true }] },
    color: '#1d4ed8',
    pageLabel: lang === 'ar' ? 'صفحة {page} من {total}' : 'Page {page} of {total}',
  };
}

function table(lang: 'en' | 'ar', rowCount: number) {
  const format = pdfFormatter(lang, 'USD', 'UTC');
  return {
    columns: [
      { label: lang === 'ar' ? 'الخدمة' : 'Service', width: 1 },
      { label: 'Plate', ltr: true },
      { label: lang === 'ar' ? 'السعر' : 'Price', align: 'end', ltr: true },
    ],
    rows: Array.from({ length: rowCount }, (_, i) => [`Row ${i} $x$ ] [ #emph`, `AB-${100 + i}`, format.money(123450)]),
    totals: [lang === 'ar' ? 'المجموع' : 'Total', '', format.money(987654321)],
  };
}

describe('PDF engine', () => {
  it('prints the frame, the table and its totals in English; user text is printed as typed', () => {
    const pdf = renderBrandedPdf({ document: frame('en', 'Revenue report'), body: TABLE_BODY, data: table('en', 3) });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Revenue report');
    expect(text).toContain('Atlas #panic("boom") *bold*');
    expect(text).toContain('Row 2 $x$ ] [ #emph');
    expect(text).toContain('$1,234.50');
    expect(text).toContain('$9,876,543.21');
    expect(text).toContain('Page 1 of 1');
  });

  it('keeps numbers, phones, plates and ranges left to right in Arabic', () => {
    const pdf = renderBrandedPdf({ document: frame('ar', 'تقرير'), body: TABLE_BODY, data: table('ar', 2) });
    const text = pdfText(pdf);
    expect(text).toContain('تقرير');
    expect(text).toContain('1,234.50');
    expect(text).not.toContain('05.432,1');
    expect(text).toContain('9,876,543.21');
    expect(text).toContain('+1 555 010 0200');
    expect(text).toContain('AB-101');
    expect(text).toContain('08:00–18:00');
    expect(text).toContain('المجموع');
  });

  it('breaks long tables over pages, repeating the header and numbering the pages', () => {
    const pdf = renderBrandedPdf({ document: frame('en', 'Long report'), body: TABLE_BODY, data: table('en', 120) });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(pdfText(pdf)).toContain(`Page ${pages} of ${pages}`);
  });

  it('gives the same bytes for the same input (no creation time inside)', () => {
    const input = { document: frame('en', 'Same'), body: TABLE_BODY, data: table('en', 1) };
    expect(renderBrandedPdf(input).equals(renderBrandedPdf(input))).toBe(true);
  });
});
