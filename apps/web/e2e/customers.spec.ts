// Customers, vehicles, oil changes and staff search in a real browser (issue "Customers, vehicles, oil
// changes, static data and staff search"): staff create a customer with a picture, add a vehicle, record an
// oil change (and see a lower reading refused on its field), then find the vehicle by its plate in search.
// In English and in Arabic (rtl); validation messages appear in the page's language.
import type { Page } from '@playwright/test';
import { DEMO, expect, screenshotPath, signInAs, test, useLanguage, type Language } from './fixtures.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

type JourneyLanguage = 'en' | 'ar';
const TEXT: Record<JourneyLanguage, { firstNameRequired: string; plateLetters: string }> = {
  en: { firstNameRequired: 'First name is required', plateLetters: 'Plate number may contain only letters and numbers' },
  ar: { firstNameRequired: 'الاسم الأول مطلوب', plateLetters: 'يجب أن يحتوي رقم اللوحة على أحرف وأرقام فقط' },
};

/** Unique per run and per language: letters and digits only, so it is also a valid plate. */
const runTag = (language: Language) => `${language}${Date.now().toString(36)}`.toUpperCase();

async function createCustomer(page: Page, language: JourneyLanguage, tag: string) {
  await page.goto('/admin/users');
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await page.getByTestId('add-user').click();
  const form = page.getByTestId('user-form');

  // The shared schema runs in the browser: nothing is sent, the messages are in the page's language.
  await page.getByTestId('user-form-submit').click();
  await expect(form.locator('#user-firstName')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(TEXT[language].firstNameRequired)).toBeVisible();

  await page.getByTestId('user-image-input').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.locator('[data-slot=image-upload] img')).toBeVisible();
  await form.locator('#user-firstName').fill('Rania');
  await form.locator('#user-lastName').fill(`Journey ${tag}`);
  await form.locator('#user-username').fill(`rania_${tag.toLowerCase()}`);
  await form.locator('#user-email').fill(`rania.${tag.toLowerCase()}@example.com`);
  await form.locator('#user-countryCode').fill('+961');
  await form.locator('#user-phoneNumber').fill(`3${String(Date.now()).slice(-7)}`);
  await form.locator('#user-age').fill('16');
  await page.getByTestId('user-form-submit').click();
  await expect(form.locator('#user-age')).toHaveAttribute('aria-invalid', 'true');
  await form.locator('#user-age').fill('34');
  await page.getByTestId('user-form-submit').click();

  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('user-name')).toHaveText(`Rania Journey ${tag}`);
}

async function addVehicle(page: Page, language: JourneyLanguage, plate: string) {
  await page.getByTestId('add-vehicle').click();
  const form = page.getByTestId('vehicle-form');
  await form.locator('#vehicle-plateNumber').fill(`${plate.slice(0, 3)}#${plate.slice(3)}`);
  await form.locator('#vehicle-brand').fill('Toyota');
  await form.locator('#vehicle-model').fill('Corolla');
  await form.locator('#vehicle-year').fill('2019');
  await form.locator('#vehicle-color').fill('White');
  await form.locator('#vehicle-engineType').fill('Hybrid');
  await page.getByTestId('vehicle-form-submit').click();
  await expect(form.locator('#vehicle-plateNumber')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(TEXT[language].plateLetters)).toBeVisible();

  // The usual separators are fine: a dash is kept as a space, and spaces are ignored when plates are compared.
  await form.locator('#vehicle-plateNumber').fill(`${plate.slice(0, 3)}-${plate.slice(3)}`);
  await page.getByTestId('vehicle-form-submit').click();
  await expect(page.getByTestId('vehicle-form')).toHaveCount(0);
  const card = page.getByTestId('vehicle-card').filter({ hasText: `${plate.slice(0, 3)} ${plate.slice(3)}` });
  await expect(card).toBeVisible();
  return card;
}

async function recordOilChange(page: Page) {
  const form = page.getByTestId('oil-form');
  await form.locator('#oil-oilName').fill('Castrol Edge');
  await form.locator('#oil-oilType').fill('5W-30');
  await form.locator('#oil-currentKm').fill('42000');
  await form.locator('#oil-nextChangeKm').fill('52000');
  await form.locator('#oil-filterChanged').click();
  await page.getByTestId('oil-form-submit').click();
  await expect(page.getByTestId('oil-status').first()).toBeVisible();
  await expect(page.getByText('Castrol Edge').first()).toBeVisible();

  // A reading below the latest one is refused by the API, on the "current km" field, in the page's language.
  await form.locator('#oil-oilName').fill('Mobil 1');
  await form.locator('#oil-oilType').fill('0W-20');
  await form.locator('#oil-currentKm').fill('41000');
  await form.locator('#oil-nextChangeKm').fill('51000');
  await page.getByTestId('oil-form-submit').click();
  await expect(form.locator('#oil-currentKm')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert').filter({ hasText: '42000' })).toBeVisible();
}

for (const language of ['en', 'ar'] as const satisfies readonly JourneyLanguage[]) {
  test(`staff create a customer, add a vehicle, record an oil change and find it by plate (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await signInAs(page, DEMO.employee);
    const tag = runTag(language);
    const plate = `${tag.slice(0, 3)}${tag.slice(-5)}`;

    await createCustomer(page, language, tag);
    const card = await addVehicle(page, language, plate);
    await card.getByRole('link', { name: language === 'ar' ? 'تغيير الزيت' : 'Oil changes' }).click();
    await expect(page).toHaveURL(/\/admin\/user\/oil\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await recordOilChange(page);

    await page.goto('/admin/search');
    await page.getByTestId('staff-search').fill(plate.toLowerCase());
    const result = page.getByTestId('search-vehicle-result').filter({ hasText: `${plate.slice(0, 3)} ${plate.slice(3)}` });
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}\/vehicle\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('oil-status')).toBeVisible();
  });
}

test('static data: add an entry, refuse a duplicate on its field, delete after confirmation', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, DEMO.admin);
  await page.goto('/admin/settings/static-data?type=BRAND');
  const name = `Brand ${Date.now().toString(36)}`;
  const add = page.getByTestId('static-data-add');
  await add.locator('#static-new-name').fill(name);
  // How it reads in French and Arabic (English left empty: the name).
  await add.getByTestId('static-label-fr').fill(`${name} fr`);
  await add.getByTestId('static-label-ar').fill('علامة');
  await add.getByRole('button', { name: 'Add' }).click();
  const list = page.getByTestId('static-data-list');
  await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(list.locator('li').filter({ hasText: name }).getByTestId('static-data-labels')).toHaveText(`FR ${name} frAR علامة`);

  await add.locator('#static-new-name').fill(name.toUpperCase());
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('This name already exists for this type')).toBeVisible();

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByTestId('confirm-delete').click();
  await expect(list.getByText(name, { exact: true })).toHaveCount(0);
});

test('a customer with history is deactivated and hidden instead of erased, and the page says so', async ({ page }) => {
  await useLanguage(page, 'en');
  const session = await signInAs(page, DEMO.admin);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const tag = runTag('en');
  // A customer whose vehicle has an oil change: that is history.
  const customer = await page.request.post('/backend/users', {
    headers,
    data: {
      firstName: 'Hana',
      lastName: `History ${tag}`,
      username: `hana_${tag.toLowerCase()}`,
      countryCode: '+33',
      phoneNumber: `6${String(Date.now()).slice(-8)}`,
      role: 'CLIENT',
      imageUrl: '/backend/media/0190a3c5-0000-7000-8000-00000000e2e0/file',
    },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const { id } = (await customer.json()) as { id: string };
  const vehicle = await page.request.post(`/backend/users/${id}/vehicles`, {
    headers,
    data: {
      type: 'CAR',
      plateNumber: `H${tag.slice(-8)}`,
      color: 'Red',
      brand: 'Fiat',
      model: 'Panda',
      year: 2015,
      engineType: 'Petrol',
      status: 'ACTIVE',
    },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(201);
  const oil = await page.request.post(`/backend/vehicles/${((await vehicle.json()) as { id: string }).id}/oil-changes`, {
    headers,
    data: { oilName: 'Total Quartz', oilType: '10W-40', currentKm: 90000, nextChangeKm: 100000 },
  });
  expect(oil.status(), await oil.text()).toBe(201);

  await page.goto(`/admin/users/${id}`);
  await expect(page.getByTestId('user-name')).toHaveText(`Hana History ${tag}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('history is kept');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText(/deactivated and hidden instead of erased/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  const after = await page.request.get(`/backend/users/${id}`, { headers });
  expect(after.status()).toBe(404);
});

// Every screen of this feature on a phone and a desktop, in English and Arabic: nothing overflows
// sideways (rtl included), and a screenshot of each is kept in test-results/screenshots for review.
for (const language of ['en', 'ar'] as const satisfies readonly JourneyLanguage[]) {
  test(`customer screens fit phone and desktop (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await useLanguage(page, language);
    const session = await signInAs(page, DEMO.employee);
    const headers = { authorization: `Bearer ${session.accessToken}` };
    const users = (await (await page.request.get('/backend/users?search=client%40demo.garage', { headers })).json()) as {
      items: { id: string }[];
    };
    const clientId = users.items[0]!.id;
    const vehicles = (await (await page.request.get(`/backend/users/${clientId}/vehicles`, { headers })).json()) as { id: string }[];
    const vehicleId = vehicles[0]!.id;
    const screens: [name: string, path: string, ready: (page: Page) => Promise<void>][] = [
      [
        'users',
        '/admin/users',
        async (p) =>
          void (await expect(
            p
              .getByTestId(/user-(row|card)/)
              .filter({ visible: true })
              .first(),
          ).toBeVisible({ timeout: 30_000 })),
      ],
      [
        'user-detail',
        `/admin/users/${clientId}`,
        async (p) => void (await expect(p.getByTestId('vehicle-card').first()).toBeVisible({ timeout: 30_000 })),
      ],
      [
        'vehicle-detail',
        `/admin/users/${clientId}/vehicle/${vehicleId}`,
        async (p) => void (await expect(p.getByTestId('open-oil')).toBeVisible({ timeout: 30_000 })),
      ],
      [
        'oil',
        `/admin/user/oil/${clientId}/${vehicleId}`,
        async (p) => void (await expect(p.getByTestId('oil-form')).toBeVisible({ timeout: 30_000 })),
      ],
      [
        'static-data',
        '/admin/settings/static-data',
        async (p) => void (await expect(p.getByTestId('static-data-list')).toBeVisible({ timeout: 30_000 })),
      ],
      [
        'search',
        '/admin/search?q=toyota',
        async (p) => void (await expect(p.getByTestId('search-vehicle-result').first()).toBeVisible({ timeout: 30_000 })),
      ],
      [
        'profile',
        '/admin/user-profile',
        async (p) => void (await expect(p.locator('#profile-firstName')).toBeVisible({ timeout: 30_000 })),
      ],
    ];
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [name, path, ready] of screens) {
        await page.goto(path);
        await ready(page);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        expect(pageErrors, name).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${width}px overflows by ${overflow}px`).toBeLessThanOrEqual(1);
        await page.screenshot({ path: screenshotPath(`customers-${name}-${language}-${width}x${height}`), fullPage: true });
      }
    }
    // The add-user form in its dialog, where the most fields meet.
    await page.goto('/admin/users');
    await page.getByTestId('add-user').click();
    await page.getByTestId('user-form-submit').click();
    await page.screenshot({ path: screenshotPath(`customers-user-form-${language}-1440x900`) });
  });
}
