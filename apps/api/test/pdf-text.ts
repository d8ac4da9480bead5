// Reads the text of a PDF with `pdftotext` (poppler-utils: `apt-get install poppler-utils`), as a reader's
// copy-paste would: a test dependency of the PDF tests (invoices, reports). Bidi control characters that
// pdftotext adds around right-to-left runs are dropped, so "1,234.50" can be searched as typed.
import { spawnSync } from 'node:child_process';

export function pdfText(pdf: Uint8Array, options: { layout?: boolean } = {}): string {
  const args = [...(options.layout ? ['-layout'] : []), '-enc', 'UTF-8', '-', '-'];
  const result = spawnSync('pdftotext', args, { input: pdf, encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error('pdftotext is missing: install poppler-utils (apt-get install poppler-utils) to run the PDF tests');
  }
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return result.stdout.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

/** The number of pages of a PDF (pdfinfo, same package). */
export function pdfPageCount(pdf: Uint8Array): number {
  const result = spawnSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
  if (result.error) throw new Error('pdfinfo is missing: install poppler-utils to run the PDF tests');
  const match = /^Pages:\s+(\d+)/m.exec(result.stdout);
  if (!match) throw new Error(`pdfinfo gave no page count: ${result.stderr}`);
  return Number(match[1]);
}
