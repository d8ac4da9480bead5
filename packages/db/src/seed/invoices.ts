// Demo invoices: every visit whose work is done (completed, ready for pickup, picked up) got its invoice a
// couple of hours after completion, issued by the demo employee, so the invoice lists and the demo client's
// "Download invoice" are alive on first start. Issued in completion order, so numbers follow the dates.
import type { Prisma } from '../generated/prisma/client.ts';
import { issueInvoiceInTransaction } from '../invoices.ts';

export async function seedDemoInvoices(tx: Prisma.TransactionClient, now: Date, issuedById: string): Promise<number> {
  const done = await tx.visit.findMany({
    where: { status: { in: ['COMPLETED', 'READY_FOR_PICKUP', 'PICKED_UP'] }, completedAt: { not: null } },
    orderBy: [{ completedAt: 'asc' }, { id: 'asc' }],
    select: { id: true, completedAt: true },
  });
  let issued = 0;
  for (const visit of done) {
    const issuedAt = new Date(Math.min(now.getTime(), visit.completedAt!.getTime() + 2 * 3600_000));
    const outcome = await issueInvoiceInTransaction(tx, { visitId: visit.id, issuedById, issuedAt });
    if ('issued' in outcome) issued++;
  }
  return issued;
}
