// A vehicle created from its VIN (issue #28): staff type the VIN as fast as a scanner or a quick typist would,
// the form shows what the VIN says, staff confirm ("Fill the form"), save, and the vehicle page shows the VIN
// with make, model and year; the staff search then finds the vehicle by the VIN's last 6 characters.
// In English on a desktop with a North American VIN (full decode), and in Arabic on a phone with a European
// VIN (maker, country and year only, which the form says in so many words).
import type { Page } from '@playwright/test';
import { DEMO, expect, screenshotPath, signInAs, test, useLanguage } from './fixtures.ts';

/** ISO 3779's check digit (packages/shared vin.ts has the same; a journey imports no app code). */
function expectedCheckDigit(vin: string): string {
  const values: Record<string, number> = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9 };
  Object.assign(values, { S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 });
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin].reduce((total, char, index) => total + (/\d/.test(char) ? Number(char) : (values[char] ?? 0)) * weights[index]!, 0);
  return sum % 11 === 10 ? 'X' : String(sum % 11);
}

/**
 * A VIN of a real model (its first 11 characters) with a serial of this run; a North American one gets the right
 * check digit, a European one keeps the maker's own character at position 9 (Volkswagen's Z).
 */
function vinOf(prefix11: string): string {
  const serial = String(Date.now() % 1_000_000).padStart(6, '0');
  const vin = `${prefix11}${serial}`;
  return /^[1-5]/.test(vin) ? `${vin.slice(0, 8)}${expectedCheckDigit(vin)}${vin.slice(9)}` : vin;
}

async function newCustomerPage(page: Page, headers: Record<string, string>, tag: string) {
  const customer = await page.request.post('/backend/users', {
    headers,
    data: {
      firstName: 'Vin',
      lastName: `Journey ${tag}`,
      username: `vin_${tag.toLowerCase()}`,
      countryCode: '+33',
      phoneNumber: `6${String(Date.now()).slice(-8)}`,
      role: 'CLIENT',
      // A customer needs a picture (SPEC); the e2e server stores this one (customers.spec.ts uses it too).
      imageUrl: '/backend/media/0190a3c5-0000-7000-8000-00000000e2e0/file',
    },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const { id } = (await customer.json()) as { id: string };
  await page.goto(`/admin/users/${id}`);
  return id;
}

const TEXT = {
  en: { fill: 'Fill the form', makerOnly: "This VIN's maker, country and year are known; vPIC data covers North American models only" },
  ar: { fill: 'ملء النموذج', makerOnly: 'الصانع والبلد والسنة معروفة لرقم الهيكل هذا؛ بيانات vPIC تغطي طرازات أمريكا الشمالية فقط' },
};

test('en desktop: a VIN typed fast fills the form once confirmed; the vehicle page shows it; search finds its last 6', async ({ page }) => {
  await useLanguage(page, 'en');
  const session = await signInAs(page, DEMO.employee);
  const tag = `E${Date.now().toString(36)}`.toUpperCase();
  await newCustomerPage(page, { authorization: `Bearer ${session.accessToken}` }, tag);
  // Honda Accord EX-V6 coupe 2003, made in the USA (its first 11 characters are a real car's).
  const vin = vinOf('1HGCM82633A');
  const plate = `V${tag.slice(-7)}`;

  await page.getByTestId('add-vehicle').click();
  const form = page.getByTestId('vehicle-form');
  await form.getByTestId('vehicle-vin').click();
  await page.keyboard.type(vin);
  const summary = form.getByTestId('vin-summary');
  await expect(summary).toBeVisible({ timeout: 20_000 });
  await expect(summary.getByTestId('vin-summary-vehicle')).toHaveText('Honda Accord · 2003');
  await expect(summary).toContainText('United States');
  await expect(form.getByTestId('vin-check-digit-warning')).toHaveCount(0);
  // Nothing changed before the confirmation.
  await expect(form.locator('#vehicle-brand')).toHaveValue('');

  await summary.getByRole('button', { name: TEXT.en.fill }).click();
  await expect(form.locator('#vehicle-brand')).toHaveValue('Honda');
  await expect(form.locator('#vehicle-model')).toHaveValue('Accord');
  await expect(form.locator('#vehicle-year')).toHaveValue('2003');
  await expect(form.locator('#vehicle-trim')).toHaveValue('EX-V6');
  await expect(form.locator('#vehicle-engineType')).toHaveValue(/Gasoline/);

  await form.locator('#vehicle-plateNumber').fill(plate);
  await form.locator('#vehicle-color').fill('Silver');
  await page.getByTestId('vehicle-form-submit').click();
  await expect(page.getByTestId('vehicle-form')).toHaveCount(0);

  const card = page.getByTestId('vehicle-card').filter({ hasText: plate });
  await expect(card.getByTestId('vehicle-card-vin')).toContainText(vin);
  await card.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}\/vehicle\/[0-9a-f-]{36}$/);
  for (const text of [vin, 'Honda', 'Accord', '2003']) await expect(page.getByRole('main')).toContainText(text);

  await page.goto('/admin/search');
  await page.getByTestId('staff-search').fill(vin.slice(-6));
  await expect(page.getByTestId('search-vehicle-result').filter({ hasText: plate })).toBeVisible();
});

test('ar phone: a European VIN shows its maker and says vPIC covers North American models only', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await useLanguage(page, 'ar');
  const session = await signInAs(page, DEMO.employee);
  const tag = `A${Date.now().toString(36)}`.toUpperCase();
  await newCustomerPage(page, { authorization: `Bearer ${session.accessToken}` }, tag);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // A Volkswagen Golf made in Germany for Europe: vPIC knows the maker, not the model.
  const vin = vinOf('WVWZZZ1KZAW');
  const plate = `W${tag.slice(-7)}`;

  await page.getByTestId('add-vehicle').click();
  const form = page.getByTestId('vehicle-form');
  const vinInput = form.getByTestId('vehicle-vin');
  // The VIN stays left to right inside the Arabic page.
  await expect(vinInput).toHaveAttribute('dir', 'ltr');
  await vinInput.click();
  await page.keyboard.type(vin.toLowerCase());
  const summary = form.getByTestId('vin-summary');
  await expect(summary).toBeVisible({ timeout: 20_000 });
  await expect(summary.getByTestId('vin-maker-only')).toHaveText(TEXT.ar.makerOnly);
  await expect(summary.getByTestId('vin-summary-vehicle')).toContainText('Volkswagen');
  await expect(summary.getByTestId('vin-summary-vehicle')).toContainText('2010');
  // Nothing sticks out of a phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await form.screenshot({ path: screenshotPath('vehicle-vin-ar-phone') });

  await summary.getByRole('button', { name: TEXT.ar.fill }).click();
  await expect(form.locator('#vehicle-brand')).toHaveValue('Volkswagen');
  await expect(form.locator('#vehicle-year')).toHaveValue('2010');
  await expect(form.locator('#vehicle-model')).toHaveValue('');
  await form.locator('#vehicle-model').fill('Golf');
  await form.locator('#vehicle-engineType').fill('Diesel');
  await form.locator('#vehicle-plateNumber').fill(plate);
  await form.locator('#vehicle-color').fill('Blue');
  await page.getByTestId('vehicle-form-submit').click();
  await expect(page.getByTestId('vehicle-form')).toHaveCount(0);
  // Saved normalised (upper case), shown on the card.
  await expect(page.getByTestId('vehicle-card').filter({ hasText: plate }).getByTestId('vehicle-card-vin')).toContainText(vin);
});
