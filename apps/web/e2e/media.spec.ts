// Media library in a real browser (issue "Media library"): staff upload two photos and a PDF to a visit of
// the demo client (multi-file picker, a progress bar per file, the success toast); the client, signed in on
// their own device, sees them in the portal, opens the photo and the PDF previews, adds a photo of their own
// and deletes it again (the garage's files offer no delete), and cannot reach another customer's file. In
// English and Arabic, on a desktop and a phone.
import { createRequire } from 'node:module';
import type { Browser, Page } from '@playwright/test';
import { BASE_URL, DEMO, apiLogin, expect, screenshotPath, signInAs, test, useLanguage, type Language } from './fixtures.ts';

const requireFromDb = createRequire(new URL('../../../packages/db/package.json', import.meta.url));
// sharp belongs to packages/db (the demo seed draws with it); the web app does not depend on it.
type Sharp = (options: { create: { width: number; height: number; channels: 3; background: string } }) => {
  jpeg(): { toBuffer(): Promise<Buffer> };
};
const sharp = requireFromDb('sharp') as Sharp;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const CASES: { language: Extract<Language, 'en' | 'ar'>; device: 'desktop' | 'phone' }[] = [
  { language: 'en', device: 'desktop' },
  { language: 'ar', device: 'phone' },
];
// The first paint of a screen in a fresh browser context loads its chunks one after another (shell, area
// layout, screen): ~11 s on a loaded 2-core machine, so those first waits get more than the default 10 s.
const FIRST_PAINT = { timeout: 30_000 };
const UPLOADED = { en: 'Image uploaded successfully!', ar: 'تم رفع الصورة بنجاح!' };

const photo = (colour: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** A new visit of the demo client, created through the API. */
async function demoVisit(page: Page, name: string) {
  const staff = await apiLogin(page.request, DEMO.employee);
  const client = await apiLogin(page.request, DEMO.client);
  const vehicles = await page.request.get('/backend/my/vehicles', { headers: { authorization: `Bearer ${client.accessToken}` } });
  const vehicle = (await vehicles.json())[0] as { id: string };
  const dueDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/backend/visits', {
    headers: { authorization: `Bearer ${staff.accessToken}` },
    data: {
      name,
      customerId: client.user.id,
      vehicleId: vehicle.id,
      dueDate,
      tasks: [{ title: 'Body work', service: 'REPAIR', soldForCents: 10_000 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return {
    visitId: ((await created.json()) as { id: string }).id,
    vehicleId: vehicle.id,
    customerId: client.user.id as string,
    staffToken: staff.accessToken,
  };
}

async function newDevice(browser: Browser, language: Language, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, locale: 'en-US' });
  const page = await context.newPage();
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  await useLanguage(page, language);
  return { context, page };
}

for (const { language, device } of CASES) {
  test(`staff upload two photos and a PDF to a visit; the client previews them (${language}, ${device})`, async ({ page, browser }) => {
    // Two signed-in devices, uploads on both, previews: a long journey on a loaded machine.
    test.setTimeout(180_000);
    const viewport = device === 'phone' ? PHONE : DESKTOP;
    await page.setViewportSize(viewport);
    await useLanguage(page, language);
    const { visitId, vehicleId, customerId, staffToken } = await demoVisit(page, `Media ${language} ${Date.now()}`);
    const path = `${customerId}/${vehicleId}/${visitId}`;

    await signInAs(page, DEMO.employee);
    await page.goto(`/admin/media/${path}`);
    await expect(page.getByTestId('media-empty')).toBeVisible(FIRST_PAINT);
    await page.getByTestId('media-file-input').setInputFiles([
      { name: 'front-left.jpg', mimeType: 'image/jpeg', buffer: await photo('#b91c1c') },
      { name: 'rear.jpg', mimeType: 'image/jpeg', buffer: await photo('#1d4ed8') },
      { name: 'estimate.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(page.getByTestId('upload-item')).toHaveCount(3);
    await expect(page.getByText(UPLOADED[language]).first()).toBeVisible();
    await expect(page.getByTestId('upload-item').and(page.locator('[data-state="done"]'))).toHaveCount(3);
    await expect(page.getByTestId('media-tile')).toHaveCount(3);
    await page.screenshot({ path: screenshotPath(`media-staff-${language}-${device}`), fullPage: true });

    // The date filter ("added in the last 7 days") goes into the URL and keeps the new files.
    await page.getByTestId('media-date-select').click();
    await page.getByTestId('media-date-option-last7Days').click();
    await expect(page).toHaveURL(/[?&]date=last7Days/);
    await expect(page.getByTestId('media-tile')).toHaveCount(3);

    // The staff visit page shows them too, with the way to the full page.
    await page.goto(`/admin/users/${customerId}/vehicle/${vehicleId}/visit/${visitId}`);
    await expect(page.getByTestId('visit-media-strip').getByRole('button')).toHaveCount(3, FIRST_PAINT);
    await page.getByTestId('visit-media-link').click();
    await expect(page).toHaveURL(new RegExp(`/admin/media/${path}$`));

    // A refused file says why, and nothing is added.
    await page
      .getByTestId('media-file-input')
      .setInputFiles([{ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') }]);
    await expect(page.getByTestId('upload-item').and(page.locator('[data-state="failed"]'))).toHaveCount(1);
    await expect(page.getByTestId('media-tile')).toHaveCount(3);

    // The client, on their own device: the visit page shows the files, "See all media" opens the library.
    const client = await newDevice(browser, language, viewport);
    await signInAs(client.page, DEMO.client);
    await client.page.goto(`/client/overview/${vehicleId}/${visitId}`);
    await expect(client.page.getByTestId('visit-media-strip').getByRole('button')).toHaveCount(3, FIRST_PAINT);
    await client.page.getByTestId('visit-media-strip').scrollIntoViewIfNeeded();
    await client.page.screenshot({ path: screenshotPath(`media-client-visit-${language}-${device}`) });
    await client.page.getByTestId('visit-media-link').click();
    await expect(client.page).toHaveURL(new RegExp(`/client/media/${path}$`));
    await expect(client.page.getByTestId('media-tile')).toHaveCount(3);
    await client.page.screenshot({ path: screenshotPath(`media-client-${language}-${device}`), fullPage: true });

    // The client adds a photo of their own to the visit, then deletes it; the garage's files cannot be deleted.
    await client.page
      .getByTestId('media-file-input')
      .setInputFiles([{ name: 'my-scratch.jpg', mimeType: 'image/jpeg', buffer: await photo('#15803d') }]);
    await expect(client.page.getByTestId('upload-item').and(client.page.locator('[data-state="done"]'))).toHaveCount(1);
    await expect(client.page.getByTestId('media-tile')).toHaveCount(4);
    await client.page.getByTestId('media-tile').filter({ hasText: 'rear.jpg' }).getByTestId('media-menu').click();
    await expect(client.page.getByRole('menu')).toBeVisible();
    await expect(client.page.getByTestId('media-delete')).toHaveCount(0);
    await client.page.keyboard.press('Escape');
    await expect(client.page.getByRole('menu')).toBeHidden();
    await client.page.getByTestId('media-tile').filter({ hasText: 'my-scratch.jpg' }).getByTestId('media-menu').click();
    await client.page.getByTestId('media-delete').click();
    await expect(client.page.getByRole('alertdialog')).toBeVisible();
    await client.page.screenshot({ path: screenshotPath(`media-client-delete-${language}-${device}`) });
    await client.page.getByRole('alertdialog').getByTestId('confirm-delete').click();
    await expect(client.page.getByTestId('media-tile')).toHaveCount(3);
    await expect(client.page.getByTestId('media-tile').filter({ hasText: 'my-scratch.jpg' })).toHaveCount(0);

    await client.page.getByTestId('media-tile').filter({ hasText: 'front-left.jpg' }).getByTestId('media-open').click();
    const image = client.page.getByTestId('lightbox-image');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1600);
    await client.page.screenshot({ path: screenshotPath(`media-lightbox-${language}-${device}`) });
    await client.page.keyboard.press('Escape');
    await expect(client.page.getByTestId('media-lightbox')).toBeHidden();

    await client.page.getByTestId('media-tile').filter({ hasText: 'estimate.pdf' }).getByTestId('media-open').click();
    const pdf = client.page.getByTestId('lightbox-pdf');
    await expect(pdf).toBeVisible();
    const src = await pdf.getAttribute('src');
    const served = await client.page.request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['content-disposition']).toMatch(/^inline/);
    await client.page.keyboard.press('Escape');

    // Another customer's file answers "not found", whatever id the client tries.
    const other = await page.request.get(`/backend/media?ownerId=${customerId}`, { headers: { authorization: `Bearer ${staffToken}` } });
    expect(other.status()).toBe(200);
    const foreign = await client.page.request.get('/backend/media/01900000-0000-7000-8000-000000000000/file');
    expect(foreign.status()).toBe(404);
    await client.context.close();
  });
}

test('the demo client finds the demo photos and documents from the menu (ar, phone)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await useLanguage(page, 'ar');
  const session = await signInAs(page, DEMO.client);
  await page.goto('/client/media');
  await expect(page).toHaveURL(new RegExp(`/client/media/${session.user.id as string}$`));
  await expect(page.getByTestId('media-tile').first()).toBeVisible(FIRST_PAINT);
  expect(await page.getByTestId('media-tile').count()).toBeGreaterThanOrEqual(8);
  await expect(page.getByTestId('media-tile').filter({ hasText: 'Invoice.pdf' })).toHaveCount(1);
  await page.screenshot({ path: screenshotPath('media-demo-client-ar-phone'), fullPage: true });
});
