// The fiscal journal, its closings and the accounting exports (admin): what the API answers and accepts.
// The journal itself is packages/db/src/fiscal-journal.ts; docs/invoicing.md "Payments that cannot be
// rewritten" says what it guarantees.
import { z } from 'zod';
import { msg } from '../messages.ts';
import { isIsoDate } from '../visit-rules.ts';

export const FISCAL_ENTRY_KINDS = ['INVOICE', 'CREDIT_NOTE', 'PAYMENT', 'REFUND', 'CLOSING'] as const;
export type FiscalEntryKindName = (typeof FISCAL_ENTRY_KINDS)[number];
export const FISCAL_PERIODS = ['DAY', 'MONTH', 'YEAR'] as const;
export const fiscalPeriodSchema = z.enum(FISCAL_PERIODS);
export type FiscalPeriodName = z.infer<typeof fiscalPeriodSchema>;

/** The key of a period in the shop's time zone: "2026-11-29", "2026-11" or "2026". */
export const FISCAL_PERIOD_KEY: Record<FiscalPeriodName, RegExp> = {
  DAY: /^\d{4}-\d{2}-\d{2}$/,
  MONTH: /^\d{4}-(0[1-9]|1[0-2])$/,
  YEAR: /^\d{4}$/,
};

/** Years a closing or archive may name: the software's lifetime, not the calendar's. */
export const FISCAL_YEARS = { min: 2000, max: 2100 } as const;

export function isFiscalPeriodKey(period: FiscalPeriodName, key: string): boolean {
  if (!FISCAL_PERIOD_KEY[period].test(key) || (period === 'DAY' && !isIsoDate(key))) return false;
  const year = Number(key.slice(0, 4));
  return year >= FISCAL_YEARS.min && year <= FISCAL_YEARS.max;
}

export const closeFiscalPeriodSchema = z
  .object({ period: fiscalPeriodSchema, key: z.string().trim().max(10) })
  .strict()
  .refine((value) => isFiscalPeriodKey(value.period, value.key), { path: ['key'], error: msg('format', { fieldName: 'periodKey' }) });

const kindTotalsSchema = z.object({ count: z.number().int(), amountCents: z.number().int(), taxCents: z.number().int() });

/** FiscalClosing.totals: a period's figures, frozen when it is closed. */
export const fiscalClosingTotalsSchema = z.object({
  currency: z.string(),
  /** Entries of the period (closings of its days or months included). */
  entries: z.number().int(),
  byKind: z.record(z.enum(FISCAL_ENTRY_KINDS), kindTotalsSchema),
  /** Invoices minus credit notes, per rate (basis points), from the entries' tax lines. */
  taxByRate: z.array(
    z.object({ basisPoints: z.number().int(), category: z.string(), netCents: z.number().int(), taxCents: z.number().int() }),
  ),
  /** Invoiced minus credited, tax included. */
  grandTotalCents: z.number().int(),
  /** Net of tax, invoiced minus credited. */
  netTotalCents: z.number().int(),
  /** Money received minus money returned. */
  receivedCents: z.number().int(),
  /** Invoiced minus credited since the journal's first entry, up to the period's end: never resets. */
  perpetualTotalCents: z.number().int(),
  /** The journal's head hash when the period was closed: the chain up to there is what these totals cover. */
  lastHash: z.string(),
});
export type FiscalClosingTotals = z.infer<typeof fiscalClosingTotalsSchema>;

export const fiscalClosingViewSchema = z.object({
  id: z.string(),
  period: fiscalPeriodSchema,
  periodKey: z.string(),
  totals: fiscalClosingTotalsSchema,
  firstSequence: z.number().int().nullable(),
  lastSequence: z.number().int().nullable(),
  entrySequence: z.number().int(),
  closedAt: z.string(),
});
export type FiscalClosingView = z.infer<typeof fiscalClosingViewSchema>;

export const listFiscalClosingsSchema = z.object({
  period: fiscalPeriodSchema.optional(),
  limit: z.coerce.number().int().min(1).max(400).default(60),
});

export const FISCAL_PROBLEMS = ['hash', 'gap', 'previousHash', 'head', 'missingEntry', 'documentChanged'] as const;

export const fiscalVerificationSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  checkedUpTo: z.number().int(),
  headHash: z.string(),
  firstProblem: z
    .object({ sequence: z.number().int().nullable(), problem: z.enum(FISCAL_PROBLEMS), documentId: z.string().optional() })
    .optional(),
});
export type FiscalVerificationView = z.infer<typeof fiscalVerificationSchema>;

export const fiscalJournalStatusSchema = z.object({
  entries: z.number().int(),
  headHash: z.string(),
  firstEntryAt: z.string().nullable(),
  lastEntryAt: z.string().nullable(),
  /** Years with entries, newest first (the archive's choices). */
  years: z.array(z.number().int()),
  /** The last closed day, "YYYY-MM-DD", or null. */
  lastClosedDay: z.string().nullable(),
  timezone: z.string(),
});
export type FiscalJournalStatus = z.infer<typeof fiscalJournalStatusSchema>;

const isoDay = (fieldName: string) =>
  z
    .string()
    .trim()
    .refine((value) => isFiscalPeriodKey('DAY', value), msg('format', { fieldName }));

/** Accounting exports: a period of days in the shop's time zone, both ends included. */
export const accountingPeriodSchema = z
  .object({ from: isoDay('from'), to: isoDay('to') })
  .strict()
  .refine((value) => value.from <= value.to, { path: ['to'], error: msg('format', { fieldName: 'to' }) });
export type AccountingPeriod = z.infer<typeof accountingPeriodSchema>;

export const fiscalArchiveSchema = z.object({ year: z.coerce.number().int().min(FISCAL_YEARS.min).max(FISCAL_YEARS.max) }).strict();

/** Refusals of the fiscal API, grouped as "fiscal.<key>" in the message catalogue. */
export const FISCAL_MESSAGES = {
  periodOpen: 'This period is not over yet in the shop’s time zone; it can be closed once it has ended',
  alreadyClosed: 'This period is already closed',
  missingIdentity: 'The FEC file name needs the shop’s SIREN: enter it in the tax settings (legal identity)',
} as const;
