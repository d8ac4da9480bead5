// Demo appointment requests (so the staff calendar and its badge have work on first start) and a task that
// asked for a reminder (so the reminders screen shows a service reminder next to the oil changes, whose
// reminders come from the demo oil changes by themselves).
import type { Prisma } from '../generated/prisma/client.ts';
import { seedId } from './ids.ts';

const DAY = 86_400_000;
const isoDay = (date: Date) => new Date(`${date.toISOString().slice(0, 10)}T00:00:00.000Z`);

export async function seedDemoAppointments(
  tx: Prisma.TransactionClient,
  now: Date,
  client: { id: string; vehicleId: string; name: string; email: string },
) {
  const item = (key: string, index: number) => seedId(`item:${key}:${index}`);
  const at = (days: number, hour: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour, 0));
  await tx.appointment.createMany({
    data: [
      {
        id: seedId('appointment:0'),
        fullName: 'Karim Mansouri',
        phone: '+212 661 234 567',
        email: 'karim.mansouri@example.com',
        vehicleDescription: 'Dacia Logan 2017',
        serviceItemIds: [item('maintenance', 0)],
        day: isoDay(new Date(now.getTime() + 2 * DAY)),
        dayPart: 'MORNING' as const,
        message: 'Oil change and a look at the brakes, please.',
        language: 'fr' as const,
      },
      {
        id: seedId('appointment:1'),
        fullName: 'Sophie Laurent',
        email: 'sophie.laurent@example.com',
        vehicleDescription: 'Renault Clio IV, AB-123-CD',
        serviceItemIds: [item('diagnostics', 0)],
        day: isoDay(new Date(now.getTime() + 3 * DAY)),
        dayPart: 'AFTERNOON' as const,
        message: 'Voyant moteur allumé depuis hier.',
        language: 'fr' as const,
      },
      {
        id: seedId('appointment:2'),
        fullName: 'ليلى بنعلي',
        phone: '+212 600 112 233',
        vehicleDescription: 'Hyundai i10 2020',
        serviceItemIds: [item('repair', 0)],
        day: isoDay(new Date(now.getTime() + 1 * DAY)),
        dayPart: 'ANY' as const,
        message: null,
        language: 'ar' as const,
      },
      {
        id: seedId('appointment:3'),
        fullName: client.name,
        email: client.email,
        vehicleDescription: 'Portal booking',
        vehicleId: client.vehicleId,
        customerId: client.id,
        serviceItemIds: [item('maintenance', 0)],
        day: isoDay(at(1, 9)),
        dayPart: 'MORNING' as const,
        status: 'ACCEPTED' as const,
        scheduledAt: at(1, 9),
        language: 'en' as const,
      },
    ],
    skipDuplicates: true,
  });
}
