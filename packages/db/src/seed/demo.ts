// Idempotent demo data: a merchant with full branding, the catalogue, static data, staff and clients with
// vehicles, visits in every status with tasks (made of part and labour lines), oil changes, payments, messages,
// ratings, ~30 days of page views, and the parts inventory (inventory.ts). Every row has a deterministic id and
// is written with skipDuplicates, so running it again adds nothing and never overwrites what users changed.
import {
  LANGUAGES,
  deriveVisitStatus,
  normalizePlate,
  derivePaymentStatus,
  paidCents,
  visitTotalCents,
  type PaymentRecordStatus,
  type TaxCountryProfile,
  type TaskStatus,
  type VisitStatus,
} from '@garage/shared';
import type { Db } from '../client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { lockInstallation } from '../merchant.ts';
import { catchUpFiscalJournal } from '../fiscal-journal.ts';
import { hashPassword } from '../password.ts';
import { commonBranding, demoMerchant, languageBranding } from './branding-content.ts';
import { seedCatalogue } from './catalogue.ts';
import { ensureStandardInspectionTemplates } from '../inspection-templates.ts';
import { TASK_LIBRARY } from './task-library.ts';
import { createRandom, seedId } from './ids.ts';
import { demoPageViews } from './page-views.ts';
import { seedDemoApprovals } from './approvals.ts';
import { seedDemoInspections } from './demo-inspections.ts';
import { seedDemoInvoices } from './invoices.ts';
import { seedDemoVehicleIdentity } from './demo-vehicle-identity.ts';
import { seedDemoAppointments } from './appointments.ts';
import { demoJobLines, seedDemoInventory, type PlannedLine } from './inventory.ts';
import { rebuildRollups, ROLLUP_TIME_ZONE_KEY } from '../analytics-rollups.ts';
import { seedDemoAmountsDue, seedDemoBusinessCustomer, seedDemoLineRates, seedDemoTaxProfile } from './tax.ts';

export const DEMO_ACCOUNTS = [
  {
    username: 'admin',
    email: 'admin@demo.garage',
    password: 'Demo#Admin2026',
    role: 'ADMIN',
    firstName: 'Amina',
    lastName: 'Haddad',
    phone: '5550100001',
  },
  {
    username: 'employee',
    email: 'employee@demo.garage',
    password: 'Demo#Employee2026',
    role: 'EMPLOYEE',
    firstName: 'Lucas',
    lastName: 'Martin',
    phone: '5550100002',
  },
  {
    username: 'client',
    email: 'client@demo.garage',
    password: 'Demo#Client2026',
    role: 'CLIENT',
    firstName: 'Omar',
    lastName: 'Benali',
    phone: '5550100003',
  },
  {
    username: 'client2',
    email: 'client2@demo.garage',
    password: 'Demo#Client2026b',
    role: 'CLIENT',
    firstName: 'Sophie',
    lastName: 'Laurent',
    phone: '5550100004',
  },
] as const;

const MORE_CLIENTS = [
  ['Youssef', 'Alaoui'],
  ['Claire', 'Dubois'],
  ['Karim', 'Mansour'],
  ['Emma', 'Wilson'],
  ['Hassan', 'Idrissi'],
  ['Julie', 'Moreau'],
  ['Nadia', 'Khalil'],
  ['James', 'Carter'],
  ['Leila', 'Saidi'],
  ['Pierre', 'Lefèvre'],
  ['Rania', 'Farouk'],
  ['Daniel', 'Brooks'],
] as const;

const BRANDS = {
  Toyota: ['Corolla', 'Hilux', 'RAV4'],
  Renault: ['Clio', 'Megane', 'Kangoo'],
  Peugeot: ['208', '308', 'Partner'],
  Ford: ['Focus', 'Transit', 'Ranger'],
  Volkswagen: ['Golf', 'Polo', 'Passat'],
  Hyundai: ['Tucson', 'i20'],
  Dacia: ['Logan', 'Duster'],
  Mercedes: ['Sprinter', 'C-Class'],
} as const;
const COLORS = ['White', 'Black', 'Silver', 'Grey', 'Blue', 'Red', 'Green', 'Beige'];
const ENGINE_TYPES = ['Petrol', 'Diesel', 'Hybrid', 'Electric', 'LPG'];
const OIL_TYPES = ['5W-30', '5W-40', '10W-40', '0W-20', '15W-40'];
// Labels of the static data in French and Arabic (English is the name itself); screens fall back to the name.
const STATIC_DATA_LABELS: Record<string, { fr: string; ar: string }> = {
  Car: { fr: 'Voiture', ar: 'سيارة' },
  Truck: { fr: 'Camion', ar: 'شاحنة' },
  Motorcycle: { fr: 'Moto', ar: 'دراجة نارية' },
  Bus: { fr: 'Bus', ar: 'حافلة' },
  Van: { fr: 'Fourgon', ar: 'شاحنة صغيرة' },
  White: { fr: 'Blanc', ar: 'أبيض' },
  Black: { fr: 'Noir', ar: 'أسود' },
  Silver: { fr: 'Argent', ar: 'فضي' },
  Grey: { fr: 'Gris', ar: 'رمادي' },
  Blue: { fr: 'Bleu', ar: 'أزرق' },
  Red: { fr: 'Rouge', ar: 'أحمر' },
  Green: { fr: 'Vert', ar: 'أخضر' },
  Beige: { fr: 'Beige', ar: 'بيج' },
  Petrol: { fr: 'Essence', ar: 'بنزين' },
  Diesel: { fr: 'Diesel', ar: 'ديزل' },
  Hybrid: { fr: 'Hybride', ar: 'هجين' },
  Electric: { fr: 'Électrique', ar: 'كهربائي' },
  LPG: { fr: 'GPL', ar: 'غاز البترول المسال' },
};
const OIL_NAMES = ['Castrol Edge', 'Mobil 1', 'Total Quartz', 'Shell Helix', 'Motul 8100'];
// The engines each model is really sold with, so the demo makes sense: an electric vehicle is recent, has
// no oil changes and gets no combustion-engine jobs.
const MODEL_ENGINES: Record<string, readonly string[]> = {
  Corolla: ['Petrol', 'Hybrid'],
  Hilux: ['Diesel'],
  RAV4: ['Petrol', 'Hybrid'],
  Clio: ['Petrol', 'Diesel', 'LPG'],
  Megane: ['Petrol', 'Diesel', 'Electric'],
  Kangoo: ['Diesel', 'Electric'],
  '208': ['Petrol', 'Diesel', 'Electric'],
  '308': ['Petrol', 'Diesel', 'Hybrid'],
  Partner: ['Diesel', 'Electric'],
  Focus: ['Petrol', 'Diesel'],
  Transit: ['Diesel', 'Electric'],
  Ranger: ['Diesel'],
  Golf: ['Petrol', 'Diesel', 'Hybrid'],
  Polo: ['Petrol'],
  Passat: ['Diesel', 'Hybrid'],
  Tucson: ['Petrol', 'Diesel', 'Hybrid'],
  i20: ['Petrol'],
  Logan: ['Petrol', 'LPG'],
  Duster: ['Petrol', 'Diesel', 'LPG'],
  Sprinter: ['Diesel', 'Electric'],
  'C-Class': ['Petrol', 'Diesel', 'Hybrid'],
};
const ELECTRIC_FROM_YEAR = 2020;
const COMBUSTION_ONLY_JOBS = new Set(['Oil and filter change', 'Timing belt replacement', 'Clutch replacement', 'Spark plugs replacement']);

/** A job of the library that fits the vehicle: the next one that is not combustion-only for an electric one. */
function jobFor(index: number, electric: boolean) {
  for (let step = 0; step < TASK_LIBRARY.length; step++) {
    const job = TASK_LIBRARY[(index + step) % TASK_LIBRARY.length]!;
    if (!electric || !COMBUSTION_ONLY_JOBS.has(job[0])) return job;
  }
  return TASK_LIBRARY[index % TASK_LIBRARY.length]!;
}

/**
 * The moment moved into the demo shop's week: Monday to Saturday, 08:00 to 17:59 (UTC, the demo shop's
 * zone), never after `now`. Deterministic, so the seed's random sequence is unchanged.
 */
function duringOpeningHours(moment: Date, now: Date): Date {
  const result = new Date(moment);
  result.setUTCHours(8 + (result.getUTCHours() % 10));
  for (let guard = 0; guard < 14 && (result.getUTCDay() === 0 || result > now); guard++) result.setUTCDate(result.getUTCDate() - 1);
  return result;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Whether the demo may fill this database: not when it already did (the merchant says so; older installs
 * have the demo merchant's id), and never into a shop in use (set up, or with any account), so turning
 * SEED_DEMO on later cannot add demo accounts with published passwords to a real shop.
 */
async function demoVerdict(db: Db | Prisma.TransactionClient): Promise<'seed' | 'done' | 'in-use'> {
  const merchant = await db.merchant.findFirst({
    orderBy: { createdAt: 'asc' },
    select: { id: true, demoSeededAt: true, setupCompletedAt: true },
  });
  if (merchant && (merchant.demoSeededAt || merchant.id === seedId('merchant'))) return 'done';
  if (merchant?.setupCompletedAt || (await db.user.count()) > 0) return 'in-use';
  return 'seed';
}

export interface DemoSeedOptions {
  now?: Date;
  /**
   * The country the demo shop is in (DEMO_PROFILE=fr|ma|sa|ae, seed/tax.ts): its currency, taxes, legal
   * identity and a business customer. Unset or OTHER: the demo as it always was (USD, no taxes).
   */
  profile?: TaxCountryProfile | null;
}

export async function seedDemoData(db: Db, options: DemoSeedOptions = {}): Promise<{ created: boolean; skipped?: 'in-use' }> {
  const now = options.now ?? new Date();
  const profile = options.profile ?? 'OTHER';
  const verdict = await demoVerdict(db);
  if (verdict !== 'seed') return verdict === 'done' ? { created: false } : { created: false, skipped: 'in-use' };
  const random = createRandom(20261121);
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  const clientHash = hashes[2]!;

  const outcome = await db.$transaction(
    async (tx) => {
      // Several instances may start at once: one seeds, the others find it done.
      await lockInstallation(tx);
      const again = await demoVerdict(tx);
      if (again !== 'seed') return again;
      // One merchant per installation: the neutral one made by an earlier start becomes the demo shop.
      const neutral = await tx.merchant.findFirst({ orderBy: { createdAt: 'asc' }, select: { id: true } });
      const merchantId = neutral?.id ?? seedId('merchant');
      // The demo shop's "get started" checklist is complete (its website link counts as shared).
      const demoFields = { ...demoMerchant, demoSeededAt: now, websiteSharedAt: now, setupCodeHash: null };
      if (neutral) await tx.merchant.update({ where: { id: merchantId }, data: demoFields });
      else await tx.merchant.create({ data: { id: merchantId, ...demoFields } });
      await seedDemoTaxProfile(tx, merchantId, profile);

      const branding: Prisma.BrandingCreateManyInput[] = [];
      for (const [type, fields] of Object.entries(commonBranding)) {
        branding.push({ id: seedId(`branding:${type}:common`), merchantId, type, language: 'common', fields: toFields(fields) });
      }
      for (const language of LANGUAGES) {
        for (const [type, fields] of Object.entries(languageBranding[language])) {
          branding.push({ id: seedId(`branding:${type}:${language}`), merchantId, type, language, fields: toFields(fields) });
        }
      }
      await tx.branding.createMany({ data: branding, skipDuplicates: true });

      await seedCatalogue(tx);
      // The standard inspection templates (issue #29), before anything that starts an inspection from one.
      await ensureStandardInspectionTemplates(tx);
      await tx.staticData.createMany({
        data: [
          ...['Car', 'Truck', 'Motorcycle', 'Bus', 'Van'].map((name) => ({ name, type: 'VEHICLE_TYPE' as const })),
          ...COLORS.map((name) => ({ name, type: 'COLOR' as const })),
          ...Object.keys(BRANDS).map((name) => ({ name, type: 'BRAND' as const })),
          ...ENGINE_TYPES.map((name) => ({ name, type: 'ENGINE_TYPE' as const })),
          ...OIL_TYPES.map((name) => ({ name, type: 'OIL_TYPE' as const })),
        ].map((row) => ({ ...row, id: seedId(`static:${row.type}:${row.name}`), labels: STATIC_DATA_LABELS[row.name] ?? {} })),
        skipDuplicates: true,
      });

      // People
      const users: Prisma.UserCreateManyInput[] = DEMO_ACCOUNTS.map((account, index) => ({
        id: seedId(`user:${account.username}`),
        username: account.username,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        countryCode: '+1',
        phoneNumber: account.phone,
        age: 30 + index * 4,
        verified: true,
        active: true,
        preferredLanguage: (['en', 'fr', 'ar', 'fr'] as const)[index],
        passwordHash: hashes[index]!,
      }));
      MORE_CLIENTS.forEach(([firstName, lastName], index) => {
        const username = `${firstName}.${lastName}`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z.]/g, '');
        users.push({
          id: seedId(`user:${username}`),
          username,
          email: `${username}@example.com`,
          firstName,
          lastName,
          role: 'CLIENT',
          countryCode: '+1',
          phoneNumber: `55502000${String(index).padStart(2, '0')}`,
          age: random.int(19, 70),
          verified: random.chance(0.8),
          active: index !== MORE_CLIENTS.length - 1,
          preferredLanguage: random.pick(LANGUAGES),
          passwordHash: clientHash,
        });
      });
      await tx.user.createMany({ data: users, skipDuplicates: true });
      await seedDemoBusinessCustomer(tx, profile);
      const staffIds = [users[0]!.id!, users[1]!.id!];
      const clients = users.filter((user) => user.role === 'CLIENT');

      // Vehicles, oil changes, visits, tasks, payments
      const vehicles: Prisma.VehicleCreateManyInput[] = [];
      const oilChanges: Prisma.OilChangeCreateManyInput[] = [];
      const visits: Prisma.VisitCreateManyInput[] = [];
      const tasks: Prisma.TaskCreateManyInput[] = [];
      const payments: Prisma.PaymentCreateManyInput[] = [];
      // The tasks' part and labour lines (inventory.ts): a task's price and cost are their sums.
      const plannedLines: PlannedLine[] = [];
      // Cycle through every visit scenario so each status and payment state exists.
      const scenarios: {
        tasks: TaskStatus[];
        handover?: VisitStatus;
        pay: 'none' | 'partial' | 'full' | 'over' | 'refund' | 'failed';
        dueInDays: number;
      }[] = [
        { tasks: ['PENDING', 'PENDING'], pay: 'none', dueInDays: 3 },
        { tasks: ['IN_PROGRESS', 'PENDING', 'COMPLETED'], pay: 'partial', dueInDays: 1 },
        { tasks: ['COMPLETED', 'COMPLETED'], pay: 'full', dueInDays: -2 },
        { tasks: ['COMPLETED', 'CANCELLED'], handover: 'READY_FOR_PICKUP', pay: 'partial', dueInDays: 0 },
        { tasks: ['COMPLETED'], handover: 'PICKED_UP', pay: 'full', dueInDays: -10 },
        { tasks: ['CANCELLED'], pay: 'none', dueInDays: -5 },
        { tasks: ['REOPENED', 'COMPLETED'], pay: 'refund', dueInDays: 2 },
        { tasks: ['PENDING'], pay: 'failed', dueInDays: -1 },
        { tasks: ['COMPLETED', 'COMPLETED', 'COMPLETED'], pay: 'over', dueInDays: -20 },
      ];
      let visitIndex = 0;
      clients.forEach((client, clientIndex) => {
        const vehicleCount = clientIndex < 2 ? 2 : random.int(1, 2);
        for (let v = 0; v < vehicleCount; v++) {
          const brand = random.pick(Object.keys(BRANDS)) as keyof typeof BRANDS;
          const vehicleId = seedId(`vehicle:${client.username}:${v}`);
          const plate = `${String.fromCharCode(65 + (clientIndex % 26))}${String.fromCharCode(65 + v)}${1000 + clientIndex * 10 + v}`;
          const km = random.int(15_000, 180_000);
          // The same random draws in the same order as before, so the rest of the demo data stays as it was.
          const type = brand === 'Mercedes' || brand === 'Ford' ? random.pick(['CAR', 'VAN'] as const) : 'CAR';
          const color = random.pick(COLORS);
          const model: string = random.pick(BRANDS[brand]);
          const drawnYear = random.int(2008, 2025);
          const engineType = random.pick(MODEL_ENGINES[model] ?? ENGINE_TYPES);
          const electric = engineType === 'Electric';
          // An electric version is a recent one (the demo client's van is an eSprinter of 2024).
          const year = electric && drawnYear < ELECTRIC_FROM_YEAR ? ELECTRIC_FROM_YEAR + (drawnYear % 6) : drawnYear;
          vehicles.push({
            id: vehicleId,
            ownerId: client.id!,
            type,
            plateNumber: `${plate.slice(0, 2)} ${plate.slice(2)}`,
            plateNormalized: normalizePlate(plate),
            color,
            brand,
            model,
            year,
            engineType,
            status: 'ACTIVE',
            latestKm: km,
            lastKmUpdate: new Date(now.getTime() - random.int(5, 60) * DAY),
          });
          // Every third vehicle is near its next oil change by km and every fourth by date, so the dashboards
          // have oil changes due soon (the rest are due in 10,000 km / months from now).
          const lastKm = vehicles.length % 3 === 1 ? km - 9_400 : km;
          const lastDaysAgo = vehicles.length % 4 === 2 ? 165 : 50;
          for (let o = 0; o < 2; o++) {
            const currentKm = lastKm - (1 - o) * 10_000;
            const oilChange: Prisma.OilChangeCreateManyInput = {
              id: seedId(`oil:${vehicleId}:${o}`),
              vehicleId,
              oilName: random.pick(OIL_NAMES),
              oilType: random.pick(OIL_TYPES),
              currentKm,
              nextChangeKm: currentKm + 10_000,
              filterChanged: o === 1 || random.chance(0.5),
              notes: o === 1 ? 'Checked all fluid levels.' : null,
              recordedById: random.pick(staffIds),
              createdAt: duringOpeningHours(new Date(now.getTime() - (lastDaysAgo + (1 - o) * 150) * DAY), now),
            };
            if (!electric) oilChanges.push(oilChange);
          }
          const visitCount = clientIndex < 2 ? 3 : random.int(1, 2);
          for (let n = 0; n < visitCount; n++) {
            const scenario = scenarios[visitIndex % scenarios.length]!;
            const visitId = seedId(`visit:${vehicleId}:${n}`);
            const createdAt = duringOpeningHours(
              new Date(now.getTime() - (visitIndex % 9 === 0 ? 0 : random.int(1, 40)) * DAY - random.int(0, 8) * 3600_000),
              now,
            );
            const visitTasks = scenario.tasks.map((status, t) => {
              const [title, service, cost, soldFor] = jobFor(visitIndex + t * 3, electric);
              const taskId = seedId(`task:${visitId}:${t}`);
              const completedOn = status === 'COMPLETED' ? new Date(createdAt.getTime() + DAY) : null;
              const job = demoJobLines(taskId, title, brand, visitIndex + t);
              if (job) plannedLines.push(...job.lines.map((line) => ({ ...line, status, approval: null, createdAt, completedOn })));
              return {
                id: taskId,
                visitId,
                title,
                description: `${title} for ${brand}.`,
                service,
                status,
                priority: random.pick(['HIGH', 'MEDIUM', 'NORMAL', 'LOW'] as const),
                costCents: job?.costCents ?? cost,
                soldForCents: job?.soldForCents ?? soldFor,
                dueDate: new Date(createdAt.getTime() + 2 * DAY),
                completedOn,
                // Completed inspections ask for a reminder in a year (service reminders).
                remindInMonths: status === 'COMPLETED' && service === 'INSPECTION' ? 12 : null,
                createdAt,
              };
            });
            tasks.push(...visitTasks);
            const total = visitTotalCents(visitTasks);
            const visitPayments = demoPayments(scenario.pay, total).map((payment, p) => ({
              id: seedId(`payment:${visitId}:${p}`),
              visitId,
              ...payment,
              method: random.pick(['CASH', 'CREDIT_CARD', 'BANK_TRANSFER'] as const),
              recordedById: random.pick(staffIds),
              createdAt: new Date(createdAt.getTime() + (p + 1) * 3600_000),
            }));
            payments.push(...visitPayments);
            const paid = paidCents(visitPayments);
            const status = deriveVisitStatus(scenario.tasks, scenario.handover);
            visits.push({
              id: visitId,
              name: visitTasks[0]!.title,
              visitDate: createdAt,
              dueDate: new Date(now.getTime() + scenario.dueInDays * DAY),
              customerId: client.id!,
              vehicleId,
              totalCostCents: total,
              paidCents: paid,
              status,
              paymentStatus: derivePaymentStatus(total, paid),
              completedAt: ['COMPLETED', 'READY_FOR_PICKUP', 'PICKED_UP'].includes(status) ? new Date(createdAt.getTime() + DAY) : null,
              createdAt,
            });
            visitIndex++;
          }
        }
      });
      await tx.vehicle.createMany({ data: vehicles, skipDuplicates: true });
      await tx.oilChange.createMany({ data: oilChanges, skipDuplicates: true });
      await tx.visit.createMany({ data: visits, skipDuplicates: true });
      await tx.task.createMany({ data: tasks, skipDuplicates: true });
      await tx.payment.createMany({ data: payments, skipDuplicates: true });

      await tx.todoTask.createMany({
        data: [
          ['Order brake pads for the Clio', 'Two sets of front pads from the usual supplier', false],
          ['Call the tyre supplier', 'Ask about the winter tyre delivery date', false],
          ['Calibrate the torque wrench', 'Yearly calibration is due this month', true],
          ['Clean the diagnostics bay', 'Before the inspection on Friday', true],
        ].map(([title, description, completed], index) => ({
          id: seedId(`todo:${index}`),
          title: title as string,
          description: description as string,
          completed: completed as boolean,
          completedAt: completed ? new Date(now.getTime() - index * DAY) : null,
          createdById: staffIds[index % 2]!,
        })),
        skipDuplicates: true,
      });

      const demoClient = users.find((user) => user.email === 'client@demo.garage') ?? clients[0]!;
      const demoVehicle = vehicles.find((vehicle) => vehicle.ownerId === demoClient.id);
      if (demoVehicle) {
        await seedDemoAppointments(tx, now, {
          id: demoClient.id!,
          vehicleId: demoVehicle.id!,
          name: `${demoClient.firstName} ${demoClient.lastName}`,
          email: demoClient.email!,
        });
      }

      await tx.contactMessage.createMany({
        data: [
          ['Marc Petit', 'marc.petit@example.com', 'Bonjour, faites-vous la climatisation le samedi ?'],
          ['Salma Haddad', 'salma@example.com', 'هل يمكنني حجز موعد لتغيير الزيت يوم الثلاثاء؟'],
          ['Tom Becker', 'tom.becker@example.com', 'Do you repair hybrid batteries? My Prius shows a warning.'],
          ['Inès Roux', 'ines.roux@example.com', 'Merci pour la réparation rapide, tout fonctionne parfaitement.'],
          ['Ali Rahman', 'ali.rahman@example.com', 'Can I get a quote for a timing belt on a 2015 Golf?'],
          ['Omar Benali', 'client@demo.garage', 'Could you also check the rear wipers when I bring the car in on Thursday?'],
          ['Chloé Garnier', 'chloe.garnier@example.com', 'Bonjour, proposez-vous un véhicule de prêt pendant les réparations ?'],
          ['Youssef Alaoui', 'youssef.alaoui@example.com', 'شكرًا على الخدمة الممتازة، السيارة تعمل بشكل رائع الآن.'],
        ].map(([fullName, email, message], index) => ({
          id: seedId(`message:${index}`),
          fullName: fullName!,
          email: email!,
          message: message!,
          // The three newest and the client's own are unread, so the inbox and its badge have work.
          read: index >= 3 && index !== 5,
          readAt: index >= 3 && index !== 5 ? new Date(now.getTime() - index * DAY) : null,
          repliedAt: index === 4 ? new Date(now.getTime() - 3 * DAY) : null,
          userId: index === 5 ? seedId('user:client') : null,
          createdAt: new Date(now.getTime() - (index === 5 ? 0.2 : index * 2) * DAY),
        })),
        skipDuplicates: true,
      });
      await tx.contactReply.createMany({
        data: [
          {
            id: seedId('message-reply:4'),
            messageId: seedId('message:4'),
            authorId: staffIds[1]!,
            subject: 'Re: your message to Atlas Auto',
            body: 'Hello Ali,\n\nA timing belt kit with water pump on a 2015 Golf is about $480 fitted, about half a day of work.\nReply with a day that suits you and we will book it.',
            sentAt: new Date(now.getTime() - 3 * DAY),
          },
        ],
        skipDuplicates: true,
      });

      // Ratings per visit: most completed visits are rated; some of the demo client's are left for them
      // to rate. Clients agreed to be shown on the website for about half; staff picked three testimonials.
      const feedback = [
        'Great service and fair prices. They explained everything before starting.',
        'Fast and honest, will come back.',
        'Très bon accueil, voiture prête à l’heure.',
        'خدمة ممتازة وسريعة، وأسعار معقولة.',
        null,
        'The car was ready a day later than promised, but the work itself is good.',
        'Explications claires et travail soigné.',
        null,
      ];
      const starsCycle = [5, 4, 5, 3, 5, 4, 5, 2, 4, 5, 1, 4];
      const demoClientId = seedId('user:client');
      const rated = visits.filter(
        (visit) =>
          visit.completedAt &&
          ['COMPLETED', 'READY_FOR_PICKUP', 'PICKED_UP'].includes(visit.status!) &&
          !(visit.customerId === demoClientId && visit.status !== 'PICKED_UP'),
      );
      const testimonials = new Set([0, 2, 11]);
      await tx.rating.createMany({
        data: rated.map((visit, index) => {
          const text = feedback[index % feedback.length] ?? null;
          const consent = text !== null && index % 3 !== 1;
          const ratedAt = Math.min(now.getTime(), new Date(visit.completedAt!).getTime() + (2 + (index % 5) * 7) * 3600_000);
          return {
            id: seedId(`rating:visit:${visit.id}`),
            userId: visit.customerId,
            visitId: visit.id!,
            stars: starsCycle[index % starsCycle.length]!,
            feedback: text,
            showOnWebsite: consent,
            testimonial: consent && testimonials.has(index),
            createdAt: new Date(ratedAt),
            updatedAt: new Date(ratedAt),
          };
        }),
        skipDuplicates: true,
      });

      await seedDemoApprovals(tx, now);
      // Inspections of demo visits (findings proposed as work), before the inventory prices every task with lines.
      await seedDemoInspections(tx, now);
      // Parts, stock and the tasks' lines, once every task exists (the approvals' proposals too).
      await seedDemoInventory(tx, now, plannedLines);
      // Each line's tax rate before the invoices freeze them (no-op without a profile: no rates).
      await seedDemoLineRates(tx);
      await seedDemoAmountsDue(tx);
      await seedDemoVehicleIdentity(tx, now, profile);
      await seedDemoInvoices(tx, now, staffIds[1]!);

      const pageViews = demoPageViews(
        now,
        clients.map((c) => c.id!),
      );
      await tx.pageViewEvent.createMany({ data: pageViews });
      // The reports read rollups only: build them for the demo views, daily rows in the zone they are kept in
      // (the app moves them to the shop's time zone at start).
      const [zone] = await tx.$queryRawUnsafe<{ value: string }[]>(
        `SELECT value FROM "AnalyticsState" WHERE key = $1`,
        ROLLUP_TIME_ZONE_KEY,
      );
      await rebuildRollups((sql, values) => tx.$executeRawUnsafe(sql, ...values), {
        fromUtc: new Date(Math.floor(((pageViews[0]?.occurredAt as Date | undefined) ?? now).getTime() / 3_600_000) * 3_600_000),
        toUtc: new Date(now.getTime() + 3_600_000),
        timeZone: zone?.value ?? 'UTC',
      });
      return 'seeded' as const;
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
  if (outcome === 'seeded') {
    // The demo's payments were written in bulk: the fiscal journal records them now, in date order.
    await catchUpFiscalJournal(db);
    return { created: true };
  }
  return outcome === 'done' ? { created: false } : { created: false, skipped: 'in-use' };
}

function toFields(fields: Record<string, string>) {
  return Object.entries(fields).map(([key, value]) => ({ key, value }));
}

function demoPayments(kind: string, total: number): { amountCents: number; status: PaymentRecordStatus; notes: string | null }[] {
  const half = Math.round(total / 2);
  switch (kind) {
    case 'partial':
      return [{ amountCents: half, status: 'SUCCESS', notes: 'Deposit' }];
    case 'full':
      return [
        { amountCents: half, status: 'SUCCESS', notes: 'Deposit' },
        { amountCents: total - half, status: 'SUCCESS', notes: 'Balance' },
      ];
    case 'over':
      return [{ amountCents: total + 1000, status: 'SUCCESS', notes: 'Rounded up by customer' }];
    case 'refund':
      return [
        { amountCents: total, status: 'SUCCESS', notes: null },
        { amountCents: 2000, status: 'REFUNDED', notes: 'Goodwill refund' },
      ];
    case 'failed':
      return [
        { amountCents: total, status: 'FAILED', notes: 'Card declined' },
        { amountCents: 500, status: 'DELETED', notes: 'Entered by mistake' },
      ];
    default:
      return [];
  }
}
