// Demo invoices: every visit whose work is done (completed, ready for pickup, picked up) got its invoice a
// couple of hours after completion, issued by the demo employee, so the invoice lists and the demo client's
// "Download invoice" are alive on first start. Credit notes the way the shop makes them (#27): the first
// invoice got a goodwill credit of a tenth of its first line (a partial credit note), the second was credited
// in full (wrong customer details) and issued again, so the lists show both kinds and the "credited" states.
// Documents are issued in date order (each a second after the one before at least), so every series'
// numbers follow the dates, as the law wants.
import type { Prisma } from '../generated/prisma/client.ts';
import { documentLines, issueCreditNoteInTransaction, issueInvoiceInTransaction, type InvoiceSnapshot } from '../invoices.ts';

const HOUR = 3600_000;

export async function seedDemoInvoices(tx: Prisma.TransactionClient, now: Date, issuedById: string): Promise<number> {
  const done = await tx.visit.findMany({
    where: { status: { in: ['COMPLETED', 'READY_FOR_PICKUP', 'PICKED_UP'] }, completedAt: { not: null } },
    orderBy: [{ completedAt: 'asc' }, { id: 'asc' }],
    select: { id: true, completedAt: true },
  });
  let last = 0;
  /** `wanted`, or a second after the last document when that is later: dates never go back. */
  const nextDate = (wanted: number) => {
    last = Math.max(Math.min(now.getTime(), wanted), last + 1000);
    return new Date(last);
  };
  let issued = 0;
  for (const visit of done) {
    const issuedAt = nextDate(visit.completedAt!.getTime() + 2 * HOUR);
    const outcome = await issueInvoiceInTransaction(tx, { visitId: visit.id, issuedById, issuedAt });
    if (!('issued' in outcome)) continue;
    issued++;
    if (issued === 1) {
      const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: outcome.issued.id }, select: { snapshot: true } });
      const first = documentLines(invoice.snapshot as unknown as InvoiceSnapshot)[0];
      const amount = first ? Math.round(Math.abs(first.amount) / 10) : 0;
      if (amount > 0) {
        await issueCreditNoteInTransaction(tx, {
          invoiceId: outcome.issued.id,
          reason: 'Goodwill gesture: 10 % off the first line',
          lines: [{ lineIndex: 0, amount }],
          issuedById,
          issuedAt: nextDate(issuedAt.getTime() + HOUR),
        });
      }
    } else if (issued === 2) {
      await issueCreditNoteInTransaction(tx, {
        invoiceId: outcome.issued.id,
        reason: 'Issued with the wrong customer details',
        issuedById,
        issuedAt: nextDate(issuedAt.getTime() + HOUR),
      });
      await issueInvoiceInTransaction(tx, { visitId: visit.id, issuedById, issuedAt: nextDate(issuedAt.getTime() + HOUR) });
    }
  }
  return issued;
}
