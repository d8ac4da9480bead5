// The global payment history (payments screen): filters by method, record status and creation day range in
// the caller's time zone, newest first. Uses the (method, status, createdAt) and (createdAt) indexes.
import type { Db, Prisma } from '@garage/db';
import { addDays, startOfDayIn, type listPaymentsSchema, type PaymentPage } from '@garage/shared';
import type { z } from 'zod';
import { paymentSelect, toPaymentView } from './payments.service.ts';

type ListPaymentsParsed = z.output<typeof listPaymentsSchema>;

const historySelect = {
  ...paymentSelect,
  visit: {
    select: {
      id: true,
      name: true,
      customerId: true,
      vehicleId: true,
      customer: { select: { id: true, firstName: true, lastName: true } },
    },
  },
} satisfies Prisma.PaymentSelect;

export async function listPayments(db: Db, query: ListPaymentsParsed): Promise<PaymentPage> {
  const createdAt: Prisma.DateTimeFilter = {};
  if (query.from) createdAt.gte = startOfDayIn(query.from, query.timeZone);
  // "to" is inclusive: everything before the next day starts.
  if (query.to) createdAt.lt = startOfDayIn(addDays(query.to, 1), query.timeZone);
  const where: Prisma.PaymentWhereInput = {
    ...(query.method ? { method: query.method } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.visitId ? { visitId: query.visitId } : {}),
    ...(query.from || query.to ? { createdAt } : {}),
  };
  const [rows, total] = await Promise.all([
    db.payment.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
      select: historySelect,
    }),
    db.payment.count({ where }),
  ]);
  return {
    items: rows.map(({ visit: { customer, ...visit }, ...payment }) => ({ ...toPaymentView(payment), visit, customer })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
