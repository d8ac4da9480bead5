// The visit's job sheet PDF (issue #28): generated in English and Arabic and read back with pdftotext — the
// VIN, the odometer in the vehicle's unit (miles here), the spec card's values (psi beside bar for a vehicle in
// miles), the tasks with their part and labour lines; declined work left out; a vehicle without a card says
// so; staff only, an unknown visit is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { signedInCustomer } from './approvals-fixtures.ts';
import { createCustomer, inDays, signedIn } from './visits-fixtures.ts';
import { dueDateValue } from '@garage/shared';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

/** A unique, structurally valid VIN (the check digit does not matter to the sheet). */
const uniqueVin = () => `1HGCM826${uniqueSuffix().toUpperCase().replace(/[IOQ]/g, '1').slice(0, 5)}4352`.slice(0, 17).padEnd(17, '7');

async function visitWithCard(options: { card: boolean; distanceUnit: 'KM' | 'MI' }) {
  const { customer, vehicle } = await createCustomer({ firstName: 'Karim', lastName: `Bennani ${uniqueSuffix()}` });
  const vin = uniqueVin();
  await testDb().vehicle.update({
    where: { id: vehicle.id },
    data: { vin, distanceUnit: options.distanceUnit, brand: 'Honda', model: 'Accord', year: 2003 },
  });
  if (options.card) {
    await staff.caller.vehicleSpecs.update({
      vehicleId: vehicle.id,
      data: {
        oilGrade: '5W-30',
        oilCapacityLitres: 4.5,
        oilFilterRef: 'W 712/95',
        airFilterRef: 'C 27 009',
        tyreSizeFront: '205/55 R16 91V',
        tyrePressureFrontBar: 2.3,
        battery: '12V 70Ah 640A EN',
      },
    });
  }
  const visit = await testDb().visit.create({
    data: {
      name: `Service ${uniqueSuffix()}`,
      customerId: customer.id,
      vehicleId: vehicle.id,
      dueDate: dueDateValue(inDays(2)),
      // 16,093 km is 10,000 miles.
      odometerInKm: 16_093,
      tasks: {
        create: [
          {
            title: 'Oil and filter change',
            service: 'MAINTENANCE',
            soldForCents: 9_000,
            lines: {
              create: [
                {
                  position: 0,
                  kind: 'PART',
                  description: 'Engine oil 5W-30',
                  partNumber: 'OIL-5W30',
                  quantityMilli: 4_500,
                  unitPriceCents: 1_000,
                  totalCents: 4_500,
                },
                {
                  position: 1,
                  kind: 'LABOUR',
                  description: 'Oil change labour',
                  quantityMilli: 500,
                  unitPriceCents: 9_000,
                  totalCents: 4_500,
                },
              ],
            },
          },
          { title: 'Declined rear discs', service: 'REPAIR', soldForCents: 20_000, approval: 'DECLINED' },
        ],
      },
    },
  });
  return { visitId: visit.id, vin };
}

const download = (visitId: string, lang: string, headers = staff.authHeader) =>
  app.inject({ method: 'GET', url: `/backend/visits/${visitId}/job-sheet.pdf?lang=${lang}`, headers });

describe('GET /backend/visits/:id/job-sheet.pdf', () => {
  it('prints the VIN, the odometer in miles, the spec card and the tasks with their lines, in English', async () => {
    const { visitId, vin } = await visitWithCard({ card: true, distanceUnit: 'MI' });
    const response = await download(visitId, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Job sheet',
      vin,
      '10,000 mi',
      'Spec card',
      '5W-30',
      '4.5 L',
      'W 712/95',
      'C 27 009',
      '205/55 R16 91V',
      '2.3 bar (33 psi)',
      '12V 70Ah 640A EN',
      'Oil and filter change',
      'Engine oil 5W-30',
      'OIL-5W30',
      '4.5',
      'Oil change labour',
      '0.5 h',
      'Technician notes',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Declined rear discs');
  });

  it('prints the same in Arabic (right to left): VIN, odometer figures and the card values in order', async () => {
    const { visitId, vin } = await visitWithCard({ card: true, distanceUnit: 'MI' });
    const response = await download(visitId, 'ar');
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'ورقة العمل',
      'البطاقة الفنية',
      vin,
      '10,000',
      '5W-30',
      'W 712/95',
      '205/55 R16 91V',
      '12V 70Ah 640A EN',
      'OIL-5W30',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('says there is no spec card, in kilometres for a vehicle in km (French)', async () => {
    const { visitId, vin } = await visitWithCard({ card: false, distanceUnit: 'KM' });
    const text = pdfText((await download(visitId, 'fr')).rawPayload);
    expect(text).toContain(vin);
    // French groups thousands with a narrow no-break space.
    expect(text.replace(/[\u202f\u00a0]/g, ' ')).toContain('16 093 km');
    expect(text).toContain('Pas encore de fiche technique');
  });

  it('is for staff only; an unknown visit answers 404', async () => {
    const { visitId } = await visitWithCard({ card: true, distanceUnit: 'KM' });
    const client = await signedInCustomer();
    expect((await download(visitId, 'en', client.authHeader)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/backend/visits/${visitId}/job-sheet.pdf` })).statusCode).toBe(401);
    expect((await download('0190a3c5-0000-7000-8000-00000000dead', 'en')).statusCode).toBe(404);
  });
});
