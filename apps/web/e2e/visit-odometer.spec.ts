// Mileage on every visit and distance units (issue #28), in a real browser: a visit of a vehicle that counts in
// miles takes its odometer in miles (the label says so), stores km and shows the reading back in miles on the
// visit page, in English on a desktop and in Arabic on a phone. The admin's reminders page shows the statutory
// inspection rule of the shop.
import { randomUUID } from 'node:crypto';
import { DEMO, expect, queryDb, signInAs, test, useLanguage } from './fixtures.ts';

/** A vehicle in miles of its own for the demo customer Omar Benali (no other journey sees it). */
async function milesVehicle(): Promise<string> {
  const plate = `MI${randomUUID().slice(0, 6)}`.toUpperCase();
  await queryDb(
    `INSERT INTO "Vehicle" (id, "ownerId", type, "plateNumber", "plateNormalized", color, brand, model, year, "engineType",
       "distanceUnit", "latestKm", "lastKmUpdate", "updatedAt")
     SELECT gen_random_uuid(), u.id, 'CAR', $1, $1, 'Grey', 'Ford', 'Focus', 2019, 'Petrol', 'MI', 16093, now(), now()
     FROM "User" u WHERE u."firstName" = 'Omar' AND u."lastName" = 'Benali' LIMIT 1`,
    [plate],
  );
  return plate;
}

for (const [language, width] of [
  ['en', 1280],
  ['ar', 390],
] as const) {
  test(`a visit of a miles vehicle takes and shows its odometer in miles (${language}, ${width}px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await useLanguage(page, language);
    await signInAs(page, DEMO.admin);
    const plate = await milesVehicle();

    await page.goto('/admin/visits');
    await page.getByTestId('open-add-visit').click();
    const form = page.getByTestId('add-visit-form');
    await page.getByTestId('customer-search').fill('Benali');
    await page.getByTestId('customer-option').filter({ hasText: 'Omar Benali' }).click();
    await page.getByTestId('visit-vehicle').click();
    await page.getByRole('option').filter({ hasText: plate }).click();
    // The unit of the chosen vehicle, as the language writes it, and its latest reading (16,093 km = 10,000 mi).
    await expect(form.locator('label[for="visit-odometer-in"]')).toContainText(language === 'ar' ? 'ميل' : 'mi');
    await expect(form).toContainText('10,000');
    await form.locator('#visit-name').fill(`Odometer ${language} ${Date.now().toString(36)}`);
    await page.getByTestId('visit-odometer-in').fill('10250');
    await page.getByTestId('visit-odometer-out').fill('10240');
    await page.getByTestId('task-0-title').fill('Brake check');
    await page.getByTestId('task-0-soldForCents').fill('40');
    // Out below in is refused in the browser first.
    await page.getByTestId('submit-visit').click();
    await expect(page.getByTestId('visit-odometer-out')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('visit-odometer-out').fill('10262');
    await page.getByTestId('submit-visit').click();

    await expect(page).toHaveURL(/\/visit\/[0-9a-f-]{36}$/);
    const readout = page.getByTestId('visit-odometer');
    await expect(readout).toContainText('10,250');
    await expect(readout).toContainText('10,262');
    await expect(readout).toContainText(language === 'ar' ? 'ميل' : 'mi');
    const visitId = page.url().split('/visit/')[1]!;
    const [stored] = await queryDb<{ odometerInKm: number; odometerOutKm: number; latestKm: number }>(
      `SELECT v."odometerInKm", v."odometerOutKm", ve."latestKm" FROM "Visit" v JOIN "Vehicle" ve ON ve.id = v."vehicleId" WHERE v.id = $1`,
      [visitId],
    );
    // Stored in km: 10,250 mi = 16,496 km, 10,262 mi = 16,515 km; the vehicle's latest reading moved up.
    expect(stored).toEqual({ odometerInKm: 16_496, odometerOutKm: 16_515, latestKm: 16_515 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
}

test('the reminders page shows the statutory inspection rule; an admin can change it', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, DEMO.admin);
  await page.goto('/admin/reminders');
  const card = page.getByTestId('statutory-settings');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('statutory-enabled')).toBeEnabled();
  await expect(card.getByTestId('statutory-save')).toBeVisible();
});
