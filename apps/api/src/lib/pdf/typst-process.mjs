// The PDF renderer process (started by render-pdf.ts with child_process.fork, never imported by the server):
// Typst compiled by @myriaddreamin/typst-ts-node-compiler (a native addon), the fonts loaded once.
// Plain JavaScript with no import of ours, so the same file runs under the sources (tsx) and beside the
// compiled bundle (dist/server.mjs resolves it from src/lib/pdf, where its npm package resolves too).
//
// Messages in:  { id, source, inputs, files, pdfStandard?, creationTimestamp? }   (files: virtual path → bytes;
//               pdfStandard "a-3b" and a creation date only for e-invoices, render-pdf.ts PdfOutputOptions)
// Messages out: { id, pdf, rss } or { id, diagnostics, rss }   (rss: this process's resident bytes after the render)
// Renders run one at a time in arrival order (compiling is synchronous). The process ends when the server
// disconnects (it stopped it, or the server itself ended).
import { readFileSync } from 'node:fs';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';

const FONT_FILES = ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf', 'NotoSansArabic-Regular.ttf', 'NotoSansArabic-Bold.ttf'];
const FONTS_DIR = new URL('../../../assets/fonts/', import.meta.url);
// Typst resolves "/x" against its workspace. A folder that does not exist on disk: documents see only the
// files we map (branded.typ, images), never the server's own files.
const WORKSPACE = '/garage-pdf-virtual-root';
/** Where branded.typ is visible to documents: `#import "/garage/branded.typ": *` (render-pdf.ts). */
const BRANDED_TEMPLATE_PATH = '/garage/branded.typ';

const compiler = NodeCompiler.create({
  workspace: WORKSPACE,
  fontArgs: [{ fontBlobs: FONT_FILES.map((file) => readFileSync(new URL(file, FONTS_DIR))) }],
});
compiler.addSource(WORKSPACE + BRANDED_TEMPLATE_PATH, readFileSync(new URL('./branded.typ', import.meta.url), 'utf8'));

function describeDiagnostic(diagnostic) {
  if (diagnostic && typeof diagnostic === 'object' && 'message' in diagnostic) {
    const { message, path, range } = diagnostic;
    return [path, range ? JSON.stringify(range) : '', message].filter(Boolean).join(' ');
  }
  return String(diagnostic);
}

function render({ source, inputs, files, pdfStandard, creationTimestamp }) {
  const paths = Object.keys(files);
  for (const path of paths) compiler.mapShadow(WORKSPACE + path, Buffer.from(files[path]));
  try {
    const result = compiler.compile({ mainFileContent: source, inputs });
    const error = result.takeError();
    if (error || !result.result) return { diagnostics: error ? compiler.fetchDiagnostics(error).map(describeDiagnostic) : ['no document'] };
    // No creation date in the file unless given: the same snapshot gives the same bytes (an issued invoice
    // stays identical). PDF/A (e-invoices) is given the issue time, which keeps that true.
    const options = {};
    if (pdfStandard) options.pdfStandard = pdfStandard;
    if (creationTimestamp !== undefined) options.creationTimestamp = creationTimestamp;
    return { pdf: Object.keys(options).length > 0 ? compiler.pdf(result.result, options) : compiler.pdf(result.result) };
  } finally {
    for (const path of paths) compiler.unmapShadow(WORKSPACE + path);
    // Drop memoized layout results not reused for a while (render-pdf.ts also restarts this process after
    // a large document, which gives all of its memory back).
    compiler.evictCache(10);
  }
}

process.on('message', (message) => {
  let answer;
  try {
    answer = render(message);
  } catch (error) {
    answer = { diagnostics: [error instanceof Error ? error.message : String(error)] };
  }
  process.send({ id: message.id, ...answer, rss: process.memoryUsage.rss() });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
