import { describe, expect, it } from 'vitest';
import { TASK_STATUSES } from './constants.ts';
import {
  TASK_TRANSITIONS,
  addDays,
  allowedTaskTransitions,
  isAwaitingApproval,
  isCommittedWork,
  isVisitClosed,
  pendingProposalCents,
  taskGrossCents,
  calendarDateIn,
  canDeletePayment,
  canHandOver,
  canRefundPayment,
  canTransitionTask,
  dateFilterRange,
  derivePaymentStatus,
  deriveVisitStatus,
  isIsoDate,
  isValidTimeZone,
  isVisitOverdue,
  paidCents,
  refundableCents,
  startOfDayIn,
  taskCompletedOn,
  visitAmountDue,
  visitTotalCents,
  type PaymentRecordStatus,
  type TaskApproval,
  type TaskStatus,
  type VisitStatus,
} from './visit-rules.ts';

describe('task transitions', () => {
  const allowed: [TaskStatus, TaskStatus][] = [
    ['PENDING', 'IN_PROGRESS'],
    ['PENDING', 'COMPLETED'],
    ['PENDING', 'CANCELLED'],
    ['IN_PROGRESS', 'PENDING'],
    ['IN_PROGRESS', 'COMPLETED'],
    ['IN_PROGRESS', 'CANCELLED'],
    ['COMPLETED', 'REOPENED'],
    ['CANCELLED', 'REOPENED'],
    ['REOPENED', 'IN_PROGRESS'],
    ['REOPENED', 'COMPLETED'],
    ['REOPENED', 'CANCELLED'],
  ];
  const key = ([from, to]: [TaskStatus, TaskStatus]) => `${from}->${to}`;
  const allowedKeys = new Set(allowed.map(key));
  const every = TASK_STATUSES.flatMap((from) => TASK_STATUSES.map((to) => [from, to] as [TaskStatus, TaskStatus]));

  it.each(every)('%s -> %s follows the documented table', (from, to) => {
    expect(canTransitionTask(from, to)).toBe(allowedKeys.has(key([from, to])));
  });

  it('never lets a cancelled task become completed without reopening', () => {
    expect(canTransitionTask('CANCELLED', 'COMPLETED')).toBe(false);
    expect(TASK_TRANSITIONS.CANCELLED).toEqual(['REOPENED']);
  });

  it.each([
    ['COMPLETED', null, 'now'],
    ['COMPLETED', 'earlier', 'earlier'],
    ['REOPENED', 'earlier', null],
    ['IN_PROGRESS', null, null],
    ['CANCELLED', 'earlier', null],
  ] as const)('completedOn after moving to %s (was %s) is %s', (to, previous, expected) => {
    const dates = { now: new Date('2026-03-01T10:00:00Z'), earlier: new Date('2026-02-01T10:00:00Z') };
    const result = taskCompletedOn(to, previous ? dates[previous] : null, dates.now);
    expect(result).toEqual(expected ? dates[expected] : null);
  });
});

describe('visit status from tasks', () => {
  it.each<[TaskStatus[], VisitStatus | undefined, VisitStatus]>([
    [[], undefined, 'PENDING'],
    [['PENDING', 'PENDING'], undefined, 'PENDING'],
    [['PENDING', 'IN_PROGRESS'], undefined, 'IN_PROGRESS'],
    [['PENDING', 'COMPLETED'], undefined, 'IN_PROGRESS'],
    [['REOPENED'], undefined, 'IN_PROGRESS'],
    [['COMPLETED', 'COMPLETED'], undefined, 'COMPLETED'],
    [['COMPLETED', 'CANCELLED'], undefined, 'COMPLETED'],
    [['CANCELLED', 'CANCELLED'], undefined, 'CANCELLED'],
    [['PENDING', 'CANCELLED'], undefined, 'PENDING'],
    [['COMPLETED'], 'READY_FOR_PICKUP', 'READY_FOR_PICKUP'],
    [['COMPLETED'], 'PICKED_UP', 'PICKED_UP'],
    [['REOPENED', 'COMPLETED'], 'PICKED_UP', 'IN_PROGRESS'],
    [['COMPLETED', 'PENDING'], 'READY_FOR_PICKUP', 'IN_PROGRESS'],
  ])('%j (current %s) -> %s', (tasks, current, expected) => {
    expect(deriveVisitStatus(tasks, current)).toBe(expected);
  });

  it.each<[VisitStatus, VisitStatus, boolean]>([
    ['COMPLETED', 'READY_FOR_PICKUP', true],
    ['READY_FOR_PICKUP', 'PICKED_UP', true],
    ['READY_FOR_PICKUP', 'COMPLETED', true],
    ['PICKED_UP', 'READY_FOR_PICKUP', true],
    ['PENDING', 'READY_FOR_PICKUP', false],
    ['IN_PROGRESS', 'PICKED_UP', false],
    ['COMPLETED', 'PICKED_UP', false],
    ['CANCELLED', 'READY_FOR_PICKUP', false],
  ])('hand-over %s -> %s allowed: %s', (from, to, expected) => {
    expect(canHandOver(from, to)).toBe(expected);
  });
});

describe('money', () => {
  it('totals sold-for prices of tasks that are not cancelled', () => {
    expect(
      visitTotalCents([
        { status: 'COMPLETED', soldForCents: 1000 },
        { status: 'CANCELLED', soldForCents: 5000 },
        { status: 'REOPENED', soldForCents: 250 },
      ]),
    ).toBe(1250);
  });

  const pay = (status: PaymentRecordStatus, amountCents: number) => ({ status, amountCents });
  it.each<[string, { status: PaymentRecordStatus; amountCents: number }[], number, number, string]>([
    ['no payment', [], 10_000, 0, 'UNPAID'],
    ['partial', [pay('SUCCESS', 4_000)], 10_000, 4_000, 'PARTIALLY_PAID'],
    ['exact in two parts', [pay('SUCCESS', 4_000), pay('SUCCESS', 6_000)], 10_000, 10_000, 'PAID'],
    ['over', [pay('SUCCESS', 12_000)], 10_000, 12_000, 'OVERPAID'],
    ['refund after full', [pay('SUCCESS', 10_000), pay('REFUNDED', 3_000)], 10_000, 7_000, 'PARTIALLY_PAID'],
    ['full refund', [pay('SUCCESS', 10_000), pay('REFUNDED', 10_000)], 10_000, 0, 'UNPAID'],
    ['failed payment ignored', [pay('FAILED', 10_000)], 10_000, 0, 'UNPAID'],
    ['deleted ignored', [pay('SUCCESS', 5_000), pay('DELETED', 5_000)], 10_000, 5_000, 'PARTIALLY_PAID'],
    ['nothing owed, nothing paid', [], 0, 0, 'PAID'],
  ])('%s', (_, payments, total, expectedPaid, expectedStatus) => {
    const paid = paidCents(payments);
    expect(paid).toBe(expectedPaid);
    expect(derivePaymentStatus(total, paid)).toBe(expectedStatus);
  });

  it.each<[PaymentRecordStatus, boolean, boolean]>([
    ['SUCCESS', true, false],
    ['FAILED', false, true],
    ['REFUNDED', false, false],
    ['DELETED', false, false],
  ])('a %s record: refundable %s, deletable %s', (status, refundable, deletable) => {
    expect(canRefundPayment(status)).toBe(refundable);
    expect(canDeletePayment(status)).toBe(deletable);
  });

  it('refundable amount ignores deleted refunds', () => {
    expect(refundableCents({ amountCents: 10_000 }, [pay('REFUNDED', 3_000), pay('DELETED', 5_000)])).toBe(7_000);
    expect(refundableCents({ amountCents: 10_000 }, [pay('REFUNDED', 10_000)])).toBe(0);
  });
});

describe('calendar days in a time zone', () => {
  it('validates dates and zones', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isValidTimeZone('Africa/Casablanca')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it.each([
    ['2026-03-10T23:30:00Z', 'UTC', '2026-03-10'],
    ['2026-03-10T23:30:00Z', 'Europe/Paris', '2026-03-11'],
    ['2026-03-10T03:00:00Z', 'America/New_York', '2026-03-09'],
    ['2026-03-10T20:00:00Z', 'Asia/Tokyo', '2026-03-11'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(calendarDateIn(new Date(instant), zone)).toBe(expected);
  });

  it.each([
    ['2026-03-10', 'UTC', '2026-03-10T00:00:00.000Z'],
    ['2026-03-10', 'Europe/Paris', '2026-03-09T23:00:00.000Z'],
    ['2026-07-10', 'Europe/Paris', '2026-07-09T22:00:00.000Z'],
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'], // DST starts later that day
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    ['2026-03-10', 'Asia/Kolkata', '2026-03-09T18:30:00.000Z'],
  ])('%s starts in %s at %s', (day, zone, expected) => {
    expect(startOfDayIn(day, zone).toISOString()).toBe(expected);
  });

  it('adds days across month ends', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  // Wednesday 2026-03-11, 10:00 UTC
  const now = new Date('2026-03-11T10:00:00Z');
  it.each([
    ['today', 'UTC', '2026-03-11T00:00:00.000Z', '2026-03-12T00:00:00.000Z'],
    ['thisWeek', 'UTC', '2026-03-09T00:00:00.000Z', '2026-03-12T00:00:00.000Z'],
    ['thisMonth', 'UTC', '2026-03-01T00:00:00.000Z', '2026-03-12T00:00:00.000Z'],
    ['last7Days', 'UTC', '2026-03-05T00:00:00.000Z', '2026-03-12T00:00:00.000Z'],
    ['last30Days', 'UTC', '2026-02-10T00:00:00.000Z', '2026-03-12T00:00:00.000Z'],
    ['today', 'Asia/Tokyo', '2026-03-10T15:00:00.000Z', '2026-03-11T15:00:00.000Z'],
  ] as const)('%s in %s is [%s, %s)', (filter, zone, from, to) => {
    const range = dateFilterRange(filter, now, zone);
    expect(range.from.toISOString()).toBe(from);
    expect(range.to.toISOString()).toBe(to);
  });

  it('starts the week on Monday even on a Sunday', () => {
    const sunday = new Date('2026-03-15T12:00:00Z');
    expect(dateFilterRange('thisWeek', sunday, 'UTC').from.toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it.each<[VisitStatus, string, boolean]>([
    ['PENDING', '2026-03-10', true],
    ['IN_PROGRESS', '2026-03-10', true],
    ['PENDING', '2026-03-11', false],
    ['COMPLETED', '2026-03-01', false],
    ['READY_FOR_PICKUP', '2026-03-01', false],
    ['CANCELLED', '2026-03-01', false],
  ])('a %s visit due %s is overdue on 2026-03-11: %s', (status, dueDate, expected) => {
    expect(isVisitOverdue({ status, dueDate }, '2026-03-11')).toBe(expected);
  });
});

describe('estimate approval', () => {
  const task = (status: TaskStatus, approval: TaskApproval | null, soldForCents = 1000) => ({ status, approval, soldForCents, lines: [] });
  const withTax = { profile: 'OTHER', pricesIncludeTax: true } as const;

  it('a pending or declined proposal stays out of the total; an approved one joins it', () => {
    const tasks = [
      task('COMPLETED', null, 10_000),
      task('PENDING', 'PENDING', 2_000),
      task('PENDING', 'APPROVED', 3_000),
      task('CANCELLED', 'DECLINED', 4_000),
    ];
    expect(visitTotalCents(tasks)).toBe(13_000);
    expect(pendingProposalCents(tasks, withTax)).toBe(2_000);
  });

  it('a withdrawn (cancelled) proposal is neither in the total nor pending', () => {
    expect(visitTotalCents([task('CANCELLED', 'PENDING', 500)])).toBe(0);
    expect(pendingProposalCents([task('CANCELLED', 'PENDING', 500)], withTax)).toBe(0);
  });

  it('a proposal costs what it adds to the amount due: with its tax where prices are typed without tax', () => {
    const proposal = {
      status: 'PENDING' as const,
      approval: 'PENDING' as const,
      soldForCents: 15_000,
      lines: [
        { totalCents: 10_000, basisPoints: 2000 },
        { totalCents: 5_000, basisPoints: 550 },
      ],
    };
    const france = { profile: 'FR', pricesIncludeTax: false } as const;
    // 100.00 + 20.00 and 50.00 + 2.75.
    expect(taskGrossCents(proposal, france)).toBe(17_275);
    expect(pendingProposalCents([proposal, task('PENDING', 'PENDING', 1_000)], france)).toBe(18_275);
    // Prices typed with tax: the price is what was typed.
    expect(taskGrossCents(proposal, { profile: 'FR', pricesIncludeTax: true })).toBe(15_000);
    expect(pendingProposalCents([proposal], withTax)).toBe(15_000);
    // Approving it makes the amount due grow by that figure.
    const approved = { ...proposal, approval: 'APPROVED' as const };
    const before = visitAmountDue([task('COMPLETED', null, 4_000)], france);
    expect(visitAmountDue([task('COMPLETED', null, 4_000), approved], france) - before).toBe(17_275);
  });

  it.each<[ReturnType<typeof task>[], VisitStatus | undefined, VisitStatus]>([
    // Everything agreed is done: a proposal waiting for the customer does not hold the visit open.
    [[task('COMPLETED', null), task('PENDING', 'PENDING')], undefined, 'COMPLETED'],
    [[task('COMPLETED', null), task('PENDING', 'PENDING')], 'READY_FOR_PICKUP', 'READY_FOR_PICKUP'],
    // Approving new work on a handed-over visit puts it back in progress.
    [[task('COMPLETED', null), task('PENDING', 'APPROVED')], 'READY_FOR_PICKUP', 'IN_PROGRESS'],
    // Declined work is cancelled work.
    [[task('COMPLETED', null), task('CANCELLED', 'DECLINED')], 'READY_FOR_PICKUP', 'READY_FOR_PICKUP'],
    [[task('CANCELLED', 'DECLINED')], undefined, 'CANCELLED'],
    // Nothing agreed yet, only proposals waiting: the visit waits too (not cancelled).
    [[task('CANCELLED', null), task('PENDING', 'PENDING')], undefined, 'PENDING'],
    [[task('PENDING', 'PENDING')], undefined, 'PENDING'],
  ])('%j (current %s) -> %s', (tasks, current, expected) => {
    expect(deriveVisitStatus(tasks, current)).toBe(expected);
  });

  it('a pending proposal can only be withdrawn; a declined one cannot move; an approved one follows the usual rules', () => {
    expect(allowedTaskTransitions({ status: 'PENDING', approval: 'PENDING' })).toEqual(['CANCELLED']);
    expect(canTransitionTask({ status: 'PENDING', approval: 'PENDING' }, 'IN_PROGRESS')).toBe(false);
    expect(canTransitionTask({ status: 'PENDING', approval: 'PENDING' }, 'COMPLETED')).toBe(false);
    expect(allowedTaskTransitions({ status: 'CANCELLED', approval: 'PENDING' })).toEqual([]);
    expect(allowedTaskTransitions({ status: 'CANCELLED', approval: 'DECLINED' })).toEqual([]);
    expect(canTransitionTask({ status: 'CANCELLED', approval: 'DECLINED' }, 'REOPENED')).toBe(false);
    expect(allowedTaskTransitions({ status: 'PENDING', approval: 'APPROVED' })).toEqual(TASK_TRANSITIONS.PENDING);
    expect(allowedTaskTransitions({ status: 'COMPLETED', approval: null })).toEqual(['REOPENED']);
  });

  it('closed visits are picked up or cancelled', () => {
    expect(isVisitClosed('PICKED_UP')).toBe(true);
    expect(isVisitClosed('CANCELLED')).toBe(true);
    expect(isVisitClosed('READY_FOR_PICKUP')).toBe(false);
    expect(isAwaitingApproval({ status: 'PENDING', approval: 'PENDING' })).toBe(true);
    expect(isCommittedWork({ status: 'PENDING', approval: 'PENDING' })).toBe(false);
  });
});
