// Invoices in a real browser (issue #10, the invoice bullet): staff issue the invoice of a visit of the demo
// client from the visit page; issuing again with nothing changed is refused; the client, signed in on their
// own device, downloads the invoice PDF from their visit page and its text is read back (pdftotext from
// poppler-utils, a test dependency): heading, number, customer, plate and totals, numbers in order in Arabic
// too. In English and Arabic, on a desktop and a phone.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Browser, Download, Page } from '@playwright/test';
import { BASE_URL, DEMO, apiLogin, expect, screenshotPath, signInAs, test, useLanguage, type Language } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const CASES: { language: Extract<Language, 'en' | 'ar'>; device: 'desktop' | 'phone' }[] = [
  { language: 'en', device: 'desktop' },
  { language: 'ar', device: 'phone' },
  { language: 'en', device: 'phone' },
  { language: 'ar', device: 'desktop' },
];

/** The text of a downloaded PDF, bidi control characters removed (pdftotext adds them around rtl runs). */
async function pdfText(download: Download): Promise<string> {
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const result = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' });
  if (result.error) throw new Error('pdftotext is missing: install poppler-utils (apt-get install poppler-utils) to run this journey');
  return result.stdout.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

/** A visit of the demo client: one task at 1,234.50 and a 200.00 payment, created through the API. */
async function demoVisit(page: Page, name: string) {
  const staff = await apiLogin(page.request, DEMO.employee);
  const client = await apiLogin(page.request, DEMO.client);
  const vehicles = await page.request.get('/backend/my/vehicles', { headers: { authorization: `Bearer ${client.accessToken}` } });
  const vehicle = (await vehicles.json())[0] as { id: string; plateNumber: string };
  const dueDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const headers = { authorization: `Bearer ${staff.accessToken}` };
  const created = await page.request.post('/backend/visits', {
    headers,
    data: {
      name,
      customerId: client.user.id,
      vehicleId: vehicle.id,
      dueDate,
      tasks: [{ title: 'Timing belt kit', service: 'REPAIR', soldForCents: 123_450 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const visit = (await created.json()) as { id: string };
  const paid = await page.request.post(`/backend/visits/${visit.id}/payments`, { headers, data: { amountCents: 20_000, method: 'CASH' } });
  expect(paid.status(), await paid.text()).toBe(201);
  return { visitId: visit.id, vehicleId: vehicle.id, plate: vehicle.plateNumber, customerId: client.user.id as string };
}

async function newDevice(browser: Browser, language: Language, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, locale: 'en-US', acceptDownloads: true });
  const page = await context.newPage();
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  await useLanguage(page, language);
  return { context, page };
}

for (const { language, device } of CASES) {
  test(`staff issue the invoice, the client downloads its PDF (${language}, ${device})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const viewport = device === 'phone' ? PHONE : DESKTOP;
    await page.setViewportSize(viewport);
    await useLanguage(page, language);
    const name = `Invoice ${language} ${device} ${Date.now()}`;
    const { visitId, vehicleId, plate, customerId } = await demoVisit(page, name);

    // Staff issue the invoice from the visit page.
    await signInAs(page, DEMO.employee);
    await page.goto(`/admin/users/${customerId}/vehicle/${vehicleId}/visit/${visitId}`);
    await expect(page.getByTestId('visit-name')).toHaveText(name, { timeout: 30_000 });
    const section = page.getByTestId('visit-invoices');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText(language === 'ar' ? 'لم تصدر أي فاتورة بعد.' : 'No invoice issued yet.')).toBeVisible();
    await section.getByTestId('issue-invoice').click();
    const row = section.getByTestId('invoice-row');
    await expect(row).toHaveCount(1);
    const number = (await row.getByTestId('invoice-number').textContent())!;
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
    // An invoice stands: the action is now "Correct" (a credit note and a new invoice, after a confirmation).
    await expect(section.getByTestId('correct-invoice')).toHaveText(language === 'ar' ? 'تصحيح' : 'Correct');
    await section.screenshot({ path: screenshotPath(`staff-invoices-${language}-${device}`) });
    // Nothing changed since: the correction is refused with the reason, and no document is added.
    await section.getByTestId('correct-invoice').click();
    await page.getByTestId('confirm-delete').click();
    await expect(
      page.getByText(language === 'ar' ? 'لم يتغير شيء منذ آخر فاتورة' : 'Nothing has changed since the last invoice', { exact: false }),
    ).toBeVisible();
    await expect(row).toHaveCount(1);

    // The client downloads it from their visit page, in the language of their screen.
    const client = await newDevice(browser, language, viewport);
    await signInAs(client.page, DEMO.client);
    await client.page.goto(`/client/overview/${vehicleId}/${visitId}`);
    // A fresh device loads the whole client area first: more than the default 10 s on a busy machine.
    await expect(client.page.getByTestId('my-visit-name')).toHaveText(name, { timeout: 30_000 });
    const invoice = client.page.getByTestId('my-invoice');
    await expect(invoice.getByTestId('my-invoice-number')).toHaveText(number);
    await invoice.scrollIntoViewIfNeeded();
    await client.page.screenshot({ path: screenshotPath(`client-invoice-${language}-${device}`), fullPage: true });
    const [download] = await Promise.all([client.page.waitForEvent('download'), invoice.getByTestId('download-my-invoice').click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const text = await pdfText(download);
    const expected =
      language === 'ar'
        ? ['فاتورة', number, 'Omar Benali', plate, 'Timing belt kit', '1,234.50', '200.00', '1,034.50', 'المبلغ المستحق']
        : [`Invoice ${number}`, 'Omar Benali', plate, 'Timing belt kit', '1,234.50', '200.00', '1,034.50', 'Balance due'];
    for (const piece of expected) expect(text, piece).toContain(piece);
    expect(text).not.toContain('05.432,1');
    await client.context.close();
  });
}
