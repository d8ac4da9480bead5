// Invoices: numbering (sequential, unique, no gaps under concurrent issuing), the frozen snapshot (a change
// to the visit never changes an issued invoice; issuing again credits it and issues a new one), the client's isolation,
// and the PDF's text in English, French and Arabic (read back with pdftotext: poppler-utils).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, INVOICE_NUMBER_PATTERN, type InvoiceSummary } from '@garage/shared/schemas/invoices';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb } from './helpers.ts';
import { keysOf, signedInCustomer, visitFor, type Customer } from './approvals-fixtures.ts';
import { signedIn, task } from './visits-fixtures.ts';
import { pdfText } from './pdf-text.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(async () => app?.close());

/** A visit with two tasks (1,234.50 and 99.00) and a 200.00 cash payment. */
async function invoiceableVisit(owner: Customer) {
  const visit = await visitFor(staff, owner, [
    task({ title: 'Front brake pads', description: 'Ceramic pads, both sides', soldForCents: 123_450, costCents: 77_700 }),
    task({ title: 'Wiper blades', service: 'MAINTENANCE', soldForCents: 9_900, costCents: 3_300 }),
  ]);
  await staff.caller.payments.create({ id: visit.id, data: { amountCents: 20_000, method: 'CASH' } });
  return visit;
}

async function issue(visitId: string) {
  return app.inject({ method: 'POST', url: `/backend/visits/${visitId}/invoices`, headers: staff.authHeader });
}

async function download(url: string, headers: Record<string, string>) {
  const answer = await app.inject({ method: 'GET', url, headers });
  return { status: answer.statusCode, headers: answer.headers, bytes: answer.rawPayload, body: answer.body };
}

describe('issuing', () => {
  it('issues INV-<year>-<6 digits> with the totals of the committed work and the payments', async () => {
    const owner = await signedInCustomer();
    const visit = await invoiceableVisit(owner);
    const answer = await issue(visit.id);
    expect(answer.statusCode, answer.body).toBe(201);
    const invoice = answer.json() as InvoiceSummary;
    expect(invoice.number).toMatch(INVOICE_NUMBER_PATTERN);
    expect(invoice.number.slice(4, 8)).toBe(String(new Date().getUTCFullYear()));
    expect(invoice).toMatchObject({
      visitId: visit.id,
      totalCents: 133_350,
      paidCents: 20_000,
      balanceCents: 113_350,
      replaces: null,
      replacedBy: null,
    });

    // The snapshot carries sold-for prices only: the shop's cost is never copied.
    const row = await testDb().invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { snapshot: true } });
    expect(keysOf(row.snapshot).has('costCents')).toBe(false);
    expect(JSON.stringify(row.snapshot)).not.toContain('77700');
  });

  it('refuses a visit without work to invoice, and re-issuing when nothing changed (409)', async () => {
    const owner = await signedInCustomer();
    const visit = await visitFor(staff, owner, [task({ title: 'Only task', soldForCents: 5_000 })]);
    await staff.caller.tasks.setStatus({ id: visit.tasks[0]!.id, status: 'CANCELLED' });
    const empty = await issue(visit.id);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(INVOICE_MESSAGES.noWork);

    const other = await invoiceableVisit(owner);
    expect((await issue(other.id)).statusCode).toBe(201);
    const again = await issue(other.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVOICE_MESSAGES.unchanged);
  });

  it('gives 20 concurrent issues 20 different numbers with no gap between them', async () => {
    const owner = await signedInCustomer();
    const visits = await Promise.all(Array.from({ length: 20 }, () => visitFor(staff, owner)));
    const answers = await Promise.all(visits.map((visit) => issue(visit.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    const invoices = answers.map((answer) => answer.json() as InvoiceSummary);
    const numbers = new Set(invoices.map((invoice) => invoice.number));
    expect(numbers.size).toBe(20);

    const rows = await testDb().invoice.findMany({
      where: { id: { in: invoices.map((i) => i.id) } },
      select: { year: true, sequence: true },
    });
    const sequences = rows.map((row) => row.sequence).sort((a, b) => a - b);
    const [first, last] = [sequences[0]!, sequences.at(-1)!];
    // Every number between the lowest and the highest exists (others may have issued in between: still no gap).
    const inRange = await testDb().invoice.count({ where: { year: rows[0]!.year, sequence: { gte: first, lte: last } } });
    expect(inRange).toBe(last - first + 1);
  });

  it('lets concurrent issues for one visit take turns: one invoice, the others find nothing changed', async () => {
    const owner = await signedInCustomer();
    const visit = await invoiceableVisit(owner);
    const answers = await Promise.all(Array.from({ length: 5 }, () => issue(visit.id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await testDb().invoice.count({ where: { visitId: visit.id } })).toBe(1);
  });
});

describe('an issued invoice never changes', () => {
  it('keeps its PDF after the visit changes; issuing again credits it (CN) and issues the invoice that replaces it', async () => {
    const owner = await signedInCustomer();
    const visit = await invoiceableVisit(owner);
    const first = (await issue(visit.id)).json() as InvoiceSummary;
    const before = await download(`/backend/invoices/${first.id}/pdf?lang=en`, staff.authHeader);
    expect(before.status).toBe(200);

    const brakes = visit.tasks.find((t) => t.title === 'Front brake pads')!;
    await staff.caller.tasks.update({ id: brakes.id, updatedAt: brakes.updatedAt, title: 'Rear brake discs', soldForCents: 250_000 });

    const after = await download(`/backend/invoices/${first.id}/pdf?lang=en`, staff.authHeader);
    expect(after.bytes.equals(before.bytes)).toBe(true);
    expect(pdfText(after.bytes)).toContain('Front brake pads');
    expect(pdfText(after.bytes)).not.toContain('Rear brake discs');

    const second = (await issue(visit.id)).json() as InvoiceSummary;
    expect(second.number).not.toBe(first.number);
    expect(Number(second.number.slice(-6))).toBeGreaterThan(Number(first.number.slice(-6)));
    expect(second.replaces).toEqual({ id: first.id, number: first.number });
    expect(second.totalCents).toBe(259_900);
    const correction = pdfText((await download(`/backend/invoices/${second.id}/pdf?lang=en`, staff.authHeader)).bytes);
    expect(correction).toContain(`replaces invoice ${first.number}`);
    expect(correction).toContain('Rear brake discs');
    expect(correction).toContain('2,599.00');

    // The correction credited the first invoice in full, in the same transaction.
    const list = await app.inject({ method: 'GET', url: `/backend/visits/${visit.id}/invoices`, headers: staff.authHeader });
    const items = list.json().items as InvoiceSummary[];
    expect(items.map((i) => [i.kind, i.replacedBy?.number ?? null, i.credited])).toEqual([
      ['INVOICE', null, 'NONE'],
      ['CREDIT_NOTE', null, 'NONE'],
      ['INVOICE', second.number, 'FULL'],
    ]);
    expect(items[1]).toMatchObject({ credits: { id: first.id, number: first.number }, totalCents: -first.totalCents });
  });

  it('is protected by the database too: an UPDATE of an issued invoice fails', async () => {
    const owner = await signedInCustomer();
    const visit = await invoiceableVisit(owner);
    const invoice = (await issue(visit.id)).json() as InvoiceSummary;
    await expect(testDb().invoice.update({ where: { id: invoice.id }, data: { totalCents: 1 } })).rejects.toThrow(/cannot be changed/);
    await expect(testDb().invoice.update({ where: { id: invoice.id }, data: { issuedById: null } })).resolves.toBeTruthy();
  });

  it('keeps its visit: a visit with an invoice cannot be deleted (409)', async () => {
    const owner = await signedInCustomer();
    const visit = await visitFor(staff, owner);
    await issue(visit.id);
    const answer = await app.inject({ method: 'DELETE', url: `/backend/visits/${visit.id}`, headers: staff.authHeader });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('This visit has invoices on record and cannot be deleted');
  });
});

describe('the PDF', () => {
  it('is an attachment named after the number, with the headings, customer, vehicle, tasks and totals (en)', async () => {
    const owner = await signedInCustomer();
    const visit = await invoiceableVisit(owner);
    const invoice = (await issue(visit.id)).json() as InvoiceSummary;
    const pdf = await download(`/backend/invoices/${invoice.id}/pdf?lang=en`, staff.authHeader);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.bytes);
    for (const expected of [
      `Invoice ${invoice.number}`,
      'CUSTOMER',
      'SELLER',
      `${owner.customer.firstName} ${owner.customer.lastName}`,
      owner.vehicle.plateNumber,
      'Toyota Corolla 2020',
      'Front brake pads',
      'Total incl. tax',
      '1,234.50',
      '1,333.50',
      '200.00',
      '1,133.50',
      'Balance due',
      'Cash',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('reads right to left in Arabic with numbers, plate and invoice number in their own order', async () => {
    const owner = await signedInCustomer();
    const visit = await invoiceableVisit(owner);
    const invoice = (await issue(visit.id)).json() as InvoiceSummary;
    const text = pdfText((await download(`/backend/invoices/${invoice.id}/pdf?lang=ar`, staff.authHeader)).bytes);
    for (const expected of [
      'فاتورة',
      invoice.number,
      owner.vehicle.plateNumber,
      '1,234.50',
      '1,333.50',
      '1,133.50',
      'المدفوع',
      'المبلغ المستحق',
      'طريقة الدفع',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('05.432,1');
    expect(text).not.toContain('Balance due');
  });

  it('defaults to the caller’s language (a French-speaking client gets a French invoice)', async () => {
    const owner = await signedInCustomer();
    await testDb().user.update({ where: { id: owner.customer.id }, data: { preferredLanguage: 'fr' } });
    const visit = await invoiceableVisit(owner);
    const invoice = (await issue(visit.id)).json() as InvoiceSummary;
    // French groups thousands with a narrow no-break space.
    const text = pdfText((await download(`/backend/my/invoices/${invoice.id}/pdf`, owner.authHeader)).bytes).replace(
      /[\u202f\u00a0]/g,
      ' ',
    );
    expect(text).toContain(`Facture ${invoice.number}`);
    expect(text).toContain('Reste à payer');
    expect(text).toContain('1 234,50');
  });
});

describe('a client', () => {
  it('lists and downloads the invoices of their own visits only; another client’s answer like missing ones', async () => {
    const [a, b] = await Promise.all([signedInCustomer(), signedInCustomer()]);
    const [visitOfA, visitOfB] = await Promise.all([invoiceableVisit(a), invoiceableVisit(b)]);
    const [invoiceOfA, invoiceOfB] = [(await issue(visitOfA.id)).json(), (await issue(visitOfB.id)).json()] as InvoiceSummary[];

    const mine = await app.inject({ method: 'GET', url: `/backend/my/visits/${visitOfA.id}/invoices`, headers: a.authHeader });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((i: InvoiceSummary) => i.id)).toEqual([invoiceOfA!.id]);
    expect((await a.caller.myInvoices.forVisit({ visitId: visitOfA.id })).items).toHaveLength(1);
    const own = await download(`/backend/my/invoices/${invoiceOfA!.id}/pdf?lang=en`, a.authHeader);
    expect(own.status).toBe(200);
    expect(pdfText(own.bytes)).toContain(invoiceOfA!.number);

    const random = crypto.randomUUID();
    const [foreignPdf, missingPdf] = await Promise.all([
      download(`/backend/my/invoices/${invoiceOfB!.id}/pdf`, a.authHeader),
      download(`/backend/my/invoices/${random}/pdf`, a.authHeader),
    ]);
    expect(foreignPdf.status).toBe(404);
    expect([foreignPdf.status, foreignPdf.body]).toEqual([missingPdf.status, missingPdf.body]);
    const [foreignList, missingList] = await Promise.all([
      app.inject({ method: 'GET', url: `/backend/my/visits/${visitOfB.id}/invoices`, headers: a.authHeader }),
      app.inject({ method: 'GET', url: `/backend/my/visits/${random}/invoices`, headers: a.authHeader }),
    ]);
    expect(foreignList.statusCode).toBe(404);
    expect([foreignList.statusCode, foreignList.body]).toEqual([missingList.statusCode, missingList.body]);
    await expect(a.caller.myInvoices.forVisit({ visitId: visitOfB.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // Staff operations are not theirs.
    expect((await app.inject({ method: 'POST', url: `/backend/visits/${visitOfA.id}/invoices`, headers: a.authHeader })).statusCode).toBe(
      403,
    );
    expect((await download(`/backend/invoices/${invoiceOfA!.id}/pdf`, a.authHeader)).status).toBe(403);
  });
});
