// What a customer owes for a visit: visitAmountDue (packages/shared/src/visit-rules.ts) over the visit's
// committed lines and their rates, under the shop's settings. Visit.totalCostCents stores it (visit-state.ts
// writes it with every task or payment change), so lists, balances, dashboards and reports read one column.
// The same figure in SQL (amount-due.sql.ts) recomputes the stored totals when the settings change.
import type { Db, Prisma } from '@garage/db';
import {
  visitAmountDue,
  visitTaxes,
  type AmountDueTask,
  type DocumentTaxes,
  type TaskApproval,
  type TaskStatus,
  type VisitTaxesView,
} from '@garage/shared';
import { readShopTaxSettings, type ShopTaxSettings } from './tax-settings.ts';

type Tx = Prisma.TransactionClient;

/** A visit's tasks with their lines' totals and rates, as visitAmountDue reads them. */
export async function readAmountDueTasks(tx: Tx | Db, visitId: string): Promise<(AmountDueTask & { status: TaskStatus })[]> {
  const tasks = await tx.task.findMany({
    where: { visitId },
    select: {
      status: true,
      approval: true,
      soldForCents: true,
      lines: { select: { totalCents: true, taxRate: { select: { basisPoints: true } } } },
    },
  });
  return tasks.map((task) => ({
    status: task.status,
    approval: task.approval as TaskApproval | null,
    soldForCents: task.soldForCents,
    lines: task.lines.map((line) => ({ totalCents: line.totalCents, basisPoints: line.taxRate?.basisPoints ?? null })),
  }));
}

/** The basis points of each rate id named (for lines not yet written). */
export async function rateBasisPoints(tx: Tx, ids: readonly (string | null)[]): Promise<Map<string, number>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rates = await tx.taxRate.findMany({ where: { id: { in: wanted } }, select: { id: true, basisPoints: true } });
  return new Map(rates.map((rate) => [rate.id, rate.basisPoints]));
}

export async function amountDueOf(tx: Tx, tasks: readonly AmountDueTask[], settings?: ShopTaxSettings): Promise<number> {
  return visitAmountDue(tasks, settings ?? (await readShopTaxSettings(tx)));
}

export function toVisitTaxesView(taxes: DocumentTaxes, settings: ShopTaxSettings): VisitTaxesView {
  return { pricesIncludeTax: settings.pricesIncludeTax, net: taxes.net, tax: taxes.tax, gross: taxes.gross, rates: taxes.rates };
}

export async function readVisitTaxes(tx: Tx | Db, visitId: string): Promise<VisitTaxesView> {
  const [tasks, settings] = await Promise.all([readAmountDueTasks(tx, visitId), readShopTaxSettings(tx)]);
  return toVisitTaxesView(visitTaxes(tasks, settings), settings);
}
