// The fiscal archive of a year (admin, docs/invoicing.md "Payments that cannot be rewritten"): one ZIP,
// streamed as it is written (yazl, like the data export), with
//   journal.jsonl      the journal entries recorded during the year (a contiguous run of sequences, so the
//                      chain can be re-verified from the first entry's previousHash to the last hash)
//   closings.jsonl     the year's closings (days, months, the year)
//   invoices.jsonl     every invoice and credit note issued in the year, with its frozen snapshot
//   manifest.json      last: the chain's first previous hash, first and last hash, and the SHA-256 and size
//                      of every other file, computed while they were written
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Db } from '@garage/db';
import { canonicalJson } from '@garage/db/fiscal-journal';
import { startOfDayIn } from '@garage/shared';

const PAGE = 500;

interface FileDigest {
  name: string;
  sha256: string;
  bytes: number;
}

/** Wraps a file's text chunks so its SHA-256 and size are known once it has been read through (`onDone`). */
function hashed(name: string, source: AsyncGenerator<string>, digests: FileDigest[], onDone: () => void): AsyncGenerator<Buffer> {
  return (async function* () {
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const text of source) {
      const chunk = Buffer.from(text, 'utf8');
      hash.update(chunk);
      bytes += chunk.length;
      yield chunk;
    }
    digests.push({ name, sha256: hash.digest('hex'), bytes });
    onDone();
  })();
}

async function yearBounds(db: Db, year: number) {
  const merchant = await db.merchant.findFirst({
    orderBy: { createdAt: 'asc' },
    select: { timezone: true, displayName: true, currency: true },
  });
  const timezone = merchant?.timezone ?? 'UTC';
  return {
    merchant,
    timezone,
    start: startOfDayIn(`${year}-01-01`, timezone),
    end: startOfDayIn(`${year + 1}-01-01`, timezone),
  };
}

/** The sequences recorded during the year: from the first entry written in it to the last. */
async function yearSequences(db: Db, start: Date, end: Date): Promise<{ first: number; last: number } | null> {
  const [first, last] = await Promise.all([
    db.fiscalJournalEntry.findFirst({
      where: { createdAt: { gte: start, lt: end } },
      orderBy: { sequence: 'asc' },
      select: { sequence: true },
    }),
    db.fiscalJournalEntry.findFirst({
      where: { createdAt: { gte: start, lt: end } },
      orderBy: { sequence: 'desc' },
      select: { sequence: true },
    }),
  ]);
  return first && last ? { first: first.sequence, last: last.sequence } : null;
}

async function* journalLines(db: Db, range: { first: number; last: number } | null): AsyncGenerator<string> {
  if (!range) return;
  let after = range.first - 1;
  for (;;) {
    const rows = await db.fiscalJournalEntry.findMany({
      where: { sequence: { gt: after, lte: range.last } },
      orderBy: { sequence: 'asc' },
      take: PAGE,
    });
    if (rows.length === 0) return;
    yield rows.map((row) => `${canonicalJson(row)}\n`).join('');
    after = rows[rows.length - 1]!.sequence;
  }
}

async function* closingLines(db: Db, year: number): AsyncGenerator<string> {
  const rows = await db.fiscalClosing.findMany({ where: { periodKey: { startsWith: String(year) } }, orderBy: [{ entrySequence: 'asc' }] });
  if (rows.length) yield rows.map((row) => `${canonicalJson(row)}\n`).join('');
}

async function* invoiceLines(db: Db, start: Date, end: Date): AsyncGenerator<string> {
  let cursor: string | undefined;
  for (;;) {
    const rows = await db.invoice.findMany({
      where: { issuedAt: { gte: start, lt: end } },
      orderBy: { id: 'asc' },
      take: PAGE,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      select: {
        id: true,
        number: true,
        kind: true,
        issuedAt: true,
        customerId: true,
        creditedInvoiceId: true,
        replacesId: true,
        netCents: true,
        taxCents: true,
        totalCents: true,
        currency: true,
        snapshot: true,
      },
    });
    if (rows.length === 0) return;
    yield rows.map((row) => `${canonicalJson(row)}\n`).join('');
    cursor = rows[rows.length - 1]!.id;
  }
}

/** Starts writing the year's archive; the returned stream is the ZIP's bytes. */
export function fiscalArchiveZip(db: Db, year: number, log: (error: unknown) => void): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const fail = (error: unknown) => {
    log(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  const lazy = (source: () => AsyncGenerator<string | Buffer>) => {
    const stream = Readable.from(
      (async function* () {
        yield* source();
      })(),
    );
    stream.on('error', fail);
    return stream;
  };
  void (async () => {
    const { merchant, timezone, start, end } = await yearBounds(db, year);
    const range = await yearSequences(db, start, end);
    const digests: FileDigest[] = [];
    const FILES = 3;
    let resolveAll = () => {};
    const allHashed = new Promise<void>((resolve) => (resolveAll = resolve));
    const done = () => digests.length === FILES && resolveAll();
    zip.addReadStream(
      lazy(() => hashed('journal.jsonl', journalLines(db, range), digests, done)),
      'journal.jsonl',
    );
    zip.addReadStream(
      lazy(() => hashed('closings.jsonl', closingLines(db, year), digests, done)),
      'closings.jsonl',
    );
    zip.addReadStream(
      lazy(() => hashed('invoices.jsonl', invoiceLines(db, start, end), digests, done)),
      'invoices.jsonl',
    );
    // yazl writes entries one after another; the manifest still waits until every file above is hashed.
    zip.addReadStream(
      lazy(async function* () {
        await allHashed;
        const [first, last] = range
          ? await Promise.all([
              db.fiscalJournalEntry.findUnique({ where: { sequence: range.first }, select: { previousHash: true, hash: true } }),
              db.fiscalJournalEntry.findUnique({ where: { sequence: range.last }, select: { hash: true } }),
            ])
          : [null, null];
        const manifest = {
          year,
          shop: merchant?.displayName ?? null,
          currency: merchant?.currency ?? null,
          timezone,
          generatedAt: new Date().toISOString(),
          journal: {
            firstSequence: range?.first ?? null,
            lastSequence: range?.last ?? null,
            previousHash: first?.previousHash ?? null,
            firstHash: first?.hash ?? null,
            lastHash: last?.hash ?? null,
            hashRule:
              'sha256 of the sorted-key JSON of {sequence, kind, documentId, documentNumber, occurredAt, amountCents, taxCents, currency, payload, previousHash}',
          },
          files: digests,
        };
        yield `${JSON.stringify(manifest, null, 2)}\n`;
      }),
      'manifest.json',
    );
    zip.end();
  })().catch(fail);
  return output;
}

export const fiscalArchiveFileName = (year: number) => `fiscal-archive-${year}.zip`;
