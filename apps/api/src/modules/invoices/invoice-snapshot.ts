// What an invoice says, frozen when it is issued (Invoice.snapshot). Built from the visit inside the
// issuing transaction (the visit row is locked, so tasks and payments cannot move underneath). Tasks appear
// at their sold-for price, never the shop's internal cost; only committed work is invoiced (pending
// proposals and cancelled or declined tasks are left out, as in the visit's total).
import {
  isCommittedWork,
  paidCents,
  visitTotalCents,
  type PaymentRecordStatus,
  type TaskApproval,
  type TaskStatus,
} from '@garage/shared';
import type { Tx } from '../visits/visit-state.ts';
import type { ShopIdentity } from '../../lib/pdf/shop.ts';
import { notFound } from '../../lib/errors.ts';

/** The part of the snapshot that describes the visit; two issues with equal content are the same invoice. */
export interface InvoiceContent {
  shop: ShopIdentity;
  customer: { name: string; email: string | null; phone: string | null };
  vehicle: { plateNumber: string; brand: string; model: string; year: number; type: string };
  visit: { id: string; name: string; visitDate: string; completedAt: string | null };
  lines: { title: string; description: string | null; service: string; amountCents: number }[];
  payments: { date: string; method: string; kind: 'payment' | 'refund'; amountCents: number }[];
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  currency: string;
}

export interface InvoiceSnapshot extends InvoiceContent {
  version: 1;
  number: string;
  issuedAt: string;
  replaces: { id: string; number: string; issuedAt: string } | null;
}

export async function readInvoiceContent(tx: Tx, visitId: string, shop: ShopIdentity): Promise<InvoiceContent & { customerId: string }> {
  const visit = await tx.visit.findUnique({
    where: { id: visitId },
    select: {
      id: true,
      name: true,
      visitDate: true,
      completedAt: true,
      customerId: true,
      customer: { select: { firstName: true, lastName: true, email: true, countryCode: true, phoneNumber: true } },
      vehicle: { select: { plateNumber: true, brand: true, model: true, year: true, type: true } },
      // costCents is deliberately not selected: the invoice never sees the shop's cost.
      tasks: {
        select: { title: true, description: true, service: true, status: true, approval: true, soldForCents: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      },
      payments: {
        where: { status: { in: ['SUCCESS', 'REFUNDED'] } },
        select: { amountCents: true, method: true, status: true, createdAt: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      },
    },
  });
  if (!visit) throw notFound('Visit');
  const committed = visit.tasks.filter((task) => isCommittedWork(task as { status: TaskStatus; approval: TaskApproval | null }));
  const total = visitTotalCents(committed as { status: TaskStatus; approval: TaskApproval | null; soldForCents: number }[]);
  const paid = paidCents(visit.payments as { status: PaymentRecordStatus; amountCents: number }[]);
  const { customer } = visit;
  const phone = customer.phoneNumber ? `${customer.countryCode ?? ''} ${customer.phoneNumber}`.trim() : null;
  return {
    customerId: visit.customerId,
    shop,
    customer: { name: `${customer.firstName} ${customer.lastName}`.trim(), email: customer.email, phone },
    vehicle: visit.vehicle,
    visit: {
      id: visit.id,
      name: visit.name,
      visitDate: visit.visitDate.toISOString(),
      completedAt: visit.completedAt?.toISOString() ?? null,
    },
    lines: committed.map((task) => ({ title: task.title, description: task.description, service: task.service, amountCents: task.soldForCents })),
    payments: visit.payments.map((payment) => ({
      date: payment.createdAt.toISOString(),
      method: payment.method,
      kind: payment.status === 'REFUNDED' ? 'refund' : 'payment',
      amountCents: payment.status === 'REFUNDED' ? -payment.amountCents : payment.amountCents,
    })),
    totalCents: total,
    paidCents: paid,
    balanceCents: total - paid,
    currency: shop.currency,
  };
}
