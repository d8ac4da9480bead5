// Fixtures for the parts, suppliers, labour rates and stock tests: unique parts and barcodes, stock
// received through the API, and a reserved line or an open order written directly (their own modules are
// tested elsewhere).
import type { Prisma } from '@garage/db';
import type { App } from '../src/app.ts';
import { testDb, uniqueSuffix } from './helpers.ts';
import { createCustomer, insertVisit } from './visits-fixtures.ts';

type Headers = Record<string, string>;

/** A fresh valid EAN-13: 12 random digits and their GS1 check digit. */
export function newBarcode(): string {
  const digits = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10));
  const sum = digits.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return `${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

/** A letters-only token, unique to a test, to search for without meeting other tests' parts. */
export const uniqueWord = () =>
  uniqueSuffix()
    .replace(/[^a-f0-9]/g, '')
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)] as string);

export const partPayload = (overrides: Record<string, unknown> = {}) => ({
  partNumber: `P-${uniqueSuffix()}`,
  name: `Oil filter ${uniqueWord()}`,
  brand: 'Mann',
  category: 'Filters',
  unit: 'PIECE',
  costCents: 450,
  priceCents: 900,
  ...overrides,
});

export async function createPart(app: App, admin: Headers, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({ method: 'POST', url: '/backend/parts', headers: admin, payload: partPayload(overrides) });
  if (response.statusCode !== 201) throw new Error(`part not created: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; partNumber: string; name: string; barcode: string | null; [key: string]: unknown };
}

export async function receive(app: App, headers: Headers, partId: string, quantity: number, unitCostCents?: number) {
  return app.inject({ method: 'POST', url: '/backend/parts/stock/receipts', headers, payload: { partId, quantity, unitCostCents } });
}

export const getPart = async (app: App, headers: Headers, id: string) =>
  (await app.inject({ method: 'GET', url: `/backend/parts/${id}`, headers })).json();

/** A task line of the part in the given stock state, on a task of a fresh visit (written directly). */
export async function partLine(partId: string, quantity: number, stock: 'RESERVED' | 'BACKORDERED' | 'QUOTED' | 'USED') {
  const { customer, vehicle } = await createCustomer();
  const visitId = await insertVisit({ customerId: customer.id, vehicleId: vehicle.id }, { dueInDays: 2, name: `Brakes ${uniqueSuffix()}` });
  const task = await testDb().task.findFirstOrThrow({ where: { visitId } });
  return testDb().taskLine.create({
    data: {
      taskId: task.id,
      position: 1,
      kind: 'PART',
      description: 'Brake pads',
      partId,
      quantityMilli: quantity * 1000,
      unitPriceCents: 100,
      totalCents: quantity * 100,
      stock,
    },
    include: { task: { include: { visit: true } } },
  });
}

/** A purchase order of the part in a given status, with `ordered` and `received` quantities (written directly). */
export async function orderOf(
  partId: string,
  ordered: number,
  received: number,
  status: Prisma.PurchaseOrderCreateInput['status'] = 'SENT',
) {
  const supplier = await testDb().supplier.create({ data: { name: `Supplier ${uniqueSuffix()}` } });
  return testDb().purchaseOrder.create({
    data: {
      number: `T-${uniqueSuffix()}`,
      supplierId: supplier.id,
      status,
      lines: { create: [{ position: 0, partId, quantityMilli: ordered * 1000, receivedMilli: received * 1000, unitCostCents: 400 }] },
    },
  });
}
