// Estimate approval in the demo: the demo client (client@demo.garage) has an open visit with one proposal
// waiting for them, and a declined proposal on an earlier visit of the same car (staff see it as "previously
// declined"); another customer declined work an hour ago through the approval link, so the staff Visits
// entry shows a fresh decision. Declined work is cancelled and pending work is not in the total, so no visit
// totals change. Deterministic ids, skipDuplicates: running it again adds nothing.
import type { Prisma } from '../generated/prisma/client.ts';
import { seedId } from './ids.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function seedDemoApprovals(tx: Prisma.TransactionClient, now: Date): Promise<void> {
  const clientId = seedId('user:client');
  const staffId = seedId('user:employee');
  const vehicleId = seedId('vehicle:client:0');
  const visits = await tx.visit.findMany({
    where: { customerId: clientId, vehicleId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, status: true, createdAt: true },
  });
  const open = visits.find((visit) => visit.status === 'PENDING' || visit.status === 'IN_PROGRESS');
  const earlier = visits.find((visit) => visit !== open);
  const other = await tx.visit.findFirst({
    where: { customerId: { not: clientId }, status: { in: ['PENDING', 'IN_PROGRESS'] } },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    select: { id: true, customerId: true },
  });

  const tasks: Prisma.TaskCreateManyInput[] = [];
  if (open) {
    tasks.push({
      id: seedId(`proposal:${open.id}:wipers`),
      visitId: open.id,
      title: 'Replace front wiper blades',
      description: 'Both front blades are torn and leave streaks; recommended before the rainy season.',
      service: 'MAINTENANCE',
      priority: 'MEDIUM',
      costCents: 1_800,
      soldForCents: 4_500,
      approval: 'PENDING',
      proposedAt: new Date(now.getTime() - 2 * HOUR),
      proposedById: staffId,
      createdAt: new Date(now.getTime() - 2 * HOUR),
    });
  }
  if (earlier) {
    const decidedAt = new Date(Math.min(now.getTime() - DAY, earlier.createdAt.getTime() + 6 * HOUR));
    tasks.push({
      id: seedId(`proposal:${earlier.id}:timing-belt`),
      visitId: earlier.id,
      title: 'Timing belt replacement',
      description: 'Belt shows cracks at 150,000 km; the manufacturer recommends replacing it with the water pump.',
      service: 'REPAIR',
      priority: 'HIGH',
      costCents: 21_000,
      soldForCents: 42_000,
      status: 'CANCELLED',
      approval: 'DECLINED',
      proposedAt: new Date(decidedAt.getTime() - 3 * HOUR),
      proposedById: staffId,
      approvalDecidedAt: decidedAt,
      approvalDecidedById: clientId,
      approvalChannel: 'PORTAL',
      approvalComment: 'Next service, please.',
      approvalSeenAt: new Date(decidedAt.getTime() + HOUR),
      createdAt: new Date(decidedAt.getTime() - 3 * HOUR),
    });
  }
  if (other) {
    tasks.push({
      id: seedId(`proposal:${other.id}:brake-fluid`),
      visitId: other.id,
      title: 'Brake fluid flush',
      description: 'Fluid tested at 3% water content.',
      service: 'MAINTENANCE',
      priority: 'NORMAL',
      costCents: 2_500,
      soldForCents: 6_900,
      status: 'CANCELLED',
      approval: 'DECLINED',
      proposedAt: new Date(now.getTime() - 5 * HOUR),
      proposedById: staffId,
      approvalDecidedAt: new Date(now.getTime() - HOUR),
      approvalDecidedById: other.customerId,
      approvalChannel: 'LINK',
      approvalComment: null,
      createdAt: new Date(now.getTime() - 5 * HOUR),
    });
  }
  await tx.task.createMany({ data: tasks, skipDuplicates: true });
}
