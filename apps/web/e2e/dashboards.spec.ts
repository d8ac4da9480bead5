// The staff main panel and the client dashboard with the demo data, in English and Arabic, on a phone and a
// desktop: KPI cards and charts show figures, a KPI leads to the filtered list behind it, the period is kept
// in the URL, the client sees their own vehicles. Screenshots go to test-results/screenshots/dashboard-*.
import type { Page } from '@playwright/test';
import { DEMO, expect, queryDb, screenshotPath, signInAs, test, useLanguage } from './fixtures.ts';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

for (const language of ['en', 'ar'] as const) {
  for (const size of SIZES) {
    const tag = `${language}-${size.name}`;

    test(`main panel in ${language} on ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await useLanguage(page, language);
      await signInAs(page, DEMO.admin);

      await page.goto('/admin/dashboard');
      await expect(page).toHaveURL(/\/admin\/dashboard\/main-panel$/);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      for (const kpi of [
        'revenue',
        'visitsOpened',
        'visitsCompleted',
        'averageRepairOrder',
        'carCount',
        'outstanding',
        'newCustomers',
        'averageRating',
      ]) {
        await expect(page.getByTestId(`kpi-${kpi}`)).toBeVisible();
      }
      // The demo visits of the last weeks: money came in and visits were opened.
      await expect(page.getByTestId('kpi-visitsOpened-value')).not.toHaveText(/^[0٠]$/);
      await expect(page.getByTestId('kpi-revenue-value')).toHaveText(/[1-9١-٩]/);
      await expect(page.getByTestId('kpi-revenue-change')).toHaveAttribute('data-direction', /up|down|flat|new|none/);
      for (const chart of ['revenue', 'visits', 'services', 'methods']) {
        await expect(page.getByTestId(`chart-${chart}`).locator('svg.recharts-surface').first()).toBeVisible();
      }
      await expect(page.getByTestId('chart-revenue').locator('.recharts-area-area')).toBeVisible();
      await expect(page.getByTestId('oil-due').getByRole('link').first()).toBeVisible();
      await noHorizontalOverflow(page);
      await page.screenshot({ path: screenshotPath(`dashboard-main-panel-${tag}`), fullPage: true });

      // The period lives in the URL and the figures follow it.
      await page.getByTestId('period-today').click();
      await expect(page).toHaveURL(/period=today/);
      await expect(page.getByTestId('kpi-visitsOpened')).toHaveAttribute('href', '/admin/visits?date=today');

      // A figure leads to the filtered list behind it.
      const [overdue] = await queryDb<{ n: number }>(
        `SELECT count(*)::int AS n FROM "Visit" WHERE status IN ('PENDING', 'IN_PROGRESS') AND "dueDate" < (now() AT TIME ZONE 'UTC')::date`,
      );
      await expect(page.getByTestId('now-overdue-value')).toHaveText(new Intl.NumberFormat(language).format(overdue!.n));
      await page.getByTestId('now-overdue').click();
      await expect(page).toHaveURL(/\/admin\/visits\?filter=overdue/);
      await expect(page.getByTestId('filter-overdue')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('visit-item').first()).toBeVisible();
    });

    test(`client dashboard in ${language} on ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await useLanguage(page, language);
      const session = await signInAs(page, DEMO.client);
      const plates = await queryDb<{ plateNumber: string }>(
        `SELECT "plateNumber" FROM "Vehicle" WHERE "ownerId" = $1 AND "deletedAt" IS NULL`,
        [session.user.id],
      );
      expect(plates.length).toBeGreaterThan(0);

      await page.goto('/client/dashboard');
      await expect(page.getByTestId('client-vehicle')).toHaveCount(plates.length);
      for (const { plateNumber } of plates) await expect(page.getByTestId('client-vehicles')).toContainText(plateNumber);
      await expect(page.getByTestId('client-summary-balance-value')).toBeVisible();
      // The demo client's first vehicle is near its next oil change.
      await expect(page.locator('[data-testid=client-vehicle-oil][data-state=soon]').first()).toBeVisible();
      await expect(page.getByTestId('client-recent-visit').first()).toBeVisible();
      await noHorizontalOverflow(page);
      await page.screenshot({ path: screenshotPath(`dashboard-client-${tag}`), fullPage: true });

      const visitLink = page.getByTestId('client-recent-visit').first().getByRole('link').first();
      const href = await visitLink.getAttribute('href');
      expect(href).toMatch(/^\/client\/overview\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    });
  }
}

test('the main panel shows its error state when the figures cannot be loaded, and recovers', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  let fail = true;
  await page.route(/\/backend\/trpc\/.*dashboard\.kpis/, (route) => (fail ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
  await page.goto('/admin/dashboard/main-panel');
  await expect(page.getByTestId('main-panel-error')).toBeVisible({ timeout: 20_000 });
  fail = false;
  await page.getByTestId('main-panel-error').getByRole('button').click();
  await expect(page.getByTestId('kpi-revenue')).toBeVisible();
});
