// Long histories are shown a window at a time (issue "Lists that grow without bound"): a vehicle with 60 oil
// changes shows the newest 50, "Older" shows the 10 before them and "Newer" goes back. In English on a
// desktop and in Arabic (rtl) on a phone. The rows are this run's own vehicle's.
import { DEMO, expect, queryDb, screenshotPath, signInAs, switchLanguage, test, useLanguage } from './fixtures.ts';

const CHANGES = 60;

test('a vehicle with 60 oil changes shows 50, then the 10 older ones, and back (en desktop, ar phone)', async ({ page }) => {
  await useLanguage(page, 'en');
  const session = await signInAs(page, DEMO.admin);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const tag = `W${Date.now().toString(36)}`.toUpperCase();
  const customer = await page.request.post('/backend/users', {
    headers,
    data: {
      firstName: 'Walid',
      lastName: `Window ${tag}`,
      username: `walid_${tag.toLowerCase()}`,
      countryCode: '+212',
      phoneNumber: `6${String(Date.now()).slice(-8)}`,
      role: 'CLIENT',
      imageUrl: '/backend/media/0190a3c5-0000-7000-8000-00000000e2e1/file',
    },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const { id: userId } = (await customer.json()) as { id: string };
  const vehicle = await page.request.post(`/backend/users/${userId}/vehicles`, {
    headers,
    data: {
      type: 'CAR',
      plateNumber: tag.slice(0, 10),
      color: 'Blue',
      brand: 'Dacia',
      model: 'Logan',
      year: 2018,
      engineType: 'Diesel',
      status: 'ACTIVE',
    },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(201);
  const { id: vehicleId } = (await vehicle.json()) as { id: string };
  // One change a month for five years, the oldest first: "Change 1" is the oldest, "Change 60" the newest.
  await queryDb(
    `INSERT INTO "OilChange" ("id", "vehicleId", "oilName", "oilType", "currentKm", "nextChangeKm", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), $1::uuid, 'Change ' || n, '5W-30', n * 1000, n * 1000 + 10000, now() - ((${CHANGES} - n) || ' months')::interval, now()
     FROM generate_series(1, ${CHANGES}) AS n`,
    [vehicleId],
  );

  for (const [language, viewport] of [
    ['en', { width: 1280, height: 900 }],
    ['ar', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/admin/user/oil/${userId}/${vehicleId}`);
    if (language === 'ar') await switchLanguage(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const history = page.locator(viewport.width >= 768 ? '[data-testid=oil-history] tbody tr' : '[data-testid=oil-history-cards] > li');
    const pager = page.getByRole('navigation', { name: language === 'ar' ? 'السجلات الأقدم والأحدث' : 'Older and newer records' });
    // The first window, newest first (a loaded machine may take a while for the page's first data).
    await expect(history.first()).toContainText('Change 60', { timeout: 30_000 });
    await expect(history).toHaveCount(50);
    await expect(pager.getByRole('button', { name: language === 'ar' ? 'الأحدث' : 'Newer' })).toBeDisabled();

    await pager.getByRole('button', { name: language === 'ar' ? 'الأقدم' : 'Older' }).click();
    await expect(history).toHaveCount(10);
    await expect(history.last()).toContainText('Change 1');
    await expect(pager.getByRole('button', { name: language === 'ar' ? 'الأقدم' : 'Older' })).toBeDisabled();
    await pager.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`oil-history-older-${language}-${viewport.width}`), fullPage: viewport.width >= 768 });

    await pager.getByRole('button', { name: language === 'ar' ? 'الأحدث' : 'Newer' }).click();
    await expect(history).toHaveCount(50);
  }
});
