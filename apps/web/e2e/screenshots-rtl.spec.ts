// Screenshots of the everyday screens in Arabic (right to left) on a phone and a desktop, for review of
// mixed-direction text (issue 15): plates, phones, dates, kilometres and prices keep their order. Saved in
// test-results/screenshots/. Also checks the islands are there: every plate and money amount on these
// screens sits in a left-to-right isolate.
import type { Page } from '@playwright/test';
import { DEMO, expect, queryDb, screenshotPath, signInAs, test, useLanguage, waitForBranding } from './fixtures.ts';

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

async function shot(page: Page, name: string) {
  await waitForBranding(page);
  await expect(page.getByTestId('route-progress')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 30_000 });
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/** Every element showing a money amount is (inside) a left-to-right isolate. */
async function expectMoneyIsolated(page: Page) {
  const loose = await page.locator('main').evaluate((main) => {
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      // "$95", "95 US$" (Arabic), "95 €"; chart axes (SVG) hold one value each and are left out.
      if (!/(\$|€)\s?\d|\d[\s\u00a0\u200f]?(US)?(\$|€)/.test(text) || node.parentElement?.closest('svg')) continue;
      const isolated =
        text.includes('\u2066') || node.parentElement?.closest('bdi[dir="ltr"], [data-slot="money"], [data-slot="money-range"]');
      if (!isolated) found.push(text);
    }
    return found;
  });
  expect(loose).toEqual([]);
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`everyday screens in Arabic on a ${device}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await useLanguage(page, 'ar');
    const [ids] = await queryDb<{ client: string; vehicle: string; visit: string }>(
      `SELECT u.id AS client, v.id AS vehicle, vi.id AS visit FROM "User" u JOIN "Vehicle" v ON v."ownerId" = u.id
         JOIN "Visit" vi ON vi."vehicleId" = v.id WHERE u.email = 'client@demo.garage' AND v."deletedAt" IS NULL
        ORDER BY vi."visitDate" DESC LIMIT 1`,
    );
    const admin = await signInAs(page, DEMO.admin);
    // The visits in the "list" view (its meta line: customer · plate · date).
    await page.addInitScript((key) => localStorage.setItem(key, 'list'), `garage:visits-view:${admin.user.id as string}`);
    await page.goto('/admin/visits');
    await expect(page.getByTestId('visit-list')).toBeVisible({ timeout: 30_000 });
    await shot(page, `rtl-visits-list-${device}-ar`);
    const meta = page.getByTestId('visit-item').first().locator('[data-slot="ltr"]');
    await expect(meta).toHaveCount(1);
    await expectMoneyIsolated(page);

    for (const [name, path] of [
      ['customer', `/admin/users/${ids!.client}`],
      ['vehicle', `/admin/users/${ids!.client}/vehicle/${ids!.vehicle}`],
      ['visit', `/admin/users/${ids!.client}/vehicle/${ids!.vehicle}/visit/${ids!.visit}`],
      ['payments', '/admin/payments'],
      ['dashboard', '/admin/dashboard/main-panel'],
    ] as const) {
      await page.goto(path);
      await shot(page, `rtl-${name}-${device}-ar`);
      await expectMoneyIsolated(page);
    }

    await signInAs(page, DEMO.client);
    for (const [name, path] of [
      ['client-dashboard', '/client/dashboard'],
      ['client-vehicle', `/client/overview/${ids!.vehicle}`],
      ['client-visit', `/client/overview/${ids!.vehicle}/${ids!.visit}`],
    ] as const) {
      await page.goto(path);
      await shot(page, `rtl-${name}-${device}-ar`);
      await expectMoneyIsolated(page);
    }

    await page.goto('/');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`rtl-home-${device}-ar`), fullPage: true });
  });
}

/**
 * Every text with a digit in these elements is a field of its own: inside an isolate (<bdi>, an element
 * with dir, an option of a list), or carrying isolates or right-to-left marks itself (amounts, Arabic dates).
 * A date or number loose in a line with other fields can trade places with them in right-to-left text.
 */
async function expectDigitsIsolated(page: Page, selector: string) {
  const loose = await page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (!/[0-9\u0660-\u0669]/.test(text)) continue;
        const island = node.parentElement?.closest('bdi, [dir], option');
        const isolated = /[\u2066-\u2069\u200e\u200f\u061c]/.test(text) || (island && element.contains(island));
        if (!isolated) found.push(text);
      }
      return found;
    }),
  );
  expect(loose).toEqual([]);
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`invoices and appointments in Arabic on a ${device}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await useLanguage(page, 'ar');
    // A visit of the demo client with an invoice (the seed issues one for every finished visit).
    const [ids] = await queryDb<{ client: string; vehicle: string; visit: string }>(
      `SELECT u.id AS client, v.id AS vehicle, vi.id AS visit FROM "User" u JOIN "Vehicle" v ON v."ownerId" = u.id
         JOIN "Visit" vi ON vi."vehicleId" = v.id JOIN "Invoice" i ON i."visitId" = vi.id
        WHERE u.email = 'client@demo.garage' AND v."deletedAt" IS NULL ORDER BY i."issuedAt" DESC LIMIT 1`,
    );
    await signInAs(page, DEMO.admin);
    await page.goto(`/admin/users/${ids!.client}/vehicle/${ids!.vehicle}/visit/${ids!.visit}`);
    await expect(page.getByTestId('invoice-row').first()).toBeVisible({ timeout: 30_000 });
    await shot(page, `rtl-visit-invoices-${device}-ar`);
    await expectDigitsIsolated(page, '[data-testid="invoice-row"], [data-testid="payment-row"]');
    await expectMoneyIsolated(page);

    await page.goto('/admin/appointments');
    await expect(page.getByTestId('appointments-week')).toBeVisible({ timeout: 30_000 });
    await shot(page, `rtl-appointments-${device}-ar`);
    await expectDigitsIsolated(page, '[data-testid="appointment-card"], [data-testid="appointments-day"]');
    // The shop's opening hours ("08:00-18:00") keep their order inside the Arabic text.
    await expect(page.getByTestId('appointments-working-hours')).toContainText('\u206608:00-18:00\u2069');

    await signInAs(page, DEMO.client);
    await page.goto(`/client/overview/${ids!.vehicle}/${ids!.visit}`);
    await expect(page.getByTestId('my-invoice')).toBeVisible({ timeout: 30_000 });
    await shot(page, `rtl-client-visit-invoice-${device}-ar`);
    await expectDigitsIsolated(page, '[data-testid="my-invoice"]');
    await expectMoneyIsolated(page);

    await page.goto('/client/dashboard');
    await expect(page.getByTestId('my-appointments')).toBeVisible({ timeout: 30_000 });
    await shot(page, `rtl-client-appointments-${device}-ar`);
    await expectDigitsIsolated(page, '[data-testid="my-appointments"]');

    await page.goto(`/client/overview/${ids!.vehicle}`);
    await page.getByTestId('book-for-vehicle').click();
    await expect(page.getByTestId('my-booking-form')).toBeVisible();
    await page.screenshot({ path: screenshotPath(`rtl-client-booking-${device}-ar`), fullPage: true });
    await expectDigitsIsolated(page, '[data-testid="my-booking-form"]');
  });
}
