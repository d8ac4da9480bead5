// Closings of the fiscal journal (docs/invoicing.md "Payments that cannot be rewritten"): a day, month or
// year of the shop's time zone whose totals are frozen in a FiscalClosing row and recorded in the journal as
// a CLOSING entry, in one transaction. A month closes once its days are (missing days are closed first), a
// year once its months are. The perpetual total (invoiced minus credited since the first entry) never resets.
import { randomUUID } from 'node:crypto';
import type { Db, Prisma } from '@garage/db';
import { appendFiscalEntry, lockHead } from '@garage/db/fiscal-journal';
import {
  addDays,
  calendarDateIn,
  FISCAL_ENTRY_KINDS,
  startOfDayIn,
  type FiscalClosingTotals,
  type FiscalClosingView,
  type FiscalJournalStatus,
  type FiscalPeriodName,
} from '@garage/shared';
import { AppError } from '../../lib/errors.ts';

type Tx = Prisma.TransactionClient;

/** The first day of the period and the first day after it ("YYYY-MM-DD"), in the shop's calendar. */
export function periodDays(period: FiscalPeriodName, key: string): { first: string; next: string } {
  if (period === 'DAY') return { first: key, next: addDays(key, 1) };
  if (period === 'MONTH') {
    const [year, month] = key.split('-').map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    return { first: `${key}-01`, next: `${next}-01` };
  }
  return { first: `${key}-01-01`, next: `${Number(key) + 1}-01-01` };
}

/** The period's instants: [start, end) in UTC for the shop's time zone. */
export function periodRange(period: FiscalPeriodName, key: string, timeZone: string): { start: Date; end: Date } {
  const { first, next } = periodDays(period, key);
  return { start: startOfDayIn(first, timeZone), end: startOfDayIn(next, timeZone) };
}

/** The days of a month or the months of a year: what must be closed before it. */
function parts(period: FiscalPeriodName, key: string): { period: FiscalPeriodName; key: string }[] {
  if (period === 'DAY') return [];
  if (period === 'YEAR')
    return Array.from({ length: 12 }, (_, index) => ({ period: 'MONTH', key: `${key}-${String(index + 1).padStart(2, '0')}` }));
  const { first, next } = periodDays('MONTH', key);
  const days: { period: FiscalPeriodName; key: string }[] = [];
  for (let day = first; day < next; day = addDays(day, 1)) days.push({ period: 'DAY', key: day });
  return days;
}

async function shopClock(db: Pick<Tx, 'merchant'>): Promise<{ timezone: string; currency: string }> {
  const merchant = await db.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { timezone: true, currency: true } });
  return { timezone: merchant?.timezone ?? 'UTC', currency: merchant?.currency ?? 'USD' };
}

type KindRow = {
  kind: string;
  count: number;
  amount: bigint | number;
  tax: bigint | number;
  net: bigint | number;
  first: number | null;
  last: number | null;
};
type RateRow = { basisPoints: number; category: string; net: bigint | number; tax: bigint | number };

/** The period's figures, read under the journal's head lock (no entry can land in it meanwhile). */
async function periodTotals(tx: Tx, range: { start: Date; end: Date }, currency: string) {
  const kinds = await tx.$queryRaw<KindRow[]>`
    SELECT "kind"::text AS kind, count(*)::int AS count, coalesce(sum("amountCents"), 0) AS amount, coalesce(sum("taxCents"), 0) AS tax,
           coalesce(sum(("payload"->>'netTotal')::bigint), 0) AS net, min("sequence") AS first, max("sequence") AS last
      FROM "FiscalJournalEntry"
     WHERE "kind" <> 'CLOSING' AND "occurredAt" >= ${range.start} AND "occurredAt" < ${range.end}
     GROUP BY "kind"`;
  // Tax per rate from the documents' tax shares (FiscalDocumentPayload.taxes).
  const rates = await tx.$queryRaw<RateRow[]>`
    SELECT (t->>'basisPoints')::int AS "basisPoints", coalesce(t->>'category', '') AS category,
           coalesce(sum((t->>'net')::bigint), 0) AS net, coalesce(sum((t->>'tax')::bigint), 0) AS tax
      FROM "FiscalJournalEntry" e, jsonb_array_elements(coalesce(e."payload"->'taxes', '[]'::jsonb)) t
     WHERE e."kind" IN ('INVOICE', 'CREDIT_NOTE') AND e."occurredAt" >= ${range.start} AND e."occurredAt" < ${range.end}
     GROUP BY 1, 2 ORDER BY 1 DESC, 2`;
  const [perpetual] = await tx.$queryRaw<{ total: bigint | number }[]>`
    SELECT coalesce(sum("amountCents"), 0) AS total FROM "FiscalJournalEntry"
     WHERE "kind" IN ('INVOICE', 'CREDIT_NOTE') AND "occurredAt" < ${range.end}`;
  const byKind = Object.fromEntries(
    FISCAL_ENTRY_KINDS.filter((kind) => kind !== 'CLOSING').map((kind) => [kind, { count: 0, amountCents: 0, taxCents: 0 }]),
  ) as FiscalClosingTotals['byKind'];
  let netTotalCents = 0;
  let first: number | null = null;
  let last: number | null = null;
  for (const row of kinds) {
    byKind[row.kind as keyof typeof byKind] = { count: row.count, amountCents: Number(row.amount), taxCents: Number(row.tax) };
    if (row.kind === 'INVOICE' || row.kind === 'CREDIT_NOTE') netTotalCents += Number(row.net);
    if (row.first !== null) first = first === null ? row.first : Math.min(first, row.first);
    if (row.last !== null) last = last === null ? row.last : Math.max(last, row.last);
  }
  const amount = (kind: keyof typeof byKind) => byKind[kind]?.amountCents ?? 0;
  const totals: Omit<FiscalClosingTotals, 'lastHash'> = {
    currency,
    entries: kinds.reduce((sum, row) => sum + row.count, 0),
    byKind,
    taxByRate: rates.map((rate) => ({
      basisPoints: rate.basisPoints,
      category: rate.category,
      netCents: Number(rate.net),
      taxCents: Number(rate.tax),
    })),
    grandTotalCents: amount('INVOICE') + amount('CREDIT_NOTE'),
    netTotalCents,
    receivedCents: amount('PAYMENT') + amount('REFUND'),
    perpetualTotalCents: Number(perpetual?.total ?? 0),
  };
  return { totals, first, last };
}

async function closeOne(tx: Tx, period: FiscalPeriodName, key: string, clock: { timezone: string; currency: string }) {
  const range = periodRange(period, key, clock.timezone);
  const { totals, first, last } = await periodTotals(tx, range, clock.currency);
  const head = await lockHead(tx);
  const full: FiscalClosingTotals = { ...totals, lastHash: head.lastHash };
  const id = randomUUID();
  const entry = await appendFiscalEntry(tx, {
    kind: 'CLOSING',
    documentId: id,
    documentNumber: `${period} ${key}`,
    occurredAt: new Date(),
    amountCents: full.grandTotalCents,
    taxCents: full.taxByRate.reduce((sum, rate) => sum + rate.taxCents, 0),
    currency: clock.currency,
    payload: { period, key, firstSequence: first, lastSequence: last, totals: full },
  });
  return tx.fiscalClosing.create({
    data: {
      id,
      period,
      periodKey: key,
      totals: full as unknown as Prisma.InputJsonValue,
      firstSequence: first,
      lastSequence: last,
      entrySequence: entry.sequence,
    },
  });
}

function toView(row: {
  id: string;
  period: FiscalPeriodName;
  periodKey: string;
  totals: unknown;
  firstSequence: number | null;
  lastSequence: number | null;
  entrySequence: number;
  closedAt: Date;
}): FiscalClosingView {
  return { ...row, totals: row.totals as FiscalClosingTotals, closedAt: row.closedAt.toISOString() };
}

/**
 * Closes a day ("2026-11-28"), month ("2026-11") or year ("2026") of the shop's time zone. Refuses a period
 * that has not ended and one already closed; a month first closes its days not yet closed (a year, its
 * months), all in one transaction.
 */
export async function closeFiscalPeriod(db: Db, period: FiscalPeriodName, key: string, now = new Date()): Promise<FiscalClosingView> {
  return db.$transaction(
    async (tx) => {
      // The head lock first: closings and appends take turns, so totals and the CLOSING entry agree.
      await lockHead(tx);
      const clock = await shopClock(tx);
      if (periodRange(period, key, clock.timezone).end > now) throw new AppError('CONFLICT', 'fiscal.periodOpen');
      const closed = await tx.fiscalClosing.findUnique({ where: { period_periodKey: { period, periodKey: key } }, select: { id: true } });
      if (closed) throw new AppError('CONFLICT', 'fiscal.alreadyClosed');
      await closeMissingParts(tx, period, key, clock);
      return toView(await closeOne(tx, period, key, clock));
    },
    { timeout: 60_000 },
  );
}

async function closeMissingParts(tx: Tx, period: FiscalPeriodName, key: string, clock: { timezone: string; currency: string }) {
  const needed = parts(period, key);
  if (needed.length === 0) return;
  const done = await tx.fiscalClosing.findMany({
    where: { period: needed[0]!.period, periodKey: { in: needed.map((part) => part.key) } },
    select: { periodKey: true },
  });
  const closed = new Set(done.map((row) => row.periodKey));
  for (const part of needed) {
    if (closed.has(part.key)) continue;
    await closeMissingParts(tx, part.period, part.key, clock);
    await closeOne(tx, part.period, part.key, clock);
  }
}

/** The daily job: closes yesterday (shop's time zone) when it is not closed yet. Returns the key or null. */
export async function closeYesterday(db: Db, now = new Date()): Promise<string | null> {
  const { timezone } = await shopClock(db);
  const yesterday = addDays(calendarDateIn(now, timezone), -1);
  const closed = await db.fiscalClosing.findUnique({
    where: { period_periodKey: { period: 'DAY', periodKey: yesterday } },
    select: { id: true },
  });
  if (closed) return null;
  try {
    await closeFiscalPeriod(db, 'DAY', yesterday, now);
    return yesterday;
  } catch (error) {
    // Another instance (or an admin) closed it meanwhile: nothing left to do.
    if (error instanceof AppError && error.messageCode === 'fiscal.alreadyClosed') return null;
    throw error;
  }
}

export async function listClosings(db: Db, filter: { period?: FiscalPeriodName; limit: number }): Promise<FiscalClosingView[]> {
  const rows = await db.fiscalClosing.findMany({
    where: filter.period ? { period: filter.period } : {},
    orderBy: [{ periodKey: 'desc' }, { period: 'asc' }],
    take: filter.limit,
  });
  return rows.map(toView);
}

/** What the accounting page shows about the journal (cheap: the head, two index ends, a few aggregates). */
export async function journalStatus(db: Db): Promise<FiscalJournalStatus> {
  const [head, firstEntry, lastEntry, lastDay, clock] = await Promise.all([
    db.fiscalJournalHead.findUnique({ where: { id: 1 } }),
    db.fiscalJournalEntry.findFirst({ orderBy: { sequence: 'asc' }, select: { occurredAt: true } }),
    db.fiscalJournalEntry.findFirst({ orderBy: { sequence: 'desc' }, select: { occurredAt: true } }),
    db.fiscalClosing.findFirst({ where: { period: 'DAY' }, orderBy: { periodKey: 'desc' }, select: { periodKey: true } }),
    shopClock(db),
  ]);
  const years = await db.$queryRaw<{ year: number }[]>`
    SELECT DISTINCT extract(year FROM ("occurredAt" AT TIME ZONE 'UTC') AT TIME ZONE ${clock.timezone})::int AS year
      FROM "FiscalJournalEntry" WHERE "kind" <> 'CLOSING' ORDER BY 1 DESC`;
  return {
    entries: head?.lastSequence ?? 0,
    headHash: head?.lastHash ?? '0'.repeat(64),
    firstEntryAt: firstEntry?.occurredAt.toISOString() ?? null,
    lastEntryAt: lastEntry?.occurredAt.toISOString() ?? null,
    years: years.map((row) => row.year),
    lastClosedDay: lastDay?.periodKey ?? null,
    timezone: clock.timezone,
  };
}
