// Digital vehicle inspections in a real browser (issue #29): a technician fills an inspection on the
// inspection screen, with two photos, and the network drops in the middle (context.setOffline): the results
// and a photo entered offline wait on the phone, the screen says they are not sent, and they all reach the
// server when the network returns. Two findings become proposed work, the inspection is completed and sent;
// the customer opens the link without signing in, sees the report (colours, photos, note), approves one
// proposal and declines the other; staff see both decisions on the visit; the PDF's text is read back. Arabic
// on a phone and English on a desktop.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { BASE_URL, DEMO, apiLogin, expect, screenshotPath, signInAs, test, useLanguage, type Language } from './fixtures.ts';

const requireFromDb = createRequire(new URL('../../../packages/db/package.json', import.meta.url));
// sharp belongs to packages/db (the demo seed draws with it); the web app does not depend on it.
type Sharp = (options: { create: { width: number; height: number; channels: 3; background: string } }) => {
  jpeg(options?: { quality: number }): { toBuffer(): Promise<Buffer> };
};
const sharp = requireFromDb('sharp') as Sharp;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const CASES: { language: Extract<Language, 'en' | 'ar'>; device: 'desktop' | 'phone' }[] = [
  { language: 'ar', device: 'phone' },
  { language: 'en', device: 'desktop' },
];
// A fresh browser context loads the shell, the area layout and the screen one after another.
const FIRST_PAINT = { timeout: 30_000 };
const NOTE = 'Blades streak on the driver side';

/** A camera-sized picture (3000 × 2000), which the screen reduces before it leaves the phone. */
const photo = (colour: string) =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: colour } })
    .jpeg({ quality: 95 })
    .toBuffer();

const text = (en: string, ar: string) => ({ en, fr: en, ar });

interface Setup {
  staffToken: string;
  templateId: string;
  visitId: string;
  vehicleId: string;
  customerId: string;
  plate: string;
  templateName: ReturnType<typeof text>;
  cannedJob: string;
}

/** A visit of the demo client and a small template of its own: checks, a tread measurement with thresholds, a canned job. */
async function setUp(request: APIRequestContext, stamp: string): Promise<Setup> {
  const staff = await apiLogin(request, DEMO.employee);
  const client = await apiLogin(request, DEMO.client);
  const headers = { authorization: `Bearer ${staff.accessToken}` };
  const vehicle = (
    (await (await request.get('/backend/my/vehicles', { headers: { authorization: `Bearer ${client.accessToken}` } })).json()) as {
      id: string;
      plateNumber: string;
    }[]
  )[0]!;
  const dueDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const visit = await request.post('/backend/visits', {
    headers,
    data: {
      name: `Inspection visit ${stamp}`,
      customerId: client.user.id,
      vehicleId: vehicle.id,
      dueDate,
      tasks: [{ title: 'Multi-point inspection', service: 'REPAIR', soldForCents: 2_000 }],
    },
  });
  expect(visit.status(), await visit.text()).toBe(201);
  const visitId = ((await visit.json()) as { id: string }).id;

  const catalogue = (await (await request.get('/backend/offering/catalogue')).json()) as {
    items: { id: string; title: Record<string, string> }[];
  }[];
  const offering = catalogue.flatMap((category) => category.items)[0]!;
  const templateName = text(`Bay check ${stamp}`, `فحص الورشة ${stamp}`);
  const tyres = text('Tyres', 'الإطارات');
  const brakes = text('Brakes and more', 'المكابح وغيرها');
  const template = await request.post('/backend/inspection-templates', {
    headers,
    data: {
      name: templateName,
      items: [
        { section: tyres, label: text('Lights', 'الأضواء'), key: 'lights', kind: 'CHECK' },
        {
          section: tyres,
          label: text('Front left tread', 'عمق مداس الأمامي الأيسر'),
          key: 'tread.fl',
          kind: 'MEASUREMENT',
          unit: 'MM',
          minValue: 0,
          maxValue: 20,
          amberAt: 3,
          redAt: 1.6,
          lowerIsWorse: true,
          photoRequired: true,
        },
        {
          section: brakes,
          label: text('Front brake pads', 'وسادات المكابح الأمامية'),
          key: 'pads.front',
          kind: 'CHECK',
          photoRequired: true,
          offeringItemId: offering.id,
        },
        { section: brakes, label: text('Wipers', 'المساحات'), key: 'wipers', kind: 'CHECK' },
        { section: brakes, label: text('Horn', 'البوق'), key: 'horn', kind: 'CHECK' },
      ],
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  const templateId = ((await template.json()) as { id: string }).id;

  return {
    staffToken: staff.accessToken,
    templateId,
    visitId,
    vehicleId: vehicle.id,
    customerId: client.user.id as string,
    plate: vehicle.plateNumber,
    templateName,
    cannedJob: offering.title.en ?? '',
  };
}

interface ItemView {
  key: string;
  condition: string | null;
  value: number | null;
  note: string | null;
  photos: { id: string }[];
  task: { id: string; title: string; approval: string | null } | null;
}
async function readInspection(request: APIRequestContext, setup: Setup, inspectionId: string) {
  const response = await request.get(`/backend/inspections/${inspectionId}`, {
    headers: { authorization: `Bearer ${setup.staffToken}` },
  });
  expect(response.status()).toBe(200);
  const inspection = (await response.json()) as { status: string; items: ItemView[] };
  return {
    status: inspection.status,
    byKey: Object.fromEntries(inspection.items.map((item) => [item.key, item])) as Record<string, ItemView>,
  };
}

async function newDevice(browser: Browser, language: Language, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, locale: language === 'ar' ? 'ar' : 'en-US' });
  const page = await context.newPage();
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  await useLanguage(page, language);
  return { context, page };
}

const itemRow = (page: Page, key: string): Locator => page.locator(`[data-testid="inspection-item"][data-item-key="${key}"]`);

async function addPhoto(row: Locator, colour: string, name: string) {
  await row.getByTestId('photo-input').setInputFiles([{ name, mimeType: 'image/jpeg', buffer: await photo(colour) }]);
}

for (const { language, device } of CASES) {
  test(`a technician inspects with photos through a network drop; the customer decides on the findings (${language}, ${device})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const viewport = device === 'phone' ? PHONE : DESKTOP;
    await page.setViewportSize(viewport);
    await useLanguage(page, language);
    const setup = await setUp(request, `${language}-${device}-${Date.now()}`);

    // From the visit, staff start an inspection from the template, assigned to themselves, with the odometer.
    await signInAs(page, DEMO.employee);
    await page.goto(`/admin/users/${setup.customerId}/vehicle/${setup.vehicleId}/visit/${setup.visitId}`);
    await page.getByTestId('start-inspection').click(FIRST_PAINT);
    await page.getByTestId('start-inspection-template').click();
    await page.getByRole('option', { name: setup.templateName[language] }).click();
    const odometer = page.getByTestId('start-inspection-odometer');
    if (await odometer.isVisible()) await odometer.fill('84250');
    await page.getByTestId('start-inspection-submit').click();
    await expect(page).toHaveURL(/\/admin\/inspections\/[0-9a-f-]{36}$/, FIRST_PAINT);
    const inspectionId = page.url().split('/').pop()!;

    // The technician finds it in their list and opens it.
    await page.goto('/admin/inspections');
    const card = page.locator(`[data-testid="inspection-card"][data-inspection-id="${inspectionId}"]`);
    await expect(card).toBeVisible(FIRST_PAINT);
    await expect(card).toContainText(setup.plate);
    await page.screenshot({ path: screenshotPath(`inspections-list-${language}-${device}`) });
    await card.click();
    await expect(page.getByTestId('inspection-page')).toHaveAttribute('data-status', 'IN_PROGRESS', FIRST_PAINT);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(setup.templateName[language]);
    await expect(page.getByTestId('inspection-plate')).toContainText(setup.plate);

    // Online: one tap for a check; a tread depth typed is coloured at once, and a value beyond the item's
    // limits is refused on the phone before anything is sent.
    const lights = itemRow(page, 'lights');
    await lights.getByTestId('result-GOOD').click();
    await expect(lights.getByTestId('result-GOOD')).toHaveAttribute('aria-pressed', 'true');
    const tread = itemRow(page, 'tread.fl');
    const treadInput = tread.getByTestId('measurement-input');
    await treadInput.fill('25');
    await treadInput.blur();
    await expect(tread.getByTestId('measurement-error')).toBeVisible();
    await treadInput.fill('2.4');
    await treadInput.blur();
    await expect(tread.getByTestId('measurement-error')).toHaveCount(0);
    await expect(tread).toHaveAttribute('data-condition', 'SOON');
    await addPhoto(tread, '#b45309', 'tread.jpg');
    await expect(tread.locator('[data-testid="item-photo"]')).toHaveCount(1);
    const syncState = page.getByTestId('sync-state');
    await expect(syncState).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
    await expect(syncState).toHaveText(language === 'ar' ? /تم حفظ كل شيء/ : /All saved/);

    // The network drops: results, a note and a photo wait on the phone, and the screen says so.
    await page.context().setOffline(true);
    const pads = itemRow(page, 'pads.front');
    await pads.getByTestId('result-URGENT').click();
    await addPhoto(pads, '#b91c1c', 'pads.jpg');
    const wipers = itemRow(page, 'wipers');
    await wipers.getByTestId('result-GOOD').click();
    await wipers.getByRole('button', { name: language === 'ar' ? 'ملاحظة' : 'Note', exact: true }).click();
    await wipers.getByTestId('item-note').fill(NOTE);
    await wipers.getByTestId('item-note').blur();
    await itemRow(page, 'horn').getByTestId('result-SKIPPED').click();
    await expect(pads.locator('[data-testid="item-photo"][data-state="pending"]')).toHaveCount(1);
    await expect(pads.getByTestId('item-not-sent')).toBeVisible();
    await expect(syncState).not.toHaveAttribute('data-waiting', '0');
    await expect(syncState).toContainText(language === 'ar' ? 'لم يُرسل بعد' : 'Not sent yet');
    await expect(page.getByTestId('complete-inspection')).toBeDisabled();
    await page.screenshot({ path: screenshotPath(`inspection-offline-${language}-${device}`), fullPage: true });
    // Nothing of it reached the server.
    let saved = await readInspection(request, setup, inspectionId);
    expect(saved.byKey['pads.front']?.condition).toBeNull();
    expect(saved.byKey.horn?.condition).toBeNull();

    // Back online: everything is sent, in order, and stays after a reload.
    await page.context().setOffline(false);
    await expect(syncState).toHaveAttribute('data-waiting', '0', { timeout: 60_000 });
    await expect(pads.locator('[data-testid="item-photo"][data-state="sent"]')).toHaveCount(1);
    saved = await readInspection(request, setup, inspectionId);
    expect(saved.byKey.lights?.condition).toBe('GOOD');
    expect(saved.byKey['tread.fl']).toMatchObject({ condition: 'SOON', value: 2.4 });
    expect(saved.byKey['pads.front']?.condition).toBe('URGENT');
    expect(saved.byKey.wipers).toMatchObject({ condition: 'GOOD', note: NOTE });
    expect(saved.byKey.horn?.condition).toBe('SKIPPED');
    expect(saved.byKey['tread.fl']?.photos).toHaveLength(1);
    expect(saved.byKey['pads.front']?.photos).toHaveLength(1);
    await page.reload();
    await expect(itemRow(page, 'pads.front')).toHaveAttribute('data-condition', 'URGENT', FIRST_PAINT);
    await expect(itemRow(page, 'wipers').getByTestId('item-note')).toHaveValue(NOTE);
    await expect(page.getByTestId('inspection-progress')).toContainText(language === 'ar' ? '5' : '5 of 5');

    // The findings become proposed work: the pads in one tap (their canned job, priced from the catalogue),
    // the tread as typed work with a price.
    await itemRow(page, 'pads.front').getByTestId('propose-work').click();
    await expect(itemRow(page, 'pads.front').getByTestId('item-task')).toBeVisible();
    await itemRow(page, 'tread.fl').getByTestId('propose-work').click();
    await page.getByTestId('propose-price').fill('45');
    await page.getByTestId('propose-submit').click();
    await expect(itemRow(page, 'tread.fl').getByTestId('item-task')).toBeVisible();
    saved = await readInspection(request, setup, inspectionId);
    const padsTask = saved.byKey['pads.front']!.task!;
    const treadTask = saved.byKey['tread.fl']!.task!;
    expect(padsTask.approval).toBe('PENDING');
    expect(treadTask.approval).toBe('PENDING');

    // Complete, then send to the customer: the link comes back for WhatsApp or copying.
    await page.getByTestId('complete-inspection').click();
    await expect(page.getByTestId('inspection-page')).toHaveAttribute('data-status', 'COMPLETED');
    await page.getByTestId('send-inspection').click();
    await page.getByTestId('send-inspection-confirm').click();
    const url = await page.getByTestId('inspection-link-url').inputValue();
    expect(url).toMatch(/\/approve\/[A-Za-z0-9_-]{43}$/);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('inspection-page')).toHaveAttribute('data-status', 'SENT');

    // The customer, on their own device and without signing in, sees the report and decides.
    const customer = await newDevice(browser, language, viewport);
    await customer.page.goto(url);
    const report = customer.page.getByTestId('inspection-report');
    await expect(report).toBeVisible(FIRST_PAINT);
    await expect(report.getByTestId('inspection-photo')).toHaveCount(2);
    await expect(report).toContainText(NOTE);
    await customer.page.locator(`[data-testid="approve-item"][data-task-id="${padsTask.id}"]`).getByTestId('choose-approve').click();
    await customer.page.locator(`[data-testid="approve-item"][data-task-id="${treadTask.id}"]`).getByTestId('choose-decline').click();
    await customer.page.screenshot({ path: screenshotPath(`inspection-link-${language}-${device}`), fullPage: true });
    await customer.page.getByTestId('approve-submit').click();
    await expect(customer.page.getByTestId('approve-done')).toBeVisible();
    await customer.context.close();

    // Staff see both decisions on the visit.
    await page.goto(`/admin/users/${setup.customerId}/vehicle/${setup.vehicleId}/visit/${setup.visitId}`);
    await expect(page.locator(`[data-testid="customer-decision"][data-task-id="${padsTask.id}"]`)).toHaveAttribute(
      'data-state',
      'APPROVED',
      FIRST_PAINT,
    );
    await expect(page.locator(`[data-testid="customer-decision"][data-task-id="${treadTask.id}"]`)).toHaveAttribute(
      'data-state',
      'DECLINED',
    );

    // The report's PDF, read back.
    const pdf = await request.get(`/backend/inspections/${inspectionId}/report.pdf?lang=${language}`, {
      headers: { authorization: `Bearer ${setup.staffToken}` },
    });
    expect(pdf.status()).toBe(200);
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const result = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' });
    if (result.error) throw new Error('pdftotext is missing: install poppler-utils (apt-get install poppler-utils) to run this journey');
    const pdfText = result.stdout.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
    for (const piece of [setup.plate, NOTE]) expect(pdfText, piece).toContain(piece);
    if (language === 'en') for (const piece of ['Front brake pads', 'Front left tread', 'Wipers']) expect(pdfText, piece).toContain(piece);
  });
}
