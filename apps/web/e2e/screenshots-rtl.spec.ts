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
      const isolated = text.includes('\u2066') || node.parentElement?.closest('bdi[dir="ltr"], [data-slot="money"], [data-slot="money-range"]');
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
