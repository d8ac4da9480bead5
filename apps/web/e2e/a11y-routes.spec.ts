// axe on every route of SPEC §2 (public, staff, client), in English and Arabic (right-to-left), failing on
// serious and critical WCAG 2.x A/AA violations; a few pages again in dark mode. One page load per route
// and language; the routes are batched in a few tests (each signs in once) and every violation of a batch
// is reported together, so one run lists everything to fix.
import type { Page } from '@playwright/test';
import { axeFindings, type Finding } from './axe.ts';
import { DEMO, expect, queryDb, signInAs, test, useLanguage } from './fixtures.ts';

// The batches are independent: two workers share them.
test.describe.configure({ mode: 'parallel' });

interface DemoIds {
  client: string;
  vehicle: string;
  visit: string;
  task: string;
  category: string;
  purchaseOrder: string;
  part: string;
  inspectionTemplate: string;
  inspection: string;
}

/** The demo client's first vehicle with a visit that has tasks, and a catalogue category: real ids for the detail routes. */
async function demoIds(): Promise<DemoIds> {
  const [row] = await queryDb<{ client: string; vehicle: string; visit: string; task: string }>(
    `SELECT u.id AS client, v.id AS vehicle, vi.id AS visit, t.id AS task
       FROM "User" u JOIN "Vehicle" v ON v."ownerId" = u.id JOIN "Visit" vi ON vi."vehicleId" = v.id JOIN "Task" t ON t."visitId" = vi.id
      WHERE u.email = 'client@demo.garage' AND v."deletedAt" IS NULL
      ORDER BY vi."visitDate" DESC, t."createdAt" LIMIT 1`,
  );
  const [category] = await queryDb<{ id: string }>(`SELECT id FROM "OfferingCategory" ORDER BY "sortOrder" LIMIT 1`);
  // A demo order that is not a draft shows its lines table (a draft shows the editor, checked by the "new" route).
  const [purchaseOrder] = await queryDb<{ id: string }>(
    `SELECT id FROM "PurchaseOrder" ORDER BY (status = 'DRAFT'), "createdAt" DESC LIMIT 1`,
  );
  // The demo oil filter has stock movements: its page shows the figures and the ledger.
  const [part] = await queryDb<{ id: string }>(`SELECT id FROM "Part" ORDER BY ("partNumber" <> 'OF-1001'), "createdAt" LIMIT 1`);
  // A seeded standard template (issue #29): its editor shows sections, items and a measurement's colours.
  const [inspectionTemplate] = await queryDb<{ id: string }>(
    `SELECT id FROM "InspectionTemplate" WHERE "archivedAt" IS NULL ORDER BY "sortOrder", "createdAt" LIMIT 1`,
  );
  // A demo inspection (issue #29): the technician's screen with sections, results and photos.
  const [inspection] = await queryDb<{ id: string }>(
    `SELECT id FROM "Inspection" ORDER BY (status = 'IN_PROGRESS') DESC, "createdAt" LIMIT 1`,
  );
  return {
    ...row!,
    category: category!.id,
    purchaseOrder: purchaseOrder?.id ?? 'no-demo-order',
    part: part?.id ?? 'no-demo-part',
    inspectionTemplate: inspectionTemplate?.id ?? 'no-demo-template',
    inspection: inspection?.id ?? 'no-demo-inspection',
  };
}

const PUBLIC_ROUTES = [
  '/',
  '/all-services',
  '/privacy-policy',
  '/terms-of-service',
  '/login',
  '/not-authorized',
  '/missing-page',
  '/approve/not-a-real-token',
  '/unsubscribe/not-a-real-token',
];

const STAFF_ROUTES = (ids: DemoIds) => [
  '/admin/todo',
  '/admin/visits',
  '/admin/payments',
  '/admin/search?q=Benali',
  '/admin/user-profile',
  '/admin/users',
  `/admin/users/${ids.client}`,
  `/admin/users/${ids.client}/vehicle/${ids.vehicle}`,
  `/admin/user/oil/${ids.client}/${ids.vehicle}`,
  `/admin/users/${ids.client}/vehicle/${ids.vehicle}/visit/${ids.visit}`,
  `/admin/users/${ids.client}/vehicle/${ids.vehicle}/visit/${ids.visit}/task/${ids.task}`,
  '/admin/messages',
  '/admin/messages/rate',
  '/admin/dashboard/main-panel',
  '/admin/dashboard/real-time',
  '/admin/settings/offering',
  `/admin/settings/offering/${ids.category}`,
  '/admin/settings/merchant-info',
  '/admin/settings/taxes',
  '/admin/accounting',
  '/admin/settings/static-data',
  '/admin/settings/data',
  `/admin/media/${ids.client}`,
  `/admin/media/${ids.client}/${ids.vehicle}`,
  `/admin/media/${ids.client}/${ids.vehicle}/${ids.visit}`,
  // Screens added after SPEC §2 (add a route here when you add one to router.tsx).
  '/admin/reminders',
  '/admin/appointments',
  '/admin/dashboard/reports',
  '/admin/purchase-orders',
  '/admin/purchase-orders/new',
  `/admin/purchase-orders/${ids.purchaseOrder}`,
  '/admin/parts',
  '/admin/parts/settings',
  `/admin/parts/${ids.part}`,
  '/admin/suppliers',
  '/admin/inspection-templates',
  '/admin/inspection-templates/new',
  `/admin/inspection-templates/${ids.inspectionTemplate}`,
  '/admin/inspections',
  `/admin/inspections/${ids.inspection}`,
];

const CLIENT_ROUTES = (ids: DemoIds) => [
  '/client/dashboard',
  '/client/profile',
  '/client/overview',
  `/client/overview/${ids.vehicle}`,
  `/client/overview/oil/${ids.vehicle}`,
  `/client/overview/${ids.vehicle}/${ids.visit}`,
  `/client/overview/${ids.vehicle}/${ids.visit}/${ids.task}`,
  '/client/get-in-touch',
  `/client/media/${ids.client}`,
  `/client/media/${ids.client}/${ids.vehicle}`,
  `/client/media/${ids.client}/${ids.vehicle}/${ids.visit}`,
];

/** Waits until the page has drawn its content: branding applied, no progress bar, no skeleton left. */
async function settle(page: Page) {
  await expect(page.getByTestId('theme-loader')).toHaveAttribute('data-visible', 'false', { timeout: 45_000 });
  await expect(page.getByTestId('route-progress')).toHaveCount(0, { timeout: 45_000 });
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 45_000 });
  // Lazily loaded parts of the home page (contact form, map) come in when scrolled near.
  if (new URL(page.url()).pathname === '/') {
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('contact-form')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
  }
}

async function sweep(page: Page, routes: string[], language: string) {
  // About 2 s a page on an idle machine; ten times that when the machine is shared.
  test.setTimeout(Math.max(test.info().timeout, routes.length * 45_000));
  const findings: Finding[] = [];
  for (const route of routes) {
    await test.step(route, async () => {
      await page.goto(route);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      findings.push(...(await axeFindings(page, route)));
    });
  }
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
}

async function useDarkMode(page: Page) {
  await page.addInitScript(() => localStorage.setItem('isDarkMode', 'true'));
}

for (const language of ['en', 'ar'] as const) {
  test.describe(`axe on every route in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test('public routes', async ({ page }) => {
      test.setTimeout(120_000);
      await sweep(page, PUBLIC_ROUTES, language);
    });

    // Two halves of the staff area (about a dozen pages each), so each fits its time on a busy machine.
    for (const [half, pick] of [
      ['first', (index: number) => index < 12],
      ['second', (index: number) => index >= 12],
    ] as const) {
      test(`staff routes, ${half} half`, async ({ page }) => {
        test.setTimeout(300_000);
        const ids = await demoIds();
        await signInAs(page, DEMO.admin);
        await sweep(
          page,
          STAFF_ROUTES(ids).filter((_, index) => pick(index)),
          language,
        );
      });
    }

    test('client routes', async ({ page }) => {
      test.setTimeout(300_000);
      const ids = await demoIds();
      await signInAs(page, DEMO.client);
      await sweep(page, CLIENT_ROUTES(ids), language);
    });

    test('dark mode: a few pages', async ({ page }) => {
      test.setTimeout(120_000);
      const ids = await demoIds();
      await useDarkMode(page);
      await sweep(page, ['/', '/login'], language);
      await signInAs(page, DEMO.admin);
      await sweep(
        page,
        [
          '/admin/visits',
          `/admin/users/${ids.client}/vehicle/${ids.vehicle}/visit/${ids.visit}`,
          '/admin/dashboard/main-panel',
          '/admin/todo',
        ],
        language,
      );
    });
  });
}
