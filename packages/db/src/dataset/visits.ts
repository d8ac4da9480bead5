// Dataset generator, visits part: loads visits with their tasks and payments for the vehicles already in
// the database (the customers/vehicles part of this folder creates those). Deterministic for a given seed and
// `now` (default: the current time, so "today" and "this week" find visits), batched multi-row INSERTs
// through unnest() (one statement per few thousand rows), and every derived column computed with the same
// rules the API uses (packages/shared visit-rules.ts).
import {
  COMPLETED_VISIT_STATUSES,
  deriveVisitStatus,
  derivePaymentStatus,
  paidCents,
  visitTotalCents,
  type PaymentRecordStatus,
  type TaskStatus,
  type VisitStatus,
} from '@garage/shared';
import type { Db } from '../client.ts';
import { createRandom, type Random } from '../seed/ids.ts';
import { TASK_LIBRARY } from '../seed/task-library.ts';

export interface VisitDatasetOptions {
  /** Visits to create (default 200,000). */
  visits?: number;
  /** Tasks per visit (default 3, so 600,000 tasks). */
  tasksPerVisit?: number;
  /** Visits are spread over this many days before `now` (default 730). */
  spanDays?: number;
  batchSize?: number;
  seed?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface VisitDatasetResult {
  visits: number;
  tasks: number;
  payments: number;
  ms: number;
}

const DAY = 86_400_000;
const TASKS = TASK_LIBRARY;
const PRIORITIES = ['HIGH', 'MEDIUM', 'NORMAL', 'LOW'] as const;
const METHODS = ['CASH', 'CREDIT_CARD', 'BANK_TRANSFER'] as const;

/** A UUIDv7 for a given instant (time-ordered like the ids the app creates), with seeded random bits. */
export function uuidV7At(ms: number, random: Random): string {
  const hex = ms.toString(16).padStart(12, '0');
  const rand = (digits: number) => Array.from({ length: digits }, () => Math.floor(random.next() * 16).toString(16)).join('');
  const variant = (8 + Math.floor(random.next() * 4)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${rand(3)}-${variant}${rand(3)}-${rand(12)}`;
}

/**
 * Work state by age, as in a real shop: visits older than two months are closed (picked up or cancelled)
 * except a few forgotten ones; the last two weeks hold most of the open work.
 */
function pickTaskStatuses(random: Random, ageDays: number, count: number): { statuses: TaskStatus[]; handover?: VisitStatus } {
  const roll = random.next();
  const all = (status: TaskStatus) => Array.from({ length: count }, () => status);
  const done = (): TaskStatus[] => all('COMPLETED').map((s, i) => (i === count - 1 && random.chance(0.1) ? 'CANCELLED' : s));
  const [pickedUp, cancelled, ready, completed, pending] =
    ageDays > 60 ? [0.93, 0.965, 0.975, 0.985, 0.985] : ageDays > 14 ? [0.8, 0.83, 0.88, 0.93, 0.93] : [0.1, 0.13, 0.23, 0.33, 0.53];
  if (roll < pickedUp) return { statuses: done(), handover: 'PICKED_UP' };
  if (roll < cancelled) return { statuses: all('CANCELLED') };
  if (roll < ready) return { statuses: done(), handover: 'READY_FOR_PICKUP' };
  if (roll < completed) return { statuses: done() };
  if (roll < pending) return { statuses: all('PENDING') };
  const mixed: TaskStatus[] = ['COMPLETED', 'IN_PROGRESS', 'PENDING', 'REOPENED', 'CANCELLED'];
  return { statuses: Array.from({ length: count }, (_, i) => (i === 0 ? 'IN_PROGRESS' : random.pick(mixed))) };
}

/** Payments for a visit: mostly settled once picked up, otherwise anything from nothing to overpaid. */
function pickPayments(
  random: Random,
  total: number,
  status: VisitStatus,
): { amountCents: number; status: PaymentRecordStatus; refundOf?: number }[] {
  if (total === 0) return [];
  const roll = random.next();
  const settledLikely = status === 'PICKED_UP' ? 0.97 : (COMPLETED_VISIT_STATUSES as readonly VisitStatus[]).includes(status) ? 0.5 : 0.15;
  const half = Math.round(total / 2);
  if (roll < settledLikely) {
    if (random.chance(0.6)) return [{ amountCents: total, status: 'SUCCESS' }];
    if (random.chance(0.1))
      return [
        { amountCents: total, status: 'FAILED' },
        { amountCents: total, status: 'SUCCESS' },
      ];
    if (random.chance(0.05))
      return [
        { amountCents: total + 1000, status: 'SUCCESS' },
        { amountCents: 1000, status: 'REFUNDED', refundOf: 0 },
      ];
    return [
      { amountCents: half, status: 'SUCCESS' },
      { amountCents: total - half, status: 'SUCCESS' },
    ];
  }
  if (roll < settledLikely + 0.25) return [{ amountCents: half, status: 'SUCCESS' }];
  if (roll < settledLikely + 0.28) return [{ amountCents: total + 500, status: 'SUCCESS' }];
  if (roll < settledLikely + 0.3)
    return [
      { amountCents: half, status: 'SUCCESS' },
      { amountCents: 300, status: 'DELETED' },
    ];
  return [];
}

async function insertRows(db: Db, table: string, columns: [name: string, pgType: string][], rows: unknown[][]) {
  if (rows.length === 0) return;
  const arrays = columns.map((_, index) => rows.map((row) => row[index]));
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const params = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  await db.$executeRawUnsafe(`INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${params})`, ...arrays);
}

const VISIT_COLUMNS: [string, string][] = [
  ['id', 'uuid'],
  ['name', 'text'],
  ['visitDate', 'timestamp'],
  ['dueDate', 'timestamp'],
  ['customerId', 'uuid'],
  ['vehicleId', 'uuid'],
  ['totalCostCents', 'int'],
  ['paidCents', 'int'],
  ['status', '"VisitStatus"'],
  ['paymentStatus', '"PaymentStatus"'],
  ['completedAt', 'timestamp'],
  ['version', 'int'],
  ['createdAt', 'timestamp'],
  ['updatedAt', 'timestamp'],
];
const TASK_COLUMNS: [string, string][] = [
  ['id', 'uuid'],
  ['visitId', 'uuid'],
  ['title', 'text'],
  ['description', 'text'],
  ['service', '"TaskService"'],
  ['status', '"TaskStatus"'],
  ['priority', '"TaskPriority"'],
  ['costCents', 'int'],
  ['soldForCents', 'int'],
  ['dueDate', 'timestamp'],
  ['completedOn', 'timestamp'],
  ['createdAt', 'timestamp'],
  ['updatedAt', 'timestamp'],
];
const PAYMENT_COLUMNS: [string, string][] = [
  ['id', 'uuid'],
  ['visitId', 'uuid'],
  ['amountCents', 'int'],
  ['method', '"PaymentMethod"'],
  ['status', '"PaymentRecordStatus"'],
  ['notes', 'text'],
  ['refundOfId', 'uuid'],
  ['createdAt', 'timestamp'],
  ['updatedAt', 'timestamp'],
];

/** Stored as UTC in `timestamp` columns. */
const ts = (ms: number) => new Date(ms).toISOString();
/** Due dates are calendar days: UTC midnight. */
const day = (ms: number) => new Date(Math.floor(ms / DAY) * DAY).toISOString();

export async function generateVisits(db: Db, options: VisitDatasetOptions = {}): Promise<VisitDatasetResult> {
  const started = Date.now();
  const total = options.visits ?? 200_000;
  const tasksPerVisit = options.tasksPerVisit ?? 3;
  const spanDays = options.spanDays ?? 730;
  const batchSize = options.batchSize ?? 4_000;
  const now = (options.now ?? new Date()).getTime();
  const random = createRandom(options.seed ?? 424242);
  const log = options.log ?? (() => {});

  const vehicles = await db.vehicle.findMany({ where: { deletedAt: null }, select: { id: true, ownerId: true }, orderBy: { id: 'asc' } });
  if (vehicles.length === 0) throw new Error('generateVisits needs vehicles: run the customers and vehicles generator first');

  let taskCount = 0;
  let paymentCount = 0;
  for (let offset = 0; offset < total; offset += batchSize) {
    const visitRows: unknown[][] = [];
    const taskRows: unknown[][] = [];
    const paymentRows: unknown[][] = [];
    for (let n = offset; n < Math.min(total, offset + batchSize); n++) {
      const vehicle = vehicles[Math.floor(random.next() * vehicles.length)]!;
      const created = now - Math.floor(random.next() * spanDays * DAY);
      const ageDays = (now - created) / DAY;
      const visitId = uuidV7At(created, random);
      const { statuses, handover } = pickTaskStatuses(random, ageDays, tasksPerVisit);
      const tasks = statuses.map((status) => {
        const [title, service, cost, soldFor] = random.pick(TASKS);
        return { status, title, service, cost, soldForCents: soldFor + random.int(-5, 5) * 100 };
      });
      const totalCents = visitTotalCents(tasks);
      const status = deriveVisitStatus(statuses, handover);
      const payments = pickPayments(random, totalCents, status);
      const paid = paidCents(payments);
      const done = (COMPLETED_VISIT_STATUSES as readonly VisitStatus[]).includes(status);
      const due = created + random.int(0, 10) * DAY;
      visitRows.push([
        visitId,
        `${tasks[0]!.title} #${n + 1}`,
        ts(created),
        day(due),
        vehicle.ownerId,
        vehicle.id,
        totalCents,
        paid,
        status,
        derivePaymentStatus(totalCents, paid),
        done ? ts(created + DAY) : null,
        1,
        ts(created),
        ts(created),
      ]);
      tasks.forEach((task, index) => {
        const completedOn = task.status === 'COMPLETED' ? ts(created + DAY) : null;
        taskRows.push([
          uuidV7At(created + index, random),
          visitId,
          task.title,
          `${task.title}.`,
          task.service,
          task.status,
          random.pick(PRIORITIES),
          task.cost,
          task.soldForCents,
          day(due),
          completedOn,
          ts(created),
          ts(created),
        ]);
      });
      const paymentIds: string[] = [];
      payments.forEach((payment, index) => {
        const at = created + (index + 1) * 3_600_000;
        const id = uuidV7At(at, random);
        paymentIds.push(id);
        const refundOfId = payment.refundOf === undefined ? null : paymentIds[payment.refundOf]!;
        paymentRows.push([id, visitId, payment.amountCents, random.pick(METHODS), payment.status, null, refundOfId, ts(at), ts(at)]);
      });
    }
    await db.$transaction(
      async (tx) => {
        const txDb = tx as unknown as Db;
        await insertRows(txDb, 'Visit', VISIT_COLUMNS, visitRows);
        await insertRows(txDb, 'Task', TASK_COLUMNS, taskRows);
        await insertRows(txDb, 'Payment', PAYMENT_COLUMNS, paymentRows);
      },
      { timeout: 120_000 },
    );
    taskCount += taskRows.length;
    paymentCount += paymentRows.length;
    if ((offset / batchSize) % 10 === 0) log(`visits ${Math.min(total, offset + batchSize)}/${total}`);
  }
  // Steady state as autovacuum would leave it: fresh statistics and visibility map (index-only scans).
  await db.$executeRawUnsafe('VACUUM (ANALYZE) "Visit", "Task", "Payment"');
  return { visits: total, tasks: taskCount, payments: paymentCount, ms: Date.now() - started };
}
