// Fixtures for the inspection tests (issue #29): a template written straight to the database (a CHECK item
// that requires a photo when flagged, a tyre tread MEASUREMENT 0–20 mm with amber 3 and red 1.6, and a
// battery MEASUREMENT without thresholds), a customer's visit made by staff, and an inspection started on it
// through the API. Each call makes its own unique data.
import type { InspectionView, TaskInput } from '@garage/shared';
import { testDb, uniqueSuffix } from './helpers.ts';
import { signedInCustomer, visitFor, type Customer, type Staff } from './approvals-fixtures.ts';
import { task } from './visits-fixtures.ts';

const text = (en: string) => ({ en, fr: `${en} (fr)`, ar: `${en} (ar)` });

export async function createTemplate(options: { archived?: boolean; offeringItemId?: string | null } = {}) {
  return testDb().inspectionTemplate.create({
    data: {
      name: text(`Multi-point ${uniqueSuffix()}`),
      archivedAt: options.archived ? new Date() : null,
      items: {
        create: [
          {
            position: 0,
            section: text('Brakes'),
            label: text('Brake discs'),
            kind: 'CHECK',
            photoRequired: true,
            offeringItemId: options.offeringItemId ?? null,
          },
          {
            position: 1,
            section: text('Tyres'),
            label: text('Tread front left'),
            key: 'tread.front-left',
            kind: 'MEASUREMENT',
            unit: 'MM',
            minMilli: 0,
            maxMilli: 20_000,
            amberAtMilli: 3_000,
            redAtMilli: 1_600,
          },
          { position: 2, section: text('Battery'), label: text('Battery voltage'), kind: 'MEASUREMENT', unit: 'VOLT' },
        ],
      },
    },
    select: { id: true },
  });
}

/** A started inspection on a fresh visit of a fresh customer (or the one given). */
export async function startInspection(
  staff: Staff,
  options: {
    customer?: Customer;
    offeringItemId?: string | null;
    odometer?: number;
    assignedToId?: string | null;
    tasks?: TaskInput[];
  } = {},
): Promise<{ customer: Customer; visitId: string; templateId: string; inspection: InspectionView }> {
  const customer = options.customer ?? (await signedInCustomer());
  const [template, visit] = await Promise.all([
    createTemplate({ offeringItemId: options.offeringItemId }),
    visitFor(staff, customer, options.tasks ?? [task({ title: 'Oil service', soldForCents: 10_000, costCents: 6_000 })]),
  ]);
  const inspection = await staff.caller.inspections.start({
    id: visit.id,
    templateId: template.id,
    assignedToId: options.assignedToId === undefined ? staff.user.id : options.assignedToId,
    odometer: options.odometer,
  });
  return { customer, visitId: visit.id, templateId: template.id, inspection };
}

/** The item ids of a fixture inspection, by role. */
export function itemsOf(inspection: InspectionView) {
  const [check, tread, battery] = inspection.items;
  return { check: check!, tread: tread!, battery: battery! };
}

/** Answers every item green (the check GOOD, tread 8 mm, battery 12.6 V GOOD) through the API. */
export async function answerAllGood(staff: Staff, inspection: InspectionView) {
  const { check, tread, battery } = itemsOf(inspection);
  await staff.caller.inspections.saveResult({ id: inspection.id, itemId: check.id, condition: 'GOOD' });
  await staff.caller.inspections.saveResult({ id: inspection.id, itemId: tread.id, value: 8 });
  await staff.caller.inspections.saveResult({ id: inspection.id, itemId: battery.id, value: 12.6, condition: 'GOOD' });
}
