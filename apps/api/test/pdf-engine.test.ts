// The PDF engine (src/lib/pdf): the branded frame, the shared table, Arabic right-to-left with numbers in
// order, user text printed literally (never interpreted as Typst). Text read back with pdftotext.
import { describe, expect, it } from 'vitest';
import {
  PdfRenderError,
  RENDERER,
  pdfRendererPid,
  renderBrandedPdf,
  renderPdf,
  stopPdfRenderer,
  type BrandedDocument,
} from '../src/lib/pdf/render-pdf.ts';
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
  it('prints the frame, the table and its totals in English; user text is printed as typed', async () => {
    const pdf = await renderBrandedPdf({ document: frame('en', 'Revenue report'), body: TABLE_BODY, data: table('en', 3) });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Revenue report');
    expect(text).toContain('Atlas #panic("boom") *bold*');
    expect(text).toContain('Row 2 $x$ ] [ #emph');
    expect(text).toContain('$1,234.50');
    expect(text).toContain('$9,876,543.21');
    expect(text).toContain('Page 1 of 1');
  });

  it('keeps numbers, phones, plates and ranges left to right in Arabic', async () => {
    const pdf = await renderBrandedPdf({ document: frame('ar', 'تقرير'), body: TABLE_BODY, data: table('ar', 2) });
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

  it('breaks long tables over pages, repeating the header and numbering the pages', async () => {
    const pdf = await renderBrandedPdf({ document: frame('en', 'Long report'), body: TABLE_BODY, data: table('en', 120) });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(pdfText(pdf)).toContain(`Page ${pages} of ${pages}`);
  });

  it('gives the same bytes for the same input (no creation time inside)', async () => {
    const input = { document: frame('en', 'Same'), body: TABLE_BODY, data: table('en', 1) };
    expect((await renderBrandedPdf(input)).equals(await renderBrandedPdf(input))).toBe(true);
  });
});

// Typst runs in a renderer process of its own (render-pdf.ts): the server's memory and event loop are not
// taken by a long document, and the process ends after a big render or when idle.
describe('PDF renderer process', () => {
  const isRunning = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const waitUntil = async (condition: () => boolean) => {
    for (let waited = 0; !condition(); waited += 20) {
      if (waited > 5_000) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('renders outside this process, several documents at once, each answer to its own request', async () => {
    const titles = ['First', 'Second', 'Third', 'Fourth'];
    const pdfs = await Promise.all(
      titles.map((title) => renderBrandedPdf({ document: frame('en', title), body: TABLE_BODY, data: table('en', 2) })),
    );
    for (const [index, pdf] of pdfs.entries()) expect(pdfText(pdf)).toContain(titles[index]);
    const pid = pdfRendererPid();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
  });

  it('reports a Typst error as PdfRenderError and keeps rendering', async () => {
    await expect(renderPdf({ source: '#let x = (' })).rejects.toBeInstanceOf(PdfRenderError);
    const pdf = await renderBrandedPdf({ document: frame('en', 'After an error'), body: TABLE_BODY, data: table('en', 1) });
    expect(pdfText(pdf)).toContain('After an error');
  });

  it('ends the renderer after a render that left it above the memory limit, and starts a new one for the next PDF', async () => {
    await renderBrandedPdf({ document: frame('en', 'Warm'), body: TABLE_BODY, data: table('en', 1) });
    const limit = RENDERER.recycleRssBytes;
    RENDERER.recycleRssBytes = 0;
    try {
      const before = pdfRendererPid()!;
      await renderBrandedPdf({ document: frame('en', 'Large'), body: TABLE_BODY, data: table('en', 1) });
      expect(pdfRendererPid()).toBeNull();
      await waitUntil(() => !isRunning(before));
    } finally {
      RENDERER.recycleRssBytes = limit;
    }
    const pdf = await renderBrandedPdf({ document: frame('en', 'Fresh'), body: TABLE_BODY, data: table('en', 1) });
    expect(pdfText(pdf)).toContain('Fresh');
  });

  it('fails the renders in flight when the renderer dies, and the next render works', async () => {
    await renderBrandedPdf({ document: frame('en', 'Warm'), body: TABLE_BODY, data: table('en', 1) });
    const pid = pdfRendererPid()!;
    const inFlight = renderBrandedPdf({ document: frame('en', 'Long'), body: TABLE_BODY, data: table('en', 400) });
    process.kill(pid, 'SIGKILL');
    await expect(inFlight).rejects.toThrow();
    const pdf = await renderBrandedPdf({ document: frame('en', 'Again'), body: TABLE_BODY, data: table('en', 1) });
    expect(pdfText(pdf)).toContain('Again');
    expect(pdfRendererPid()).not.toBe(pid);
  });

  it('ends an idle renderer', async () => {
    await renderBrandedPdf({ document: frame('en', 'Warm'), body: TABLE_BODY, data: table('en', 1) });
    const idle = RENDERER.idleMs;
    RENDERER.idleMs = 50;
    try {
      await renderBrandedPdf({ document: frame('en', 'Last'), body: TABLE_BODY, data: table('en', 1) });
      const pid = pdfRendererPid()!;
      await waitUntil(() => pdfRendererPid() === null && !isRunning(pid));
    } finally {
      RENDERER.idleMs = idle;
      stopPdfRenderer();
    }
  });
});
