// Payments against a visit. Records are never removed: a refund is its own REFUNDED record linked to the
// payment, and "delete" marks a FAILED record DELETED. Each change locks the visit and rewrites its paid amount
// and payment status in the same transaction (visits/visit-state.ts).
//
// Money received or returned cannot be rewritten (docs/invoicing.md "Payments that cannot be rewritten"): a
// SUCCESS payment and a REFUNDED record are appended to the fiscal journal in the transaction that records
// them, and neither is ever deleted nor changed afterwards; money given back is a new REFUNDED record.
import type { Db, Prisma } from '@garage/db';
import { journalPayment, shopCurrency } from '@garage/db/fiscal-journal';
import {
  canDeletePayment,
  canRefundPayment,
  formatMinorPlain,
  HISTORY_WINDOW,
  refundableCents,
  type HistoryWindow,
  type PaymentInput,
  type PaymentResult,
  type PaymentView,
} from '@garage/shared';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { cursorRow, olderThanWhere } from '../../lib/history-window.ts';
import type { Session } from '../../session/session.ts';
import { inVisitTransaction, lockVisit, writeDerivedState, type Tx, type VisitMoney } from '../visits/visit-state.ts';

type RecordInput = { amountCents: number; method: PaymentInput['method']; notes: string | null; status: 'SUCCESS' | 'FAILED' };

export const paymentSelect = {
  id: true,
  visitId: true,
  amountCents: true,
  method: true,
  status: true,
  notes: true,
  refundOfId: true,
  createdAt: true,
  updatedAt: true,
  recordedBy: { select: { id: true, firstName: true, lastName: true } },
  refunds: { select: { status: true, amountCents: true } },
} satisfies Prisma.PaymentSelect;
export type PaymentRow = Prisma.PaymentGetPayload<{ select: typeof paymentSelect }>;

export function toPaymentView({ refunds, ...row }: PaymentRow): PaymentView {
  return {
    ...row,
    refundableCents: canRefundPayment(row.status) ? refundableCents(row, refunds) : 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const result = (payment: PaymentRow, { status: _status, ...visit }: VisitMoney): PaymentResult => ({
  payment: toPaymentView(payment),
  visit,
});

/** Reads the payment's visit id, then locks the visit before trusting anything else about the payment. */
async function lockPaymentVisit(tx: Tx, paymentId: string) {
  const found = await tx.payment.findUnique({ where: { id: paymentId }, select: { visitId: true } });
  if (!found) throw notFound('payment');
  const visit = await lockVisit(tx, found.visitId);
  const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, select: paymentSelect });
  return { visit, payment };
}

/**
 * A window of the visit's payment history, newest first (historyWindowSchema): at most `limit` records older
 * than `before`. Still a plain array (the shape clients already read): fewer than `limit` means the end.
 */
export async function listVisitPayments(
  db: Db,
  visitId: string,
  window: HistoryWindow = { limit: HISTORY_WINDOW.defaultLimit },
): Promise<PaymentView[]> {
  const visit = await db.visit.findUnique({ where: { id: visitId }, select: { id: true } });
  if (!visit) throw notFound('visit');
  const olderThan = window.before ? await cursorRow(db.payment, { id: window.before, visitId }) : null;
  const rows = await db.payment.findMany({
    where: { visitId, ...olderThanWhere(olderThan) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: window.limit,
    select: paymentSelect,
  });
  return rows.map(toPaymentView);
}

export async function recordPayment(db: Db, actor: Session, visitId: string, input: RecordInput): Promise<PaymentResult> {
  return inVisitTransaction(db, async (tx) => {
    const visit = await lockVisit(tx, visitId);
    const payment = await tx.payment.create({
      data: {
        visitId,
        amountCents: input.amountCents,
        method: input.method,
        notes: input.notes,
        status: input.status,
        recordedById: actor.userId,
      },
      select: paymentSelect,
    });
    // A failed attempt moved no money: only successful payments are fiscal records.
    if (payment.status === 'SUCCESS') await journalPayment(tx, payment, await shopCurrency(tx));
    return result(payment, await writeDerivedState(tx, visit));
  });
}

/** Refunds part or all of what is left of a successful payment (default: all of it). */
export async function refundPayment(
  db: Db,
  actor: Session,
  id: string,
  input: { amountCents?: number; notes: string | null },
): Promise<PaymentResult> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, payment } = await lockPaymentVisit(tx, id);
    if (!canRefundPayment(payment.status))
      throw new AppError('CONFLICT', 'payments.refundNeedsSuccess', { params: { status: payment.status } });
    const left = refundableCents(payment, payment.refunds);
    if (left === 0) throw new AppError('CONFLICT', 'payments.alreadyRefunded');
    const amountCents = input.amountCents ?? left;
    if (amountCents > left) {
      // The limit in the currency's units and decimals, as the form shows amounts ("12.345" in KWD).
      throw fieldError('amountCents', 'maxValue', { fieldName: 'amount', maxValue: formatMinorPlain(left, await shopCurrency(tx)) });
    }
    const refund = await tx.payment.create({
      data: {
        visitId: payment.visitId,
        amountCents,
        method: payment.method,
        status: 'REFUNDED',
        refundOfId: payment.id,
        notes: input.notes,
        recordedById: actor.userId,
      },
      select: paymentSelect,
    });
    await journalPayment(tx, refund, await shopCurrency(tx));
    return result(refund, await writeDerivedState(tx, visit));
  });
}

/**
 * Marks a FAILED record DELETED (kept for the audit trail). Money received (SUCCESS) or returned (REFUNDED) is
 * in the fiscal journal and is never deleted: it is corrected by a refund.
 */
export async function deletePayment(db: Db, id: string): Promise<PaymentResult> {
  return inVisitTransaction(db, async (tx) => {
    const { visit, payment } = await lockPaymentVisit(tx, id);
    if (payment.status === 'DELETED') throw new AppError('CONFLICT', 'payments.alreadyDeleted');
    if (!canDeletePayment(payment.status)) throw new AppError('CONFLICT', 'payments.recordedUseRefund');
    const deleted = await tx.payment.update({ where: { id }, data: { status: 'DELETED' }, select: paymentSelect });
    return result(deleted, await writeDerivedState(tx, visit));
  });
}
