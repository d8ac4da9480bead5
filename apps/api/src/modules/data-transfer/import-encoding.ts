// The text encoding of an uploaded CSV, and its decoding into UTF-8 before anything reads it.
//
// Excel writes "CSV UTF-8" (with a BOM), "Unicode text" (UTF-16 LE with a BOM, tab-separated) and, on Windows,
// plain "CSV" in the machine's ANSI code page: Windows-1252 in Western Europe and the Americas, Windows-1256
// where Windows is Arabic. A BOM decides; a file that is valid UTF-8 is UTF-8; anything else is named by
// chardet (statistics over the bytes) among the code pages above only, decoded with iconv-lite, and kept only
// when the result reads as text (letters, not the symbols a wrong code page turns bytes into). Anything else is
// refused with import.encodingUnknown: a file is never read with replacement characters (U+FFFD) or garbled.
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { AppError } from '../../lib/errors.ts';

/** What the import summary says the file was read as, and iconv-lite's name for it. */
interface Encoding {
  label: string;
  iconvName: string;
  /** A Latin code page: its accented letters sit inside Latin words ("Hélène"), never in runs of their own. */
  latin?: boolean;
}

const UTF8: Encoding = { label: 'UTF-8', iconvName: 'utf8' };

/**
 * The code pages an ANSI CSV may come in, by the names chardet gives. ISO-8859-1 is read as Windows-1252 (its
 * superset, which Windows actually writes: € ’ œ in 0x80–0x9F), ISO-8859-6 as Windows-1256 likewise.
 */
const CODE_PAGES: Record<string, Encoding> = {
  'ISO-8859-1': { label: 'Windows-1252', iconvName: 'win1252', latin: true },
  'windows-1252': { label: 'Windows-1252', iconvName: 'win1252', latin: true },
  'ISO-8859-15': { label: 'ISO-8859-15', iconvName: 'iso885915', latin: true },
  'windows-1256': { label: 'Windows-1256', iconvName: 'win1256' },
  'ISO-8859-6': { label: 'Windows-1256', iconvName: 'win1256' },
};

/** Bytes chardet reads to name a code page (it needs a few lines of text; more adds little). */
const SAMPLE_BYTES = 256 * 1024;

export const encodingUnknown = () => new AppError('VALIDATION', 'import.encodingUnknown', { field: 'file' });

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the whole file is valid UTF-8 (streamed: a 50 MB file is never held). */
async function isUtf8(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether text decoded with a guessed code page reads as text: its characters beyond ASCII are mostly letters
 * (é, è, ç, Arabic letters), as in any name or note. Shift-JIS read as Windows-1252 gives "–¼‘O“d˜b": symbols.
 */
export function readsAsText(text: string): boolean {
  if (text.includes('\uFFFD') || /[\u0080-\u009F]/.test(text)) return false;
  const beyondAscii = text.match(/[^\u0000-\u007F]/gu) ?? [];
  if (beyondAscii.length === 0) return true;
  const letters = beyondAscii.filter((char) => /[\p{L}\u00A0\u202F€°«»’]/u.test(char)).length;
  return letters / beyondAscii.length >= 0.8;
}

/**
 * Whether the letters beyond ASCII of a text decoded with a Latin code page sit in Latin words: most of them
 * touch an ASCII letter ("Hélène", "ÉLODIE"). Arabic read as Windows-1252 gives whole words of them ("ÇáÇÓã").
 */
export function readsAsLatinWords(text: string): boolean {
  const chars = [...text];
  let accented = 0;
  let inWords = 0;
  chars.forEach((char, index) => {
    if (!/[^\u0000-\u007F]/.test(char) || !/\p{L}/u.test(char)) return;
    accented++;
    if (/[A-Za-z]/.test(chars[index - 1] ?? '') || /[A-Za-z]/.test(chars[index + 1] ?? '')) inWords++;
  });
  return accented === 0 || inWords / accented >= 0.5;
}

/** The file's encoding, or null when it cannot be recognised. */
export async function detectEncoding(filePath: string): Promise<Encoding | null> {
  const head = await readHead(filePath, SAMPLE_BYTES);
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { label: 'UTF-8 (BOM)', iconvName: 'utf8' };
  if (head[0] === 0xff && head[1] === 0xfe) return { label: 'UTF-16LE', iconvName: 'utf16le' };
  if (head[0] === 0xfe && head[1] === 0xff) return { label: 'UTF-16BE', iconvName: 'utf16be' };
  if (await isUtf8(filePath)) return UTF8;
  // chardet ranks its guesses; a short or repetitive file may put a far-fetched one first (Shift-JIS for a
  // French note): the first code page this import reads whose decoding reads as text wins.
  for (const candidate of chardet.analyse(head)) {
    const encoding = CODE_PAGES[candidate.name];
    if (!encoding) continue;
    const text = iconv.decode(head, encoding.iconvName);
    if (readsAsText(text) && (!encoding.latin || readsAsLatinWords(text))) return encoding;
  }
  return null;
}

/**
 * Writes the upload as UTF-8 to `output` (no BOM) and answers how it was read ("Windows-1252"). Refused with
 * import.encodingUnknown when the encoding cannot be recognised, or the decoded text holds a replacement
 * character anywhere (a byte the code page does not define, or a UTF-8 file that already carries them).
 */
export async function decodeToUtf8(input: string, output: string): Promise<string> {
  const encoding = await detectEncoding(input);
  if (!encoding) throw encodingUnknown();
  const decoder = iconv.getDecoder(encoding.iconvName, { stripBOM: true });
  const out = createWriteStream(output, { flags: 'wx' });
  const closed = once(out, 'close');
  let failure: AppError | null = null;
  try {
    for await (const chunk of createReadStream(input) as AsyncIterable<Buffer>) {
      const text = decoder.write(chunk);
      if (text.includes('\uFFFD')) {
        failure = encodingUnknown();
        break;
      }
      if (!out.write(text)) await once(out, 'drain');
    }
    const rest = failure ? '' : (decoder.end() ?? '');
    if (rest.includes('\uFFFD')) failure = encodingUnknown();
    else if (rest) out.write(rest);
  } finally {
    out.end();
    await closed;
  }
  if (failure) throw failure;
  return encoding.label;
}
