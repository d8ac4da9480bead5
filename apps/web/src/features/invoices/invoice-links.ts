// Where an invoice's PDF is downloaded (a plain link: the session cookie goes with it) and what a refused
// issue says in the user's language.
import type { TFunction } from 'i18next';
import { INVOICE_MESSAGES } from '@garage/shared/schemas/invoices';
import { env } from '../../env.ts';
import { LANGUAGES, type Language } from '@garage/shared/constants';

export const INVOICE_LANGUAGES: readonly Language[] = LANGUAGES;

/** Staff: any invoice; clients: their own (`area: 'client'`). `lang` defaults to the UI language on the server side too. */
export function invoicePdfUrl(area: 'admin' | 'client', invoiceId: string, lang: string): string {
  const base = area === 'client' ? `${env.apiUrl}/my/invoices` : `${env.apiUrl}/invoices`;
  return `${base}/${invoiceId}/pdf?lang=${encodeURIComponent(lang.slice(0, 2))}`;
}

/** The would-be invoice of a visit, as a PDF marked "DRAFT — not an invoice" (staff; opened in a new tab). */
export function draftInvoicePdfUrl(visitId: string, lang: string): string {
  return `${env.apiUrl}/visits/${visitId}/invoices/draft.pdf?lang=${encodeURIComponent(lang.slice(0, 2))}`;
}

/** The 409s of issuing (INVOICE_MESSAGES) in the user's language; anything else is the generic failure. */
export function issueFailureMessage(t: TFunction, error: unknown): string {
  const message = (error as { message?: string } | null)?.message;
  const key = (Object.keys(INVOICE_MESSAGES) as (keyof typeof INVOICE_MESSAGES)[]).find((k) => INVOICE_MESSAGES[k] === message);
  return key ? t(`errors.${key}`) : t('toast.issueFailed');
}
