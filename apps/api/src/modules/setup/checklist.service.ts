// The admin's "get started" checklist after setup. Each step is read from the data itself (no progress to
// keep in sync); only "share the website link" is a tick the shop gives by hand (Merchant.websiteSharedAt).
import { ensureMerchant, type Db } from '@garage/db';
import { CHECKLIST_STEPS, type Checklist, type ChecklistStep } from '@garage/shared';

export async function getChecklist(db: Db): Promise<Checklist> {
  const merchantRef = await ensureMerchant(db);
  const [merchant, services, staff, customer, visit] = await Promise.all([
    db.merchant.findUniqueOrThrow({ where: { id: merchantRef.id }, select: { websiteSharedAt: true, onboardingDismissedAt: true } }),
    db.offeringItem.count({ take: 1 }),
    // A staff account besides the first admin.
    db.user.count({ where: { role: { in: ['ADMIN', 'EMPLOYEE', 'MANAGER'] }, deletedAt: null }, take: 2 }),
    db.user.count({ where: { role: 'CLIENT', deletedAt: null }, take: 1 }),
    db.visit.count({ take: 1 }),
  ]);
  const done: Record<ChecklistStep, boolean> = {
    services: services > 0,
    staff: staff > 1,
    customer: customer > 0,
    visit: visit > 0,
    website: !!merchant.websiteSharedAt,
  };
  const steps = CHECKLIST_STEPS.map((key) => ({ key, done: done[key] }));
  const completed = steps.filter((step) => step.done).length;
  return { steps, completed, total: steps.length, allDone: completed === steps.length, dismissed: !!merchant.onboardingDismissedAt };
}

/** The "share the website link" tick (set when staff copy or open the link from the checklist). */
export async function markWebsiteShared(db: Db, now = new Date()): Promise<Checklist> {
  const { id } = await ensureMerchant(db);
  await db.merchant.updateMany({ where: { id, websiteSharedAt: null }, data: { websiteSharedAt: now } });
  return getChecklist(db);
}

export async function dismissChecklist(db: Db, now = new Date()): Promise<Checklist> {
  const { id } = await ensureMerchant(db);
  await db.merchant.updateMany({ where: { id, onboardingDismissedAt: null }, data: { onboardingDismissedAt: now } });
  return getChecklist(db);
}
