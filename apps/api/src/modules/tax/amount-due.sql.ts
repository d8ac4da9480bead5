// The amount due of visits in SQL: the same figure as visitAmountDue (packages/shared/src/visit-rules.ts),
// for statements over many visits (recomputing the stored totals when the shop's tax settings change).
// tax.test.ts compares the two on many random visits.
//
// Rounding: PostgreSQL's round(numeric) rounds half away from zero, as roundHalfAway does.
import { Prisma } from '@garage/db';
import { CLOSED_VISIT_STATUSES, TAX_ROUNDING_RULE, derivePaymentStatus, type AmountDueSettings } from '@garage/shared';

/**
 * A scalar SQL expression: the amount due of the visit whose id is `visitId` (an SQL column reference such
 * as `v.id`, never input), as an integer. Committed work only (isCommittedWork: not cancelled, not a pending
 * or declined proposal); a task without lines counts as one untaxed line at its soldForCents.
 */
export function visitAmountDueSql(visitId: Prisma.Sql, settings: AmountDueSettings): Prisma.Sql {
  const committed = Prisma.sql`t.status <> 'CANCELLED' AND (t.approval IS NULL OR t.approval = 'APPROVED')`;
  const lines = Prisma.sql`
    SELECT l."totalCents"::numeric AS total, coalesce(r."basisPoints", 0)::numeric AS bp
      FROM "Task" t JOIN "TaskLine" l ON l."taskId" = t.id LEFT JOIN "TaxRate" r ON r.id = l."taxRateId"
     WHERE t."visitId" = ${visitId} AND ${committed}
    UNION ALL
    SELECT t."soldForCents"::numeric, 0::numeric
      FROM "Task" t
     WHERE t."visitId" = ${visitId} AND ${committed} AND NOT EXISTS (SELECT 1 FROM "TaskLine" l WHERE l."taskId" = t.id)`;
  let amounts: Prisma.Sql;
  if (settings.pricesIncludeTax) {
    // The customer pays what was typed, whatever the rounding of the tax inside it.
    amounts = Prisma.sql`SELECT x.total AS amount FROM (${lines}) x`;
  } else if (TAX_ROUNDING_RULE[settings.profile] === 'PER_LINE') {
    amounts = Prisma.sql`SELECT x.total + round(x.total * x.bp / 10000) AS amount FROM (${lines}) x`;
  } else {
    amounts = Prisma.sql`SELECT sum(x.total) + round(sum(x.total) * x.bp / 10000) AS amount FROM (${lines}) x GROUP BY x.bp`;
  }
  return Prisma.sql`(SELECT coalesce(sum(d.amount), 0)::int FROM (${amounts}) d)`;
}

/**
 * After a change of the shop's profile or of pricesIncludeTax: every visit still open (not picked up, not
 * cancelled) gets its stored amount due and payment status recomputed under the new settings. Closed visits
 * keep what was settled with the customer (and issued invoices are frozen whatever happens). One statement
 * reads, one writes; the payment status comes from derivePaymentStatus, as writeDerivedState's.
 * Returns how many visits changed.
 */
export async function recomputeOpenVisitTotals(tx: Prisma.TransactionClient, settings: AmountDueSettings): Promise<number> {
  const closed = [...CLOSED_VISIT_STATUSES];
  const rows = await tx.$queryRaw<{ id: string; due: number; total: number; paid: number }[]>`
    SELECT v.id, ${visitAmountDueSql(Prisma.sql`v.id`, settings)} AS due, v."totalCostCents" AS total, v."paidCents" AS paid
      FROM "Visit" v WHERE v.status::text <> ALL(${closed}::text[])`;
  const changed = rows.filter((row) => row.due !== row.total);
  if (changed.length === 0) return 0;
  await tx.$executeRaw`
    UPDATE "Visit" v SET "totalCostCents" = u.due, "paymentStatus" = u.status::"PaymentStatus", version = v.version + 1
      FROM unnest(${changed.map((row) => row.id)}::uuid[], ${changed.map((row) => row.due)}::int[],
                  ${changed.map((row) => derivePaymentStatus(row.due, row.paid))}::text[]) AS u(id, due, status)
     WHERE v.id = u.id`;
  return changed.length;
}
