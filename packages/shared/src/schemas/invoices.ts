// Invoices (issue #10): staff issue an invoice for a visit; it is a frozen snapshot of what was invoiced and
// is downloaded as PDF by staff and by the visit's customer, in en, fr or ar. Numbers are
// INV-<year of issue>-<the year's counter on 6 digits>, sequential and never reused; issuing again after the
// visit changed creates a correction that replaces the previous invoice.
import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { msg } from '../messages.ts';

export const INVOICE_NUMBER_PREFIX = 'INV';
export const INVOICE_NUMBER_DIGITS = 6;

/** "INV-2026-000123". */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${INVOICE_NUMBER_PREFIX}-${year}-${String(sequence).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

export const INVOICE_NUMBER_PATTERN = /^INV-\d{4}-\d{6,}$/;

/** Credit notes (issue #27) are numbered on their own: "CN-2026-000007". */
export const CREDIT_NOTE_NUMBER_PREFIX = 'CN';
export const CREDIT_NOTE_NUMBER_PATTERN = /^CN-\d{4}-\d{6,}$/;

/** "INV-2026-000123", "CN-2026-000007": a series, the year of issue and the series' counter of the year. */
export function formatDocumentNumber(series: string, year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

/**
 * The reason written on the credit note a correction issues (the visit changed after its invoice). Stored as
 * these English words (the migration invoices_credit_notes writes them too); the PDF prints them translated.
 */
export const INVOICE_CORRECTION_REASON = 'Corrected by a new invoice';

/** Why an invoice cannot be issued (409); the web shows them in the user's language (invoices:errors.*). */
export const INVOICE_MESSAGES = {
  noWork: 'This visit has no work to invoice yet',
  unchanged: 'Nothing has changed since the last invoice of this visit',
  notAnInvoice: 'Only an invoice can be credited, not a credit note',
  nothingToCredit: 'This invoice is already fully credited',
  creditLineNotFound: 'This invoice has no such line',
  creditExceedsRemaining: 'More than what is left to credit on this line',
} as const;

export const visitIdParamsSchema = z.object({ visitId: z.uuid() });
export const invoiceIdSchema = z.object({ id: z.uuid() });

/** ?lang=en|fr|ar of a PDF download; absent = the signed-in user's language. */
export const invoicePdfQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() });

/** POST /invoices/:id/credit-notes: why, and which lines (absent: everything left on the invoice). */
export const creditNoteLineSchema = z.union([
  z.object({ lineIndex: z.number().int().min(0).max(9_999), quantityMilli: z.number().int().min(1).max(100_000_000) }).strict(),
  z.object({ lineIndex: z.number().int().min(0).max(9_999), amount: z.number().int().min(1).max(1_000_000_000) }).strict(),
]);
export const creditNoteInputSchema = z
  .object({
    id: z.uuid(),
    reason: z
      .string()
      .trim()
      .min(1, msg('required', { fieldName: 'reason' }))
      .max(500, msg('maxLength', { fieldName: 'reason', maxLength: 500 })),
    lines: z.array(creditNoteLineSchema).min(1).max(500).optional(),
  })
  .strict();
export type CreditNoteInput = z.infer<typeof creditNoteInputSchema>;

export const INVOICE_KINDS = ['INVOICE', 'CREDIT_NOTE'] as const;

/** NONE: nothing credited; PARTIAL: some lines or amounts; FULL: everything (credit notes: always NONE). */
export const CREDITED_STATES = ['NONE', 'PARTIAL', 'FULL'] as const;

/** One line of a document, for the credit note dialog (what is left to credit on an invoice). */
export const invoiceLineSummarySchema = z.object({
  lineIndex: z.number(),
  description: z.string(),
  quantityMilli: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
  basisPoints: z.number(),
  amountLeft: z.number(),
  quantityMilliLeft: z.number(),
});

export const invoiceSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  visitId: z.string(),
  issuedAt: z.string(),
  /** Without tax, tax, with tax (= totalCents); negative on credit notes. */
  netCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  paidCents: z.number(),
  balanceCents: z.number(),
  currency: z.string(),
  /** The invoice this one corrects. */
  replaces: z.object({ id: z.string(), number: z.string() }).nullable(),
  /** The later invoice that corrects this one (null = this is the visit's current invoice). */
  replacedBy: z.object({ id: z.string(), number: z.string() }).nullable(),
  /** Credit notes: the invoice they credit and why. */
  credits: z.object({ id: z.string(), number: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** Invoices: how much of them credit notes cancelled, and what is left per line (the credit note dialog). */
  credited: z.enum(CREDITED_STATES),
  creditNotes: z.array(z.object({ id: z.string(), number: z.string() })),
  lines: z.array(invoiceLineSummarySchema),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListSchema = z.object({ items: z.array(invoiceSummarySchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;
