// Invoices (issue #10): staff issue an invoice for a visit; it is a frozen snapshot of what was invoiced and
// is downloaded as PDF by staff and by the visit's customer, in en, fr or ar. Numbers are
// INV-<year of issue>-<the year's counter on 6 digits>, sequential and never reused; issuing again after the
// visit changed creates a correction that replaces the previous invoice.
import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';

export const INVOICE_NUMBER_PREFIX = 'INV';
export const INVOICE_NUMBER_DIGITS = 6;

/** "INV-2026-000123". */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${INVOICE_NUMBER_PREFIX}-${year}-${String(sequence).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

export const INVOICE_NUMBER_PATTERN = /^INV-\d{4}-\d{6,}$/;

/** Why an invoice cannot be issued (409); the web shows them in the user's language (invoices:errors.*). */
export const INVOICE_MESSAGES = {
  noWork: 'This visit has no work to invoice yet',
  unchanged: 'Nothing has changed since the last invoice of this visit',
} as const;

export const visitIdParamsSchema = z.object({ visitId: z.uuid() });
export const invoiceIdSchema = z.object({ id: z.uuid() });

/** ?lang=en|fr|ar of a PDF download; absent = the signed-in user's language. */
export const invoicePdfQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() });

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  visitId: z.string(),
  issuedAt: z.string(),
  totalCents: z.number(),
  paidCents: z.number(),
  balanceCents: z.number(),
  currency: z.string(),
  /** The invoice this one corrects. */
  replaces: z.object({ id: z.string(), number: z.string() }).nullable(),
  /** The later invoice that corrects this one (null = this is the visit's current invoice). */
  replacedBy: z.object({ id: z.string(), number: z.string() }).nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListSchema = z.object({ items: z.array(invoiceSummarySchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;
