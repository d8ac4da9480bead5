// Accounting exports (admin) for a period of days in the shop's time zone: the FEC (France's Fichier des
// Écritures Comptables, art. A47 A-1 LPF: 18 tab-separated columns) and a plain journal CSV. Both are the
// same double-entry lines, built here from the issued documents and the money received:
//   invoice      debit the customer (gross); credit sales per kind of line (net) and tax collected per rate
//   credit note  the same with negative amounts, i.e. the reverse
//   payment      debit bank or cash (by method); credit the customer
//   refund       the reverse
// An amount meant for one side that is negative goes to the other side, so every entry balances by
// construction: the sales lines are the document's net total split by kind, tax lines its tax per rate.
import type { Db } from '@garage/db';
import type { InvoiceSnapshot } from '@garage/db/invoices';
import {
  accountingAccountsSchema,
  addDays,
  calendarDateIn,
  formatMinorPlain,
  startOfDayIn,
  type AccountingAccounts,
  type AccountingPeriod,
} from '@garage/shared';
import iconv from 'iconv-lite';
import { AppError } from '../../lib/errors.ts';
import { csvCell } from '../data-transfer/export.service.ts';

export interface LedgerLine {
  account: string;
  accountLabel: string;
  /** The customer's sub-account (FEC CompAuxNum) on customer lines. */
  auxAccount: string | null;
  auxLabel: string | null;
  debit: number;
  credit: number;
}

/** One balanced accounting entry (FEC: the lines sharing an EcritureNum). */
export interface LedgerEntry {
  journal: 'sales' | 'receipts';
  /** "YYYY-MM-DD" in the shop's time zone. */
  date: string;
  piece: string;
  label: string;
  currency: string;
  lines: LedgerLine[];
}

/** What an invoice or credit note brings to the ledger (amounts signed: negative on credit notes). */
export interface LedgerDocument {
  number: string;
  kind: 'INVOICE' | 'CREDIT_NOTE';
  date: string;
  customerId: string;
  customerName: string;
  currency: string;
  gross: number;
  /** Net by kind of line; their sum may differ from `net` by rounding, the rest goes to the largest kind. */
  netByKind: { PART: number; LABOUR: number; FLAT: number };
  net: number;
  taxes: { basisPoints: number; tax: number }[];
}

export interface LedgerPayment {
  id: string;
  refund: boolean;
  method: 'CASH' | 'CREDIT_CARD' | 'BANK_TRANSFER';
  date: string;
  customerId: string;
  customerName: string;
  currency: string;
  /** Positive: money in for a payment, money out for a refund. */
  amount: number;
}

const SALES_ACCOUNT = { PART: 'salesParts', LABOUR: 'salesLabour', FLAT: 'salesOther' } as const;
const ACCOUNT_LABELS: Record<string, string> = {
  customers: 'Clients',
  salesParts: 'Ventes de pièces',
  salesLabour: "Prestations de main-d'œuvre",
  salesOther: 'Autres ventes',
  bank: 'Banque',
  cash: 'Caisse',
};

/** A line for an amount meant for `side`; a negative amount goes to the other side. */
function line(
  side: 'debit' | 'credit',
  amount: number,
  account: string,
  accountLabel: string,
  aux?: { id: string; name: string },
): LedgerLine {
  const onSide = amount >= 0 ? side : side === 'debit' ? 'credit' : 'debit';
  const value = Math.abs(amount);
  return {
    account,
    accountLabel,
    auxAccount: aux?.id ?? null,
    auxLabel: aux?.name ?? null,
    debit: onSide === 'debit' ? value : 0,
    credit: onSide === 'credit' ? value : 0,
  };
}

const taxLabel = (basisPoints: number) => `TVA collectée ${(basisPoints / 100).toFixed(2).replace('.', ',')} %`;

/** Splits `net` by kind: each kind's own net, the rounding rest on the largest kind (PER_RATE rounding). */
function salesSplit(document: LedgerDocument): [keyof LedgerDocument['netByKind'], number][] {
  const kinds = (Object.entries(document.netByKind) as [keyof LedgerDocument['netByKind'], number][]).filter(([, net]) => net !== 0);
  if (kinds.length === 0) return [['FLAT', document.net]];
  const rest = document.net - kinds.reduce((sum, [, net]) => sum + net, 0);
  if (rest !== 0) {
    const largest = kinds.reduce((best, entry) => (Math.abs(entry[1]) > Math.abs(best[1]) ? entry : best));
    largest[1] += rest;
  }
  return kinds;
}

export function invoiceLedgerEntry(document: LedgerDocument, accounts: AccountingAccounts): LedgerEntry {
  const customer = { id: document.customerId, name: document.customerName };
  const lines = [line('debit', document.gross, accounts.customers, ACCOUNT_LABELS.customers!, customer)];
  for (const [kind, net] of salesSplit(document)) {
    const key = SALES_ACCOUNT[kind];
    lines.push(line('credit', net, accounts[key], ACCOUNT_LABELS[key]!));
  }
  for (const rate of document.taxes) {
    if (rate.tax === 0) continue;
    const account = accounts.taxCollectedByRate[String(rate.basisPoints)] ?? accounts.taxCollected;
    lines.push(line('credit', rate.tax, account, taxLabel(rate.basisPoints)));
  }
  // Tax the rates do not explain (never expected: gross = net + Σ tax) still balances on the general account.
  const unexplained = document.gross - document.net - document.taxes.reduce((sum, rate) => sum + rate.tax, 0);
  if (unexplained !== 0) lines.push(line('credit', unexplained, accounts.taxCollected, 'TVA collectée'));
  return {
    journal: 'sales',
    date: document.date,
    piece: document.number,
    label: `${document.kind === 'CREDIT_NOTE' ? 'Avoir' : 'Facture'} ${document.number} ${document.customerName}`.trim(),
    currency: document.currency,
    lines: lines.filter((entry) => entry.debit !== 0 || entry.credit !== 0),
  };
}

export function paymentLedgerEntry(payment: LedgerPayment, accounts: AccountingAccounts): LedgerEntry {
  const cash = payment.method === 'CASH';
  const money = cash ? accounts.cash : accounts.bank;
  const moneyLabel = cash ? ACCOUNT_LABELS.cash! : ACCOUNT_LABELS.bank!;
  const signed = payment.refund ? -payment.amount : payment.amount;
  const customer = { id: payment.customerId, name: payment.customerName };
  return {
    journal: 'receipts',
    date: payment.date,
    piece: `${payment.refund ? 'RFD' : 'PAY'}-${payment.id.replace(/-/g, '').slice(-10).toUpperCase()}`,
    label: `${payment.refund ? 'Remboursement' : 'Règlement'} ${payment.customerName}`.trim(),
    currency: payment.currency,
    lines: [line('debit', signed, money, moneyLabel), line('credit', signed, accounts.customers, ACCOUNT_LABELS.customers!, customer)],
  };
}

// ─── Reading the period ────────────────────────────────────────────────────────────────────────────────

interface ShopBooks {
  timezone: string;
  currency: string;
  accounts: AccountingAccounts;
  siren: string | null;
}

async function shopBooks(db: Db): Promise<ShopBooks> {
  const merchant = await db.merchant.findFirst({
    orderBy: { createdAt: 'asc' },
    select: { timezone: true, currency: true, accountingAccounts: true, legalIdentity: true },
  });
  // Stored settings were checked on the way in; a missing or old shape falls back to the defaults.
  const parsed = accountingAccountsSchema.safeParse(merchant?.accountingAccounts ?? {});
  const identity = merchant?.legalIdentity as { identifiers?: { siren?: string | null } } | null;
  return {
    timezone: merchant?.timezone ?? 'UTC',
    currency: merchant?.currency ?? 'USD',
    accounts: parsed.success ? parsed.data : accountingAccountsSchema.parse({}),
    siren: identity?.identifiers?.siren?.replace(/\s/g, '') || null,
  };
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** An invoice or credit note as the ledger reads it; a v1 invoice (before taxes) is all net, other sales. */
export function ledgerDocumentOf(
  invoice: {
    number: string;
    kind: 'INVOICE' | 'CREDIT_NOTE';
    customerId: string;
    totalCents: number;
    currency: string;
    issuedAt: Date;
    snapshot: unknown;
  },
  customerName: string,
  timezone: string,
): LedgerDocument {
  const snapshot = invoice.snapshot as InvoiceSnapshot;
  const base = {
    number: invoice.number,
    kind: invoice.kind,
    date: calendarDateIn(invoice.issuedAt, timezone),
    customerId: invoice.customerId,
    customerName,
    currency: invoice.currency,
    gross: invoice.totalCents,
  };
  if (snapshot?.version !== 2)
    return { ...base, net: invoice.totalCents, netByKind: { PART: 0, LABOUR: 0, FLAT: invoice.totalCents }, taxes: [] };
  const netByKind = { PART: 0, LABOUR: 0, FLAT: 0 };
  for (const item of snapshot.lines) netByKind[item.kind] += item.net;
  return {
    ...base,
    customerName: snapshot.buyer.legalName || snapshot.buyer.name || customerName,
    net: snapshot.netTotal,
    netByKind,
    taxes: snapshot.taxes.map((rate) => ({ basisPoints: rate.basisPoints, tax: rate.tax })),
  };
}

/** Every ledger entry of the period, in date order: the sales journal's, then the receipts'. */
export async function ledgerEntries(db: Db, period: AccountingPeriod): Promise<{ entries: LedgerEntry[]; books: ShopBooks }> {
  const books = await shopBooks(db);
  const start = startOfDayIn(period.from, books.timezone);
  const end = startOfDayIn(addDays(period.to, 1), books.timezone);
  const invoices = await db.invoice.findMany({
    where: { issuedAt: { gte: start, lt: end } },
    orderBy: [{ issuedAt: 'asc' }, { number: 'asc' }],
    select: {
      number: true,
      kind: true,
      customerId: true,
      totalCents: true,
      currency: true,
      issuedAt: true,
      snapshot: true,
      customer: { select: { firstName: true, lastName: true } },
    },
  });
  const payments = await db.payment.findMany({
    where: { status: { in: ['SUCCESS', 'REFUNDED'] }, createdAt: { gte: start, lt: end } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      status: true,
      method: true,
      amountCents: true,
      createdAt: true,
      visit: { select: { customerId: true, customer: { select: { firstName: true, lastName: true } } } },
    },
  });
  const entries = [
    ...invoices.map((invoice) => invoiceLedgerEntry(ledgerDocumentOf(invoice, fullName(invoice.customer), books.timezone), books.accounts)),
    ...payments.map((payment) =>
      paymentLedgerEntry(
        {
          id: payment.id,
          refund: payment.status === 'REFUNDED',
          method: payment.method,
          date: calendarDateIn(payment.createdAt, books.timezone),
          customerId: payment.visit.customerId,
          customerName: fullName(payment.visit.customer),
          currency: books.currency,
          amount: payment.amountCents,
        },
        books.accounts,
      ),
    ),
  ];
  return { entries, books };
}

// ─── The files ─────────────────────────────────────────────────────────────────────────────────────────

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** FEC text fields: no tab, no line break (they would cut the record). */
const fecText = (value: string | null) => (value ?? '').replace(/[\t\r\n]+/g, ' ').trim();

/**
 * The FEC is written in ISO 8859-15 (Latin-9), the encoding its official description (art. A47 A-1 LPF) names
 * beside ASCII: French accents and Œ/€ keep their byte. A character Latin-9 lacks is written as its unaccented
 * base when it has one ("ř" → "r") and as "?" otherwise (an Arabic name), never as a broken byte sequence.
 */
export function encodeLatin9(text: string): Buffer {
  let folded = '';
  for (const char of text) {
    if (char === '?' || iconv.encode(char, 'iso-8859-15')[0] !== 0x3f) folded += char;
    else folded += char.normalize('NFKD').replace(/[^\u0020-\u007e]/g, '') || '?';
  }
  return iconv.encode(folded, 'iso-8859-15');
}
const fecDate = (isoDay: string) => isoDay.replace(/-/g, '');
const fecAmount = (minor: number, currency: string) => formatMinorPlain(minor, currency).replace('.', ',');

/**
 * The FEC of the period: one record per ledger line, entries numbered per journal in date order. Amounts
 * are in the shop's currency; when it is not the euro, Montantdevise/Idevise repeat them with the currency.
 */
export async function fecFile(db: Db, period: AccountingPeriod): Promise<{ fileName: string; body: Buffer }> {
  const { entries, books } = await ledgerEntries(db, period);
  if (!books.siren) throw new AppError('CONFLICT', 'fiscal.missingIdentity');
  const journals = {
    sales: { code: books.accounts.salesJournal, label: 'Journal des ventes' },
    receipts: { code: books.accounts.receiptsJournal, label: 'Journal de banque' },
  };
  const numbers = { sales: 0, receipts: 0 };
  const ordered = [...entries].sort((a, b) => (a.journal === b.journal ? a.date.localeCompare(b.date) : a.journal === 'sales' ? -1 : 1));
  const records: string[] = [FEC_COLUMNS.join('\t')];
  for (const entry of ordered) {
    numbers[entry.journal] += 1;
    const journal = journals[entry.journal];
    const foreign = entry.currency !== 'EUR';
    for (const item of entry.lines) {
      records.push(
        [
          journal.code,
          journal.label,
          `${journal.code}${String(numbers[entry.journal]).padStart(6, '0')}`,
          fecDate(entry.date),
          item.account,
          fecText(item.accountLabel),
          fecText(item.auxAccount),
          fecText(item.auxLabel),
          fecText(entry.piece),
          fecDate(entry.date),
          fecText(entry.label),
          fecAmount(item.debit, entry.currency),
          fecAmount(item.credit, entry.currency),
          '',
          '',
          fecDate(entry.date),
          foreign ? fecAmount(item.debit - item.credit, entry.currency) : '',
          foreign ? entry.currency : '',
        ].join('\t'),
      );
    }
  }
  return { fileName: `${books.siren}FEC${fecDate(period.to)}.txt`, body: encodeLatin9(`${records.join('\r\n')}\r\n`) };
}

export const JOURNAL_CSV_COLUMNS = ['date', 'journal', 'piece', 'account', 'label', 'debit', 'credit'] as const;

/** The same lines as a plain CSV (dot decimals) for any accounting software. */
export async function journalCsv(db: Db, period: AccountingPeriod): Promise<{ fileName: string; body: string }> {
  const { entries, books } = await ledgerEntries(db, period);
  const codes = { sales: books.accounts.salesJournal, receipts: books.accounts.receiptsJournal };
  const rows: string[] = [JOURNAL_CSV_COLUMNS.join(',')];
  for (const entry of entries) {
    for (const item of entry.lines) {
      rows.push(
        [
          entry.date,
          codes[entry.journal],
          entry.piece,
          item.account,
          // The customer line's label names the customer already; the others say which account.
          item.auxLabel ? entry.label : `${entry.label} · ${item.accountLabel}`,
          formatMinorPlain(item.debit, entry.currency),
          formatMinorPlain(item.credit, entry.currency),
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return { fileName: `journal-${period.from}-${period.to}.csv`, body: `\uFEFF${rows.join('\r\n')}\r\n` };
}
