// Parts and stock in a real browser (issue #26). English, desktop: an admin adds a part, receives 5 units
// (stock 5), corrects -1 with a reason (stock 4) and the ledger explains both. Arabic, phone (375x812, rtl):
// a mechanic finds the demo oil filter by scanning its barcode, here a photo of it (the scanner's photo
// fallback, decoded by the ZXing WebAssembly reader served from our build), and its page opens.
import { fileURLToPath } from 'node:url';
import { DEMO, expect, queryDb, signInAs, test, useLanguage } from './fixtures.ts';

const DEMO_BARCODE = '4006381333931';
const BARCODE_PHOTO = fileURLToPath(new URL(`./fixtures/ean13-${DEMO_BARCODE}.png`, import.meta.url));

test('an admin adds a part, receives it and corrects its stock; the ledger explains both (en, desktop)', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}`.slice(-7);
  const partNumber = `E2E-${stamp}`;
  const name = `Brake pad set ${stamp}`;

  await useLanguage(page, 'en');
  await signInAs(page, DEMO.admin);
  await page.goto('/admin/parts');
  // The first screen of a fresh browser loads its code and translations cold: a busy machine needs longer.
  await expect(page.getByRole('heading', { level: 1, name: 'Parts' })).toBeVisible({ timeout: 45_000 });

  await page.getByTestId('add-part').click();
  const form = page.getByTestId('part-form');
  await form.getByTestId('part-partNumber').fill(partNumber);
  await form.getByTestId('part-name').fill(name);
  await form.getByTestId('part-brand').fill('Brembo');
  await form.getByTestId('part-cost').fill('12.50');
  await form.getByTestId('part-price').fill('30');
  await form.getByTestId('part-reorderPoint').fill('2');
  await page.getByTestId('part-submit').click();

  // A new part opens on its own page, with no stock yet.
  await expect(page).toHaveURL(/\/admin\/parts\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('part-name')).toHaveText(name);
  await expect(page.getByTestId('figure-on-hand')).toHaveText(/^0\spcs$/);
  // Admins see the cost and the margin: (30 - 12.50) / 30.
  // (money sits in a left-to-right isolate: lib/formatters.ts)
  await expect(page.getByTestId('figure-cost')).toHaveText(/^\u2066\$12\.50\u2069$/);
  await expect(page.getByTestId('figure-margin')).toHaveText('58.3 %');

  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByTestId('part-receive').click();
  await page.getByTestId('stock-quantity').fill('5');
  await page.getByTestId('stock-submit').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('figure-on-hand')).toHaveText(/^5\spcs$/);

  // An adjustment needs its reason: the form says so before sending anything.
  await page.getByTestId('part-adjust').click();
  await page.getByTestId('stock-quantity').fill('-1');
  await page.getByTestId('stock-submit').click();
  await expect(page.getByTestId('stock-adjust-form')).toContainText('Reason is required');
  await page.getByTestId('stock-reason').fill('Dropped and cracked');
  await page.getByTestId('stock-submit').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('figure-on-hand')).toHaveText(/^4\spcs$/);
  await expect(page.getByTestId('figure-available')).toHaveText(/^4\spcs$/);

  // Newest first: the correction with its reason and the balance after each movement.
  const rows = page.getByTestId('movement-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-kind', 'ADJUSTED');
  await expect(rows.nth(0).getByTestId('movement-quantity')).toHaveText(/^-1\spcs$/);
  await expect(rows.nth(0)).toContainText('Dropped and cracked');
  await expect(rows.nth(0).getByTestId('movement-balance')).toHaveText(/^4\spcs$/);
  await expect(rows.nth(1)).toHaveAttribute('data-kind', 'RECEIVED');
  await expect(rows.nth(1).getByTestId('movement-quantity')).toHaveText(/^\+5\spcs$/);
  await expect(rows.nth(1).getByTestId('movement-balance')).toHaveText(/^5\spcs$/);

  // The database agrees: stock on hand is the sum of the movements.
  const [sum] = await queryDb<{ total: string }>(
    `SELECT COALESCE(SUM(m."quantityMilli"), 0)::text AS total FROM "StockMovement" m JOIN "Part" p ON p.id = m."partId" WHERE p."partNumber" = $1`,
    [partNumber],
  );
  expect(sum?.total).toBe('4000');

  // The list finds it by a piece of its number, with its stock.
  await page.goto('/admin/parts');
  await page.getByTestId('parts-search').fill(stamp);
  const row = page.getByTestId('part-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('part-row-on-hand')).toHaveText(/^4\spcs$/);
});

test('a mechanic finds a part by scanning its barcode photo (ar, phone)', async ({ page }) => {
  test.setTimeout(180_000);
  const [part] = await queryDb<{ id: string; name: string }>(`SELECT id, name FROM "Part" WHERE barcode = $1`, [DEMO_BARCODE]);
  expect(part, `the demo seed gives a part the barcode ${DEMO_BARCODE}`).toBeTruthy();

  await page.setViewportSize({ width: 375, height: 812 });
  await useLanguage(page, 'ar');
  await signInAs(page, DEMO.employee);
  await page.goto('/admin/parts');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'قطع الغيار' })).toBeVisible({ timeout: 45_000 });

  await page.getByTestId('barcode-scan-button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // No camera here: the photo fallback is the way in (the reader is loaded when the dialog opens).
  await dialog.getByTestId('barcode-photo-input').setInputFiles(BARCODE_PHOTO);

  await expect(page).toHaveURL(new RegExp(`/admin/parts/${part!.id}$`), { timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('part-name')).toHaveText(part!.name);
  // Staff who are not admins see stock and price, never the cost.
  await expect(page.getByTestId('figure-on-hand')).toBeVisible();
  await expect(page.getByTestId('figure-cost')).toHaveCount(0);
  // The whole page fits the phone's width (no sideways scrolling).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
