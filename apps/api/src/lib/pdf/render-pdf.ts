// The server-side PDF engine (invoices, reports). Typst compiled in-process by
// @myriaddreamin/typst-ts-node-compiler (Apache-2.0, a native addon; no browser, no system fonts needed):
// it shapes Arabic and applies the Unicode bidi algorithm, so "1,234.50" stays "1,234.50" in an Arabic line
// (measured against pdfkit and Chromium in /work/shared/notes/pdf-arabic-and-libraries.md).
//
// How to use it:
//   renderBrandedPdf({ document, body, data })  → Buffer   the usual entry: the shop's frame around a body
//   renderPdf({ source, inputs, files })        → Buffer   raw Typst, when a document needs its own frame
// `body` is a Typst source string written by us (a constant next to the feature, e.g. invoice.typ); it reads
// its values from `data` and `doc` and may use the helpers of branded.typ (data-table, kv-block,
// summary-box, ltr-value, note). Values travel as JSON through `sys.inputs`, never spliced into the markup,
// so user text cannot inject Typst. Format dates, money and numbers in TypeScript (./format.ts) in the
// document's language before passing them.
//
// Fonts: Noto Sans + Noto Sans Arabic (regular, bold) from apps/api/assets/fonts (OFL, committed), loaded
// once into a cached compiler: the first render pays the font loading (~0.2 s), later ones take a few ms.
// Compiling is synchronous (it holds the event loop for that time); the compiler is shared, and a render
// maps its files, compiles and unmaps them without awaiting in between, so renders cannot interleave.
import { readFileSync } from 'node:fs';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';

const FONT_FILES = ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf', 'NotoSansArabic-Regular.ttf', 'NotoSansArabic-Bold.ttf'];
const FONTS_DIR = new URL('../../../assets/fonts/', import.meta.url);
// Typst resolves "/x" against its workspace. A folder that does not exist on disk: documents see only the
// files we map (branded.typ, images), never the server's own files.
const WORKSPACE = '/garage-pdf-virtual-root';
/** Where branded.typ is visible to documents: `#import "/garage/branded.typ": *`. */
const BRANDED_TEMPLATE_PATH = '/garage/branded.typ';
const BRANDED_TEMPLATE = readFileSync(new URL('./branded.typ', import.meta.url), 'utf8');

let compiler: NodeCompiler | null = null;

function getCompiler(): NodeCompiler {
  if (!compiler) {
    const fontBlobs = FONT_FILES.map((file) => readFileSync(new URL(file, FONTS_DIR)));
    compiler = NodeCompiler.create({ workspace: WORKSPACE, fontArgs: [{ fontBlobs }] });
    compiler.addSource(WORKSPACE + BRANDED_TEMPLATE_PATH, BRANDED_TEMPLATE);
  }
  return compiler;
}

/** A Typst compile error: a bug in a template (data cannot cause one), so it surfaces as a 500. */
export class PdfRenderError extends Error {
  constructor(readonly diagnostics: string[]) {
    super(`PDF render failed: ${diagnostics.join('; ')}`);
    this.name = 'PdfRenderError';
  }
}

export interface RenderPdfOptions {
  /** The main Typst source (our code, never user text). */
  source: string;
  /** Strings visible as `sys.inputs.<name>`; pass JSON and read it with `json(bytes(sys.inputs.<name>))`. */
  inputs?: Record<string, string>;
  /** Binary files (images) visible to the source at absolute virtual paths, e.g. { "/garage/logo.png": bytes }. */
  files?: Record<string, Uint8Array>;
}

/** Compiles a Typst document to PDF bytes. */
export function renderPdf({ source, inputs = {}, files = {} }: RenderPdfOptions): Buffer {
  const typst = getCompiler();
  const paths = Object.keys(files);
  for (const path of paths) typst.mapShadow(WORKSPACE + path, Buffer.from(files[path]!));
  try {
    const result = typst.compile({ mainFileContent: source, inputs });
    const error = result.takeError();
    if (error || !result.result) {
      const diagnostics = error ? typst.fetchDiagnostics(error).map(describeDiagnostic) : ['no document'];
      throw new PdfRenderError(diagnostics);
    }
    // No creation date in the file: the same snapshot gives the same bytes (an issued invoice stays identical).
    return typst.pdf(result.result);
  } finally {
    for (const path of paths) typst.unmapShadow(WORKSPACE + path);
    // Drop memoized layout results not reused for a while; keeps a long-running server's memory flat.
    typst.evictCache(10);
  }
}

function describeDiagnostic(diagnostic: unknown): string {
  if (diagnostic && typeof diagnostic === 'object' && 'message' in diagnostic) {
    const { message, path, range } = diagnostic as { message: string; path?: string; range?: string };
    return [path, range ? JSON.stringify(range) : '', message].filter(Boolean).join(' ');
  }
  return String(diagnostic);
}

/** One line under the shop's name in the page header; `ltr` for phones and e-mails. */
export interface ShopLine {
  text: string;
  ltr?: boolean;
}

/** The frame of a branded document (see branded.typ): who issued it, in which language, titled how. */
export interface BrandedDocument {
  lang: 'en' | 'fr' | 'ar';
  /** "rtl" for Arabic. */
  dir: 'ltr' | 'rtl';
  title: string;
  /** Under the title, muted: a number and date, or a report's filters line. */
  subtitle?: string;
  shop: { name: string; lines: ShopLine[] };
  /** The brand colour, "#rrggbb" (table headers, rules, the shop's name). */
  color: string;
  /** Start of the footer, e.g. "Generated on 24 November 2026". */
  footer?: string;
  /** End of the footer with {page} and {total}, e.g. "Page {page} of {total}". */
  pageLabel: string;
  /** The shop's logo (PNG, JPEG, GIF, SVG or WebP bytes), printed in the header. */
  logo?: { bytes: Uint8Array; extension: 'png' | 'jpg' | 'gif' | 'svg' | 'webp' };
}

export interface RenderBrandedPdfOptions {
  document: BrandedDocument;
  /** Typst source of the body; `doc` (the frame) and `data` are defined, branded.typ is imported. */
  body: string;
  /** JSON-serialisable values the body prints (already formatted). */
  data: unknown;
}

/** The shop's frame (header, footer, language, direction) around a document body. */
export function renderBrandedPdf({ document, body, data }: RenderBrandedPdfOptions): Buffer {
  const { logo, ...frame } = document;
  const logoPath = logo ? `/garage/logo.${logo.extension}` : null;
  const source = [
    `#import "${BRANDED_TEMPLATE_PATH}": *`,
    '#let doc = load-input("doc")',
    '#let data = load-input("data")',
    '#show: branded-document.with(doc)',
    body,
  ].join('\n');
  return renderPdf({
    source,
    inputs: { doc: JSON.stringify({ ...frame, logo: logoPath }), data: JSON.stringify(data) },
    files: logo && logoPath ? { [logoPath]: logo.bytes } : {},
  });
}
