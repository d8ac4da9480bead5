// Taxes and invoices (issue #27): an admin sets the shop up the French way on /admin/settings/taxes — profile
// France, prices typed without tax, TVA 20 % and 5,5 % (typed "5,5"), 20 % as the default of every kind of line,
// a SIRET with a wrong check digit refused on its field, then the right one saved. A visit made afterwards has
// its line at 20 % and its total with the tax. Run in English on a desktop and in Arabic on a phone; in English a
// business customer's SIREN is checked the same way.
//
// The demo shop has no taxes (profile Other, prices with tax, no rate) and other journeys assert its totals, so
// this journey runs alone, after the others (the "exclusive" project of playwright.config.ts), and puts the shop
// back as it found it: settings restored through the API (which recomputes open visits), its rates archived.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, type Language, expect, queryDb, screenshotPath, signInAs, test, useLanguage } from './fixtures.ts';

const WRONG_SIRET = '44306184100048';
const RIGHT_SIRET = '44306184100047';
/** "20%", "20 %" or Arabic's "20‎%‎" (direction marks around the sign). */
const percent = (figure: string) => new RegExp(`${figure}[\\s\\u200e\\u200f\\u061c]*%`);

/** A tRPC call over HTTP (no transformer): a query is a GET, a mutation a POST of its input. */
async function trpc<T>(request: APIRequestContext, token: string, name: string, input?: unknown, mutation = false): Promise<T> {
  const headers = { authorization: `Bearer ${token}` };
  const response = mutation
    ? await request.post(`/backend/trpc/${name}`, { headers, data: input ?? {} })
    : await request.get(`/backend/trpc/${name}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
        headers,
      });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

interface TaxSettings {
  profile: string;
  pricesIncludeTax: boolean;
  defaultLabourTaxRateId: string | null;
  defaultPartTaxRateId: string | null;
  defaultFlatTaxRateId: string | null;
  legalIdentity: unknown;
  accountingAccounts: unknown;
}

/** A new visit of the demo client with one task of one flat line of 100.00 (its rate: the shop's default). */
async function newVisit(request: APIRequestContext, token: string, tag: string) {
  const [owner] = await queryDb<{ client: string; vehicle: string }>(
    `SELECT u.id AS client, v.id AS vehicle FROM "User" u JOIN "Vehicle" v ON v."ownerId" = u.id
      WHERE u.email = 'client@demo.garage' AND v."deletedAt" IS NULL ORDER BY v."createdAt" LIMIT 1`,
  );
  const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const response = await request.post('/backend/visits', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Taxes ${tag}`,
      customerId: owner!.client,
      vehicleId: owner!.vehicle,
      dueDate,
      tasks: [{ title: `Brakes ${tag}`, service: 'REPAIR', soldForCents: 10_000 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const visit = (await response.json()) as { id: string };
  return `/admin/users/${owner!.client}/vehicle/${owner!.vehicle}/visit/${visit.id}`;
}

/**
 * A business customer under the French profile: a new client edited in the browser, "Business customer" on,
 * a SIREN with a wrong check digit refused on its field, then the right one saved with the company's name.
 */
async function businessCustomer(page: Page, token: string, tag: string) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/backend/users', {
    headers,
    data: {
      firstName: 'Claire',
      lastName: `Fleet ${tag}`,
      username: `fleet_${tag}`,
      countryCode: '+33',
      phoneNumber: `6${String(Date.now()).slice(-8)}`,
      role: 'CLIENT',
      imageUrl: '/backend/media/0190a3c5-0000-7000-8000-00000000e2e0/file',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/admin/users/${id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByTestId('user-form');
  await form.getByTestId('customer-business').click();
  await form.getByTestId('field-billing-companyName').fill(`Fleet ${tag} SAS`);
  const siren = form.getByTestId('field-billing-identifiers-siren');
  await siren.fill('443061842');
  await form.getByTestId('user-form-submit').click();
  await expect(form.getByTestId('field-billing-identifiers-siren-error')).toBeVisible();
  await siren.fill('443 061 841');
  await form.getByTestId('user-form-submit').click();
  await expect(form).toBeHidden();
  const saved = await page.request.get(`/backend/users/${id}`, { headers });
  const body = (await saved.json()) as { billing: { companyName: string; identifiers: { siren: string } } | null };
  expect(body.billing?.companyName).toBe(`Fleet ${tag} SAS`);
  expect(body.billing?.identifiers.siren).toBe('443061841');
}

/** Picks an option of a Radix select by its visible text. */
async function choose(page: Page, triggerTestId: string, option: string | RegExp) {
  await page.getByTestId(triggerTestId).click();
  await page.getByRole('option', { name: option }).click();
}

async function addRate(page: Page, name: string, percent: string) {
  await page.getByTestId('add-tax-rate').click();
  const form = page.getByTestId('tax-rate-form');
  await form.getByTestId('tax-rate-name').fill(name);
  await form.getByTestId('tax-rate-percent-input').fill(percent);
  await form.getByTestId('tax-rate-submit').click();
  await expect(form).toBeHidden();
  return page.locator(`[data-testid="tax-rate"][data-rate-name="${name}"]`);
}

async function taxJourney(page: Page, language: Language) {
  await useLanguage(page, language);
  const { accessToken } = await signInAs(page, DEMO.admin);
  const tag = `${Date.now()}`.slice(-6);
  const before = await trpc<TaxSettings>(page.request, accessToken, 'taxSettings.get');
  const standard = `TVA ${tag}`;
  const reduced = `TVA réduite ${tag}`;
  try {
    await page.goto('/admin/settings/taxes');
    await expect(page.getByTestId('tax-settings-form')).toBeVisible();

    // France, prices typed without tax: the example says 100 + 20 % = 120.
    await choose(page, 'tax-profile', language === 'ar' ? 'فرنسا' : 'France');
    const pricesSwitch = page.getByTestId('tax-prices-include-tax');
    if ((await pricesSwitch.getAttribute('data-state')) === 'checked') await pricesSwitch.click();
    await expect(pricesSwitch).toHaveAttribute('data-state', 'unchecked');
    await expect(page.getByTestId('tax-prices-example')).toContainText('120');

    // Two rates, the second typed with a decimal comma.
    await expect(await addRate(page, standard, '20')).toContainText(percent('20'));
    await expect(await addRate(page, reduced, '5,5')).toContainText(percent('5[.,]5'));

    // 20 % is the default of labour, parts and catalogue items.
    for (const kind of ['Labour', 'Part', 'Flat']) await choose(page, `tax-default${kind}TaxRateId`, new RegExp(`^${standard} `));

    // The French identifiers; a SIRET with a wrong check digit is refused on its field.
    await page.getByTestId('field-legalIdentity-legalName').fill(`Garage ${tag} SARL`);
    const siret = page.getByTestId('field-legalIdentity-identifiers-siret');
    await siret.fill(WRONG_SIRET);
    await page.getByTestId('tax-settings-save').click();
    await expect(siret).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('field-legalIdentity-identifiers-siret-error')).toBeVisible();
    await siret.fill(RIGHT_SIRET);
    await page.getByTestId('tax-settings-save').click();
    await expect(page.getByTestId('field-legalIdentity-identifiers-siret-error')).toBeHidden();
    await page.screenshot({ path: screenshotPath(`tax-settings-${language}`), fullPage: true });
    await expect.poll(async () => (await trpc<TaxSettings>(page.request, accessToken, 'taxSettings.get')).profile).toBe('FR');
    const saved = await trpc<TaxSettings & { legalIdentity: { identifiers: { siret: string } } }>(
      page.request,
      accessToken,
      'taxSettings.get',
    );
    expect(saved.pricesIncludeTax).toBe(false);
    expect(saved.legalIdentity.identifiers.siret).toBe(RIGHT_SIRET);
    expect(saved.defaultFlatTaxRateId).not.toBeNull();

    // A visit made now: its line is at 20 %, the total adds the tax (100.00 + 20.00).
    await page.goto(await newVisit(page.request, accessToken, tag));
    await page.getByTestId('toggle-task-lines').first().click();
    const line = page.getByTestId('task-line').first();
    await expect(line.getByTestId('line-tax')).toHaveAttribute('data-basis-points', '2000');
    await expect(line.getByTestId('line-tax')).toContainText(percent('20'));
    const taxes = page.getByTestId('visit-taxes');
    await expect(taxes.getByTestId('taxes-net')).toContainText('100');
    await expect(taxes.getByTestId('taxes-rate')).toContainText('20');
    await expect(taxes.getByTestId('taxes-gross')).toContainText('120');
    await expect(page.getByTestId('visit-total')).toContainText('120');
    await page.screenshot({ path: screenshotPath(`tax-visit-${language}`), fullPage: true });
    // The line moved to 5,5 %: the visit's tax follows (100.00 + 5.50).
    await choose(page, 'line-tax-rate', new RegExp(`^${reduced} `));
    await expect(line.getByTestId('line-tax')).toHaveAttribute('data-basis-points', '550');
    await expect(taxes.getByTestId('taxes-gross')).toContainText('105.5');

    if (language === 'en') await businessCustomer(page, accessToken, tag);
  } finally {
    // The shop as it was: its settings (open visits' totals follow), the rates archived (lines keep them).
    await trpc(page.request, accessToken, 'taxSettings.update', before, true);
    const rates = await trpc<{ id: string; name: string; archivedAt: string | null }[]>(page.request, accessToken, 'taxRates.list', {
      includeArchived: true,
    });
    for (const rate of rates.filter((one) => (one.name === standard || one.name === reduced) && !one.archivedAt)) {
      await trpc(page.request, accessToken, 'taxRates.archive', { id: rate.id }, true);
    }
    expect(await trpc<TaxSettings>(page.request, accessToken, 'taxSettings.get')).toEqual(before);
  }
}

test.describe('tax settings, en desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('an admin sets up French VAT and a new visit is taxed at 20 %', async ({ page }) => {
    await taxJourney(page, 'en');
  });
});

test.describe('tax settings, ar phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  test('the same set-up in Arabic on a phone', async ({ page }) => {
    await taxJourney(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
