// The server-side PDF engine (invoices, reports). Typst compiled by @myriaddreamin/typst-ts-node-compiler
// (Apache-2.0, a native addon; no browser, no system fonts needed): it shapes Arabic and applies the Unicode
// bidi algorithm, so "1,234.50" stays "1,234.50" in an Arabic line (measured against pdfkit and Chromium in
// /work/shared/notes/pdf-arabic-and-libraries.md).
//
// How to use it:
//   await renderBrandedPdf({ document, body, data })  → Buffer   the usual entry: the shop's frame around a body
//   await renderPdf({ source, inputs, files })        → Buffer   raw Typst, when a document needs its own frame
// `body` is a Typst source string written by us (a constant next to the feature, e.g. invoice.typ); it reads
// its values from `data` and `doc` and may use the helpers of branded.typ (data-table, kv-block,
// summary-box, ltr-value, note). Values travel as JSON through `sys.inputs`, never spliced into the markup,
// so user text cannot inject Typst. Format dates, money and numbers in TypeScript (./format.ts) in the
// document's language before passing them.
//
// Where it runs: in a child process of its own (typst-process.mjs), not in the server. Typst lays a whole
// document out in memory (about 230 KB per table row: +230 MB for a 1,000-row report, bench/reports.ts) and
// compiles synchronously (seconds for a long report); in its own process neither the server's memory nor its
// event loop takes that. The process starts with the first PDF (fonts: Noto Sans + Noto Sans Arabic, regular
// and bold, from apps/api/assets/fonts, OFL, loaded once: ~0.3 s), renders one document at a time in
// arrival order (later ones wait their turn: the renderer holds one document at a time, which bounds its
// memory), and ends — giving all its memory back — after a render that left it above
// RENDERER.recycleRssBytes (the next document starts a fresh one) or after RENDERER.idleMs without work.
// Invoices (a few ms each) reuse the running process.
import { fork, type ChildProcess } from 'node:child_process';

/** Virtual path of branded.typ inside the renderer's workspace (typst-process.mjs mounts it there). */
const BRANDED_TEMPLATE_PATH = '/garage/branded.typ';
const RENDERER_SCRIPT = new URL('./typst-process.mjs', import.meta.url);

export const RENDERER = {
  /** A renderer left above this after a render is ended (a long report): its next start costs ~0.3 s. */
  recycleRssBytes: 200 * 1024 * 1024,
  /** A renderer without work for this long is ended (its ~100 MB back to the system). */
  idleMs: 60_000,
  /** A render taking longer is abandoned (the renderer is ended) and fails as a 500. */
  timeoutMs: 120_000,
};

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
  /** How the PDF is written; absent: plain PDF 1.7 without a date (every document but the e-invoices). */
  output?: PdfOutputOptions;
}

/**
 * PDF/A and embedded files, for e-invoices (Factur-X: PDF/A-3b with factur-x.xml attached, see
 * modules/invoices/e-invoice/factur-x-pdf.ts). Typst writes the PDF/A structure, the XMP with pdfaid and
 * the embedded files with their AFRelationship; it cannot add custom XMP, which factur-x-pdf.ts appends.
 */
export interface PdfOutputOptions {
  /** A Typst PDF standard: "a-3b" (PDF/A-3b) for Factur-X. */
  pdfStandard?: 'a-3b';
  /**
   * The document's date, written as its creation date (UTC, to the second). PDF/A with attachments needs one;
   * pass a fixed time (an invoice's issue time) so the same input still gives the same bytes.
   */
  date?: Date;
  /** Files embedded in the PDF (Typst's pdf.attach), listed in the catalogue's AF array. */
  attachments?: PdfAttachment[];
}

export interface PdfAttachment {
  /** The embedded file's name, e.g. "factur-x.xml". */
  name: string;
  /** Its text (UTF-8). */
  text: string;
  mimeType: string;
  description: string;
  relationship: 'alternative' | 'data' | 'source' | 'supplement';
}

/** Input holding the attachments as JSON; read by ATTACHMENTS_SOURCE (our code, the values never spliced). */
const ATTACHMENTS_INPUT = 'garage-attachments';
const DATE_INPUT = 'garage-document-date';
// Appended after the document (branded.typ sets `date: none`; a later set rule wins), from UTC parts.
const DATE_SOURCE = [
  `#let garage-date = json(bytes(sys.inputs.at("${DATE_INPUT}")))`,
  '#set document(date: datetime(year: garage-date.at(0), month: garage-date.at(1), day: garage-date.at(2),',
  '  hour: garage-date.at(3), minute: garage-date.at(4), second: garage-date.at(5)))',
].join('\n');
const ATTACHMENTS_SOURCE = [
  `#for file in json(bytes(sys.inputs.at("${ATTACHMENTS_INPUT}"))) {`,
  '  pdf.attach(file.name, bytes(file.text), relationship: file.relationship, mime-type: file.mimeType, description: file.description)',
  '}',
].join('\n');

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}
/** What typst-process.mjs receives (besides the id): pdfStandard and creationTimestamp only when set. */
type RendererMessage = Required<Pick<RenderPdfOptions, 'source' | 'inputs' | 'files'>> &
  Pick<PdfOutputOptions, 'pdfStandard'> & {
    /** Seconds since 1970 (Typst's creation timestamp, used where the document has no date of its own). */
    creationTimestamp?: number;
  };
type RendererAnswer = { ready: true } | { id: number; pdf?: Uint8Array; diagnostics?: string[]; rss: number };

/** The running renderer process, its renders in flight, and its idle timer. */
class Renderer {
  /** The current process, from its start; `ready` resolves once its fonts are loaded. */
  private child: ChildProcess | null = null;
  private ready: Promise<ChildProcess> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Renders wait here for the previous one to finish, so a renderer holds one document at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  render(options: RendererMessage): Promise<Buffer> {
    const result = this.queue.then(() => this.renderNow(options));
    this.queue = result.catch(() => {});
    return result;
  }

  private async renderNow(options: RendererMessage): Promise<Buffer> {
    this.clearIdleTimer();
    const child = await this.start();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => this.stop(new Error(`PDF render took longer than ${RENDERER.timeoutMs} ms`)), RENDERER.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      // Keeps the server (or a test run) alive only while a render is in flight.
      child.channel?.ref();
      child.send({ id, ...options });
    });
  }

  private start(): Promise<ChildProcess> {
    if (this.ready) return this.ready;
    // No execArgv: the server's own flags (tsx's loader, --enable-source-maps, --cpu-prof) are not for it.
    const child = fork(RENDERER_SCRIPT, [], { serialization: 'advanced', execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.unref();
    this.child = child;
    this.ready = new Promise<ChildProcess>((resolve, reject) => {
      child.on('message', (message: RendererAnswer) => {
        if ('ready' in message) resolve(child);
        else this.answer(child, message);
      });
      const failed = (reason: Error) => {
        reject(reason);
        this.ended(child, reason);
      };
      child.on('error', failed);
      child.on('exit', (code, signal) => failed(new Error(`the PDF renderer exited (${signal ?? `code ${code}`})`)));
    });
    return this.ready;
  }

  private answer(child: ChildProcess, message: Extract<RendererAnswer, { id: number }>) {
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    clearTimeout(waiting.timer);
    if (message.pdf) waiting.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
    else waiting.reject(new PdfRenderError(message.diagnostics ?? ['no document']));
    if (this.pending.size > 0) return;
    child.channel?.unref();
    if (message.rss > RENDERER.recycleRssBytes) this.stop();
    else this.idleTimer = setTimeout(() => this.stop(), RENDERER.idleMs).unref();
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Ends the renderer; renders in flight fail with `reason`. The next render starts a fresh one. */
  stop(reason = new Error('the PDF renderer was stopped')) {
    if (this.child) this.ended(this.child, reason);
  }

  /** Forgets `child` (if it is still the current one), fails its renders, and makes sure it is gone. */
  private ended(child: ChildProcess, reason: Error) {
    if (child !== this.child) return;
    this.child = null;
    this.ready = null;
    this.clearIdleTimer();
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(reason);
    }
    this.pending.clear();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  private clearIdleTimer() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

const renderer = new Renderer();

/** Ends the PDF renderer now (its memory back to the system); the next PDF starts it again. */
export function stopPdfRenderer(): void {
  renderer.stop();
}

/** The renderer process's id while one runs (tests and benchmarks). */
export function pdfRendererPid(): number | null {
  return renderer.pid;
}

/** Compiles a Typst document to PDF bytes (in the renderer process). */
export function renderPdf({ source, inputs = {}, files = {}, output }: RenderPdfOptions): Promise<Buffer> {
  if (!output) return renderer.render({ source, inputs, files });
  const { attachments = [], date, pdfStandard } = output;
  const extraSource: string[] = [];
  const extraInputs: Record<string, string> = {};
  if (date) {
    const parts = [
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ];
    extraSource.push(DATE_SOURCE);
    extraInputs[DATE_INPUT] = JSON.stringify(parts);
  }
  // At the end of the document: an attachment is invisible and adds no page there.
  if (attachments.length > 0) {
    extraSource.push(ATTACHMENTS_SOURCE);
    extraInputs[ATTACHMENTS_INPUT] = JSON.stringify(attachments);
  }
  return renderer.render({
    source: [source, ...extraSource, ''].join('\n'),
    inputs: { ...inputs, ...extraInputs },
    files,
    ...(pdfStandard ? { pdfStandard } : {}),
    ...(date ? { creationTimestamp: Math.floor(date.getTime() / 1000) } : {}),
  });
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
  /** PDF/A and attachments (e-invoices); absent for every other document. */
  output?: PdfOutputOptions;
  /** Pictures the body prints (`image("/garage/photos/1.jpg")`): virtual path → bytes (an inspection's photos). */
  files?: Record<string, Uint8Array>;
}

/** The shop's frame (header, footer, language, direction) around a document body. */
export function renderBrandedPdf({ document, body, data, output, files = {} }: RenderBrandedPdfOptions): Promise<Buffer> {
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
    files: logo && logoPath ? { ...files, [logoPath]: logo.bytes } : files,
    output,
  });
}
