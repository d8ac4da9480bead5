// Inspection templates in a real browser (issue #29): the seeded standard templates are listed; staff build
// a template with a condition check and a measurement whose thresholds paint the live colour preview, are
// stopped at the item by the shared rules before sending, save, reopen it and change an item; once an
// inspection was started from it, it is archived (kept), shown behind "Show archived" and restored. In
// English on a desktop and in Arabic (right-to-left) on a phone, where nothing may scroll sideways.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, DEMO, expect, signInAs, test, useLanguage } from './fixtures.ts';

const TEXT = {
  en: {
    standard: 'Full multi-point inspection',
    name: 'Tyre check',
    section: 'Tyres',
    check: 'Wipers',
    measurement: 'Front left tread',
    preview: 'below 2 mm: red, below 4 mm: amber, else green',
    previewChanged: 'below 2 mm: red, below 5 mm: amber, else green',
    thresholdOrder: 'The red threshold must be beyond the amber one',
  },
  ar: {
    standard: 'فحص شامل متعدد النقاط',
    name: 'فحص الإطارات',
    section: 'الإطارات',
    check: 'المساحات',
    measurement: 'مداس الإطار الأمامي الأيسر',
    preview: 'أقل من 2 مم: أحمر، أقل من 4 مم: برتقالي، وإلا أخضر',
    previewChanged: 'أقل من 2 مم: أحمر، أقل من 5 مم: برتقالي، وإلا أخضر',
    thresholdOrder: null,
  },
} as const;

/** A field of an item or a section, whose test id ends with the field's name (the start is the row's own id). */
const field = (scope: Locator, suffix: string) => scope.locator(`[data-testid$="-${suffix}"]`).first();
const cardOf = (page: Page, name: string) =>
  page.getByTestId('template-card').filter({ has: page.getByTestId('template-name').getByText(name, { exact: true }) });
/** The preview's text, without the bidi isolates that keep each reading in its written order. */
const previewText = async (item: Locator) => ((await field(item, 'preview-text').textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A visit of the demo customer to start an inspection from the template (which is then "used"). Through its
 * own request context: signing in there must not change who the page is signed in as.
 */
async function startInspectionFrom(request: APIRequestContext, templateId: string, stamp: string) {
  const staff = await apiLogin(request, DEMO.employee);
  const client = await apiLogin(request, DEMO.client);
  const headers = { authorization: `Bearer ${staff.accessToken}` };
  const vehicles = await request.get('/backend/my/vehicles', { headers: { authorization: `Bearer ${client.accessToken}` } });
  const vehicle = ((await vehicles.json()) as { id: string }[])[0]!;
  const visit = await request.post('/backend/visits', {
    headers,
    data: {
      name: `Template journey ${stamp}`,
      customerId: client.user.id,
      vehicleId: vehicle.id,
      dueDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      tasks: [{ title: 'Inspection', service: 'MAINTENANCE', soldForCents: 5_000 }],
    },
  });
  expect(visit.status(), await visit.text()).toBe(201);
  const { id } = (await visit.json()) as { id: string };
  const started = await request.post(`/backend/visits/${id}/inspections`, { headers, data: { templateId } });
  expect(started.status(), await started.text()).toBe(201);
}

const JOURNEYS = [
  { language: 'en', viewport: { width: 1280, height: 900 } },
  { language: 'ar', viewport: { width: 375, height: 812 } },
] as const;

for (const { language, viewport } of JOURNEYS) {
  test(`staff build, change, archive and restore an inspection template (${language}, ${viewport.width}px)`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const text = TEXT[language];
    const stamp = `${Date.now()}`.slice(-6);
    const name = `${text.name} ${stamp}`;
    await page.setViewportSize(viewport);
    await useLanguage(page, language);
    await signInAs(page, DEMO.employee);

    // The standard templates seeded with the demo are there, with their item counts.
    await page.goto('/admin/inspection-templates');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(cardOf(page, text.standard)).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page);

    // A new template opens with one section and its first item (a condition check) unfolded.
    await page.getByTestId('new-template').click();
    await page.getByTestId(`template-name-${language}`).fill(name);
    const section = page.getByTestId('template-section').first();
    await field(section, `${language}`).fill(text.section);
    const check = section.getByTestId('template-item').nth(0);
    await field(check, `label-${language}`).fill(text.check);

    // A measurement: tread in mm, lower is worse; the preview follows the thresholds as they are typed.
    await section.getByTestId('add-measurement').click();
    const measurement = section.getByTestId('template-item').nth(1);
    await field(measurement, `label-${language}`).fill(text.measurement);
    await field(measurement, 'minValue').fill('0');
    await field(measurement, 'maxValue').fill('20');
    await field(measurement, 'amberAt').fill('4');
    // Red above amber when lower is worse: refused at the item before anything is sent.
    await field(measurement, 'redAt').fill('5');
    await page.getByTestId('save-template').click();
    await expect(field(measurement, 'redAt')).toHaveAttribute('aria-invalid', 'true');
    if (text.thresholdOrder) await expect(measurement.getByRole('alert').first()).toContainText(text.thresholdOrder);
    await expect(page).toHaveURL(/\/admin\/inspection-templates\/new$/);
    await field(measurement, 'redAt').fill('2');
    await expect.poll(() => previewText(measurement)).toBe(text.preview);
    await expectNoSidewaysScroll(page);

    await page.getByTestId('save-template').click();
    await expect(page).toHaveURL(/\/admin\/inspection-templates\/[0-9a-f-]{36}$/);
    const templateId = page.url().split('/').at(-1)!;

    // Reopened, the items come back in order, folded, with their values.
    await page.reload();
    const items = page.getByTestId('template-item');
    await expect(items.getByTestId('item-label')).toHaveText([text.check, text.measurement]);
    await items.nth(1).getByTestId('item-toggle').click();
    const reopened = page.getByTestId('template-item').nth(1);
    await expect(field(reopened, 'amberAt')).toHaveValue('4');
    await expect(field(reopened, 'redAt')).toHaveValue('2');

    // One item changed, and moved above the other with its arrow (the keyboard and phone way to reorder).
    await field(reopened, 'amberAt').fill('5');
    await expect.poll(() => previewText(reopened)).toBe(text.previewChanged);
    await reopened.getByTestId('item-up').filter({ visible: true }).click();
    await expect(items.getByTestId('item-label')).toHaveText([text.measurement, text.check]);
    await page.getByTestId('save-template').click();
    await expect(page.getByTestId('template-item').first().getByTestId('item-toggle')).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(items.getByTestId('item-label')).toHaveText([text.measurement, text.check]);
    await items.nth(0).getByTestId('item-toggle').click();
    await expect(field(page.getByTestId('template-item').nth(0), 'amberAt')).toHaveValue('5');

    // Used once, the template is archived rather than erased: gone from the list, back behind the switch.
    await startInspectionFrom(request, templateId, stamp);
    await page.goto('/admin/inspection-templates');
    const card = cardOf(page, name);
    await expect(card).toBeVisible();
    await card.getByTestId('template-actions').click();
    await page.getByTestId('archive-template').click();
    await page.getByTestId('confirm-delete').click();
    await expect(card).toHaveCount(0);
    await page.getByTestId('show-archived').click();
    await expect(card.getByTestId('archived-badge')).toBeVisible();
    await card.getByTestId('template-actions').click();
    await page.getByTestId('restore-template').click();
    await expect(card.getByTestId('archived-badge')).toHaveCount(0);
    await page.getByTestId('show-archived').click();
    await expect(card).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}
