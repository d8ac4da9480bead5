// Demo inspections (issue #29), so the inspection screens look alive at first start: started from the standard
// templates (inspection-templates.ts) on several demo visits and vehicles.
// - The demo client's first car has one inspection per visit. Its tread depths and brake pads wear down from
//   visit to visit (the vehicle page's chart shows a trend), and the inspection of its open visit was SENT
//   with three findings turned into proposed work: one approved, one declined, one waiting for the customer.
// - The client's second car and another customer's car have a completed inspection each (not sent yet).
// - The employee has one inspection IN_PROGRESS on another customer's open visit (the technician's list).
// Results are mostly green, some amber or red with a note in the shop's language. Photos of the findings are
// drawn and stored by demo-inspection-photos.ts (outside this transaction: files are not transactional).
// Runs inside the demo seed's transaction, after the approvals' proposals and before the inventory, which
// prices every task with lines (the approved finding is committed work: the visit's total includes it).
// Deterministic ids and skipDuplicates: running it again adds nothing.
import {
  conditionOfMeasurement,
  deriveVisitStatus,
  derivePaymentStatus,
  paidCents,
  toMilli,
  visitTotalCents,
  type InspectionCondition,
  type PaymentRecordStatus,
  type TaskApproval,
  type TaskStatus,
  type VisitStatus,
} from '@garage/shared';
import type { Prisma } from '../generated/prisma/client.ts';
import { STANDARD_TEMPLATE_IDS } from '../inspection-templates.ts';
import { seedId } from './ids.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Text = { en: string; fr: string; ar: string };

/** The first car's visits that may carry an inspection (it has three); more than it has costs nothing. */
const FIRST_CAR_VISITS_MAX = 6;
/** Every demo inspection's key: its id is seedId(`inspection:<key>`) (demo-inspection-photos.ts, tests). */
export const DEMO_INSPECTION_KEYS: readonly string[] = [
  ...Array.from({ length: FIRST_CAR_VISITS_MAX }, (_, index) => `client-car-0:${index}`),
  'client-car-1',
  'client2-car-0',
  'in-progress',
];
type TemplateItemRow = Prisma.InspectionTemplateItemGetPayload<object>;

/** A result that is not the plain wear-driven one: by measurement key, or by the start of the English label. */
interface Finding {
  key?: string;
  labelStartsWith?: string;
  /** A measurement's value (its colour follows the thresholds). */
  value?: number;
  /** A check's colour, or a measurement without thresholds. */
  condition?: InspectionCondition;
  note: Text;
  task?: { title: string; description: string; soldForCents: number; costCents: number; approval: TaskApproval };
}

interface PlannedInspection {
  /** Stable name: ids are seedId(`inspection:<key>`...). */
  key: string;
  visit: { id: string; visitDate: Date; customerId: string };
  templateId: string;
  status: 'IN_PROGRESS' | 'COMPLETED' | 'SENT';
  /** How worn the car is at this visit: 0 at its first inspection, +1 per later visit. */
  wear: number;
  findings: Finding[];
  /** IN_PROGRESS: how many items the technician has answered so far. */
  answered?: number;
}

/** Wear-driven values of the standard keys: tread and pads go down visit after visit, the rest stays healthy. */
function wornValue(key: string | null, wear: number): number | null {
  switch (key) {
    case 'tread.front-left':
      return 7.6 - wear * 2.1;
    case 'tread.front-right':
      return 7.4 - wear * 2.0;
    case 'tread.rear-left':
      return 7.9 - wear * 1.3;
    case 'tread.rear-right':
      return 8.0 - wear * 1.3;
    case 'brake-pad.front':
      return 10.5 - wear * 2.9;
    case 'brake-pad.rear':
      return 9.2 - wear * 1.4;
    case 'brake-disc.front':
      return 25.6 - wear * 0.3;
    case 'brake-disc.rear':
      return 10.4 - wear * 0.2;
    case 'brake-fluid.water':
      return 0.8 + wear * 0.4;
    case 'battery.voltage':
      return 12.7 - wear * 0.05;
    case 'battery.cca':
      return 640 - wear * 15;
    default:
      return key?.startsWith('tyre-pressure.') ? (key.includes('front') ? 2.3 : 2.1) : null;
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

function findingFor(item: TemplateItemRow, findings: readonly Finding[]): Finding | undefined {
  const label = (item.label as Text).en ?? '';
  return findings.find((finding) => (finding.key ? finding.key === item.key : label.startsWith(finding.labelStartsWith ?? '\u0000')));
}

/** The technician's result for one item: condition, value in thousandths, note. */
function resultFor(item: TemplateItemRow, plan: PlannedInspection, finding: Finding | undefined, language: keyof Text) {
  const note = finding ? finding.note[language] : null;
  if (item.kind === 'CHECK') return { condition: finding?.condition ?? 'GOOD', valueMilli: null, note };
  const worn = finding?.value ?? wornValue(item.key, plan.wear);
  // A measurement the demo knows nothing about: the middle of its range, green.
  const value = worn ?? ((item.minMilli ?? 0) + (item.maxMilli ?? 0)) / 2000;
  const valueMilli = toMilli(item.unit === 'VOLT' ? round2(value) : item.unit === 'AMP' ? Math.round(value) : round1(value));
  const colour = conditionOfMeasurement(valueMilli, item);
  return { condition: colour ?? finding?.condition ?? 'GOOD', valueMilli, note };
}

const NOTES = {
  brakeFluid: {
    en: 'Brake fluid tested at 3.4 % water: braking fades when the brakes are hot. Flush recommended now.',
    fr: 'Liquide de frein à 3,4 % d’eau : le freinage faiblit à chaud. Purge recommandée dès maintenant.',
    ar: 'نسبة الماء في سائل الفرامل 3.4 %: يضعف الكبح عند سخونة الفرامل. يُنصح بتغيير السائل الآن.',
  },
  battery: {
    en: 'Battery weak at rest (12.2 V). Recharged and retested; replace before the winter.',
    fr: 'Batterie faible au repos (12,2 V). Rechargée et retestée ; à remplacer avant l’hiver.',
    ar: 'البطارية ضعيفة في وضع السكون (12.2 فولت). شُحنت وأعيد فحصها؛ يُنصح باستبدالها قبل الشتاء.',
  },
  tyres: {
    en: 'Both front tyres worn on the inner edge: the wheels are out of alignment.',
    fr: 'Les deux pneus avant sont usés sur le bord intérieur : le parallélisme est déréglé.',
    ar: 'الإطاران الأماميان متآكلان من الحافة الداخلية: زوايا العجلات غير مضبوطة.',
  },
  wipers: {
    en: 'Driver’s wiper blade torn, leaves streaks.',
    fr: 'Balai d’essuie-glace conducteur déchiré, laisse des traces.',
    ar: 'شفرة مساحة السائق ممزقة وتترك خطوطًا.',
  },
  repaint: {
    en: 'Rear left door repainted: paint thickness differs from the rest of the body.',
    fr: 'Porte arrière gauche repeinte : l’épaisseur de peinture diffère du reste de la caisse.',
    ar: 'الباب الخلفي الأيسر أعيد طلاؤه: سماكة الطلاء تختلف عن باقي الهيكل.',
  },
  exhaust: {
    en: 'Rear exhaust mounting rubber cracked.',
    fr: 'Silentbloc arrière de l’échappement fissuré.',
    ar: 'مطاط تثبيت العادم الخلفي متشقق.',
  },
} satisfies Record<string, Text>;

export async function seedDemoInspections(tx: Prisma.TransactionClient, now: Date): Promise<void> {
  const employeeId = seedId('user:employee');
  const templates = await tx.inspectionTemplate.findMany({
    where: { id: { in: Object.values(STANDARD_TEMPLATE_IDS) } },
    select: { id: true, name: true, items: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } },
  });
  const templateById = new Map(templates.map((template) => [template.id, template]));
  const merchant = await tx.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { defaultLanguage: true } });
  const language: keyof Text = merchant?.defaultLanguage === 'fr' || merchant?.defaultLanguage === 'ar' ? merchant.defaultLanguage : 'en';

  const visitSelect = { id: true, visitDate: true, customerId: true, status: true } as const;
  const visitsOf = (vehicleId: string) =>
    tx.visit.findMany({ where: { vehicleId }, orderBy: [{ visitDate: 'asc' }, { id: 'asc' }], select: visitSelect });
  const firstCar = await visitsOf(seedId('vehicle:client:0'));
  const secondCar = await visitsOf(seedId('vehicle:client:1'));
  const otherCar = await visitsOf(seedId('vehicle:client2:0'));
  const isOpen = (visit: { status: VisitStatus }) => visit.status === 'PENDING' || visit.status === 'IN_PROGRESS';
  const openOfOthers = await tx.visit.findFirst({
    where: { customerId: { notIn: [seedId('user:client'), seedId('user:client2')] }, status: { in: ['PENDING', 'IN_PROGRESS'] } },
    orderBy: [{ visitDate: 'desc' }, { id: 'asc' }],
    select: visitSelect,
  });

  const plans: PlannedInspection[] = [];
  // The demo client's first car: one inspection per visit, wearing down; the open visit's was sent with findings.
  const sentVisit = firstCar.find(isOpen) ?? firstCar.at(-1);
  firstCar.slice(0, FIRST_CAR_VISITS_MAX).forEach((visit, index) => {
    const withFindings = visit === sentVisit;
    plans.push({
      key: `client-car-0:${index}`,
      visit,
      templateId: withFindings ? STANDARD_TEMPLATE_IDS.multiPoint : STANDARD_TEMPLATE_IDS.tyresAndBrakes,
      status: 'SENT',
      wear: index,
      findings: withFindings
        ? [
            {
              key: 'brake-fluid.water',
              value: 3.4,
              note: NOTES.brakeFluid,
              task: {
                title: 'Brake fluid flush',
                description: 'Inspection finding: brake fluid at 3.4 % water.',
                soldForCents: 6_900,
                costCents: 2_500,
                approval: 'APPROVED',
              },
            },
            {
              key: 'battery.voltage',
              value: 12.2,
              note: NOTES.battery,
              task: {
                title: 'Battery replacement',
                description: 'Inspection finding: battery weak at rest.',
                soldForCents: 14_500,
                costCents: 9_000,
                approval: 'DECLINED',
              },
            },
            {
              labelStartsWith: 'Tyre condition',
              condition: 'SOON',
              note: NOTES.tyres,
              task: {
                title: 'Wheel alignment',
                description: 'Inspection finding: front tyres worn on the inner edge.',
                soldForCents: 7_500,
                costCents: 0,
                approval: 'PENDING',
              },
            },
          ]
        : [],
    });
  });
  const secondCarVisit = secondCar.at(-1);
  if (secondCarVisit) {
    plans.push({
      key: 'client-car-1',
      visit: secondCarVisit,
      templateId: STANDARD_TEMPLATE_IDS.multiPoint,
      status: 'COMPLETED',
      wear: 1,
      findings: [{ labelStartsWith: 'Wiper blades', condition: 'SOON', note: NOTES.wipers }],
    });
  }
  const otherCarVisit = otherCar.at(-1);
  if (otherCarVisit) {
    plans.push({
      key: 'client2-car-0',
      visit: otherCarVisit,
      templateId: STANDARD_TEMPLATE_IDS.prePurchase,
      status: 'COMPLETED',
      wear: 1,
      findings: [
        { labelStartsWith: 'Signs of repainting', condition: 'SOON', note: NOTES.repaint },
        { labelStartsWith: 'Exhaust system', condition: 'SOON', note: NOTES.exhaust },
      ],
    });
  }
  if (openOfOthers) {
    plans.push({
      key: 'in-progress',
      visit: openOfOthers,
      templateId: STANDARD_TEMPLATE_IDS.tyresAndBrakes,
      status: 'IN_PROGRESS',
      wear: 1,
      findings: [],
      answered: 6,
    });
  }

  const inspections: Prisma.InspectionCreateManyInput[] = [];
  const items: Prisma.InspectionItemCreateManyInput[] = [];
  const tasks: Prisma.TaskCreateManyInput[] = [];
  for (const plan of plans) {
    const template = templateById.get(plan.templateId);
    if (!template) continue;
    const id = seedId(`inspection:${plan.key}`);
    // Started half an hour into the visit, completed an hour later, sent an hour after: never in the future.
    const at = (offset: number) => new Date(Math.min(plan.visit.visitDate.getTime() + offset, now.getTime()));
    const createdAt = at(30 * MINUTE);
    const completedAt = plan.status === 'IN_PROGRESS' ? null : at(90 * MINUTE);
    const sentAt = plan.status === 'SENT' ? at(150 * MINUTE) : null;
    inspections.push({
      id,
      visitId: plan.visit.id,
      templateId: template.id,
      name: template.name as Prisma.InputJsonValue,
      status: plan.status,
      assignedToId: employeeId,
      createdById: employeeId,
      completedAt,
      sentAt,
      createdAt,
      updatedAt: sentAt ?? completedAt ?? createdAt,
    });
    template.items.forEach((templateItem, index) => {
      const itemId = seedId(`inspection:${plan.key}:item:${index}`);
      const answered = plan.answered === undefined || index < plan.answered;
      const finding = findingFor(templateItem, plan.findings);
      const result = answered ? resultFor(templateItem, plan, finding, language) : null;
      let taskId: string | null = null;
      if (result && finding?.task && sentAt) {
        taskId = seedId(`inspection-task:${itemId}`);
        tasks.push(findingTask(taskId, plan.visit, finding.task, sentAt, now, employeeId));
      }
      items.push({
        id: itemId,
        inspectionId: id,
        position: templateItem.position,
        section: templateItem.section as Prisma.InputJsonValue,
        label: templateItem.label as Prisma.InputJsonValue,
        key: templateItem.key,
        kind: templateItem.kind,
        unit: templateItem.unit,
        minMilli: templateItem.minMilli,
        maxMilli: templateItem.maxMilli,
        amberAtMilli: templateItem.amberAtMilli,
        redAtMilli: templateItem.redAtMilli,
        lowerIsWorse: templateItem.lowerIsWorse,
        photoRequired: templateItem.photoRequired,
        offeringItemId: templateItem.offeringItemId,
        condition: result?.condition ?? null,
        valueMilli: result?.valueMilli ?? null,
        note: result?.note ?? null,
        taskId,
        // Answered a minute apart, in the order of the list.
        answeredAt: result ? new Date(Math.min(createdAt.getTime() + (index + 1) * MINUTE, now.getTime())) : null,
        answeredById: result ? employeeId : null,
      });
    });
  }

  // The proposed tasks first (an item points at its task), then the inspections and their items.
  const { count: newTasks } = await tx.task.createMany({ data: tasks, skipDuplicates: true });
  await tx.inspection.createMany({ data: inspections, skipDuplicates: true });
  await tx.inspectionItem.createMany({ data: items, skipDuplicates: true });
  // An approved finding is committed work: its visit's total, payment status and status follow.
  if (newTasks > 0) for (const visitId of new Set(tasks.map((task) => task.visitId))) await refreshVisit(tx, visitId);
}

/** A finding's proposed task, decided by the customer through the portal after the report was sent. */
function findingTask(
  id: string,
  visit: { id: string },
  task: NonNullable<Finding['task']>,
  sentAt: Date,
  now: Date,
  employeeId: string,
): Prisma.TaskCreateManyInput {
  const proposedAt = new Date(sentAt.getTime() - 5 * MINUTE);
  const decidedAt = new Date(Math.min(sentAt.getTime() + 2 * HOUR, now.getTime()));
  const decided = task.approval !== 'PENDING';
  return {
    id,
    visitId: visit.id,
    title: task.title,
    description: task.description,
    service: 'MAINTENANCE',
    priority: task.approval === 'APPROVED' ? 'HIGH' : 'MEDIUM',
    // Declined work is cancelled (as the approval link does).
    status: (task.approval === 'DECLINED' ? 'CANCELLED' : 'PENDING') satisfies TaskStatus,
    costCents: task.costCents,
    soldForCents: task.soldForCents,
    approval: task.approval,
    proposedAt,
    proposedById: employeeId,
    approvalDecidedAt: decided ? decidedAt : null,
    approvalDecidedById: decided ? seedId('user:client') : null,
    approvalChannel: decided ? 'PORTAL' : null,
    approvalSeenAt: decided ? new Date(Math.min(decidedAt.getTime() + HOUR, now.getTime())) : null,
    createdAt: proposedAt,
  };
}

/** The visit's derived total, payment status and status from its tasks and payments (visit-rules.ts). */
async function refreshVisit(tx: Prisma.TransactionClient, visitId: string) {
  const visit = await tx.visit.findUniqueOrThrow({
    where: { id: visitId },
    select: {
      status: true,
      tasks: { select: { status: true, approval: true, soldForCents: true } },
      payments: { select: { status: true, amountCents: true } },
    },
  });
  const tasks = visit.tasks.map((task) => ({ ...task, status: task.status as TaskStatus, approval: task.approval as TaskApproval | null }));
  const total = visitTotalCents(tasks);
  const paid = paidCents(visit.payments.map((payment) => ({ ...payment, status: payment.status as PaymentRecordStatus })));
  await tx.visit.update({
    where: { id: visitId },
    data: {
      totalCostCents: total,
      paymentStatus: derivePaymentStatus(total, paid),
      status: deriveVisitStatus(tasks, visit.status as VisitStatus),
    },
  });
}
