// Purchase orders in a real browser (issue #26). English, desktop: an admin drafts an order for a supplier
// with one part (search picker), sends it without email, receives part of it and then the rest; the part's
// page shows the new stock on hand and the average cost. Arabic, phone (375x812, right to left): an employee
// receives an order of the demo part OF-1001 by scanning the test barcode picture (the scanner's photo
// fallback), after an unknown code was refused, and sees no cost. Each journey makes its own supplier, part
// or order through the API, so runs do not depend on each other.
import type { APIRequestContext } from '@playwright/test';
import { DEMO, apiLogin, expect, signInAs, test, useLanguage } from './fixtures.ts';

const BARCODE_PICTURE = new URL('./fixtures/ean13-4006381333931.png', import.meta.url).pathname;

const stamp = () => String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 100)).padStart(2, '0');

async function apiPost<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/backend${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/backend${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('an admin drafts, sends and receives an order in two deliveries; the part shows its stock and average cost (en, desktop)', async ({
  page,
}) => {
  test.setTimeout(120_000); // two deliveries and the part's page: a long journey
  await useLanguage(page, 'en');
  const admin = await signInAs(page, DEMO.admin);
  const id = stamp();
  const supplier = await apiPost<{ id: string; name: string }>(page.request, admin.accessToken, '/suppliers', {
    name: `E2E Supplies ${id}`,
    leadTimeDays: 3,
  });
  const part = await apiPost<{ id: string; partNumber: string; name: string }>(page.request, admin.accessToken, '/parts', {
    partNumber: `PO-E2E-${id}`,
    name: `Brake pad set ${id}`,
    unit: 'PIECE',
    costCents: 1_000,
    supplierId: supplier.id,
  });

  // The list, then a new draft: supplier, one part found by search, 10 pieces at 12.00.
  await page.goto('/admin/purchase-orders');
  // The first screen of a run waits for the server's cold start on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase orders' })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('new-order').click();
  await expect(page).toHaveURL(/\/admin\/purchase-orders\/new$/);
  await page.getByTestId('order-supplier').click();
  await page.getByRole('option', { name: supplier.name, exact: true }).click();
  await page.getByTestId('order-save').click();
  // No line yet: the form says so before asking the server.
  await expect(page.getByTestId('order-editor').getByRole('alert')).toBeVisible();
  await page.getByTestId('order-part-search').fill(part.partNumber);
  await page.getByTestId('order-part-result').filter({ hasText: part.name }).click();
  const line = page.getByTestId('order-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(part.name);
  await line.getByTestId('order-line-quantity').fill('10');
  await line.getByTestId('order-line-cost').fill('12.00');
  await expect(page.getByTestId('order-editor-total')).toContainText(/\b120(?:[.,]00)?(?![\d.,])/);
  await page.getByTestId('order-save').click();
  await expect(page).toHaveURL(/\/admin\/purchase-orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'DRAFT');
  await expect(page.getByTestId('order-number')).toHaveText(/^PO-\d{4}-\d{5}$/);
  await expect(page.getByTestId('order-pdf')).toHaveAttribute('href', `/backend/purchase-orders/${orderId}/pdf`);

  // Send without email (the supplier has no address: the email button is disabled).
  await page.getByTestId('order-send').click();
  const sendDialog = page.getByRole('dialog');
  await expect(sendDialog.getByTestId('order-send-email')).toBeDisabled();
  await sendDialog.getByTestId('order-mark-sent').click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'SENT');
  await expect(page.getByTestId('order-editor')).toHaveCount(0);

  // First delivery: 4 of 10.
  await page.getByTestId('order-receive').click();
  const panel = page.getByTestId('receive-panel');
  await panel.getByTestId('receive-quantity').fill('4');
  await panel.getByTestId('receive-confirm').click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'PARTLY_RECEIVED');
  await expect(panel).toBeHidden();
  const row = page.locator('table').getByTestId('order-line-row');
  await expect(row.getByTestId('order-line-received')).toContainText('4');
  await expect(row.getByTestId('order-line-outstanding')).toContainText('6');

  // Second delivery: "All" fills in what is outstanding; more than that is refused before asking the server.
  await page.getByTestId('order-receive').click();
  await panel.getByTestId('receive-quantity').fill('7');
  await panel.getByTestId('receive-confirm').click();
  await expect(panel.getByRole('alert')).toContainText('More than outstanding');
  await panel.getByTestId('receive-all').click();
  await expect(panel.getByTestId('receive-quantity')).toHaveValue('6');
  await panel.getByTestId('receive-confirm').click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'RECEIVED');
  await expect(page.getByTestId('order-receive')).toHaveCount(0);
  await expect(row.getByTestId('order-line-outstanding')).toContainText('0');

  // The stock moved: the part's page (linked from the line) shows 10 on hand at an average cost of 12.00
  // (nothing was in stock before, so the average is the price paid).
  await row.getByRole('link', { name: part.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/parts/${part.id}$`));
  await expect(page.getByTestId('figure-on-hand')).toContainText('10');
  await expect(page.getByTestId('figure-cost')).toContainText(/\b12(?:[.,]00)?(?![\d.,])/);
  const after = await apiGet<{ onHand: number; costCents: number; onOrder: number }>(page.request, admin.accessToken, `/parts/${part.id}`);
  expect(after).toMatchObject({ onHand: 10, costCents: 1_200, onOrder: 0 });

  // The list finds the order among the received ones.
  await page.goto('/admin/purchase-orders?status=RECEIVED');
  await expect(page.getByTestId('orders-status-RECEIVED')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('table').getByTestId('orders-row').filter({ hasText: supplier.name })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('an employee receives an order by scanning the part’s barcode (ar, rtl, phone)', async ({ page, request }) => {
    // The order is drafted and sent by an admin through the API: 3 of the demo oil filter OF-1001.
    const admin = await apiLogin(request, DEMO.admin);
    const id = stamp();
    const [filter] = (
      await apiGet<{ items: { id: string; partNumber: string; barcode: string | null; onHand: number }[] }>(
        request,
        admin.accessToken,
        '/parts?search=OF-1001',
      )
    ).items.filter((part) => part.partNumber === 'OF-1001');
    expect(filter?.barcode).toBe('4006381333931');
    const supplier = await apiPost<{ id: string }>(request, admin.accessToken, '/suppliers', { name: `مورد تجريبي ${id}` });
    const draft = await apiPost<{ id: string; version: number; number: string }>(request, admin.accessToken, '/purchase-orders', {
      supplierId: supplier.id,
      lines: [{ partId: filter!.id, quantity: 3 }],
    });
    await apiPost(request, admin.accessToken, `/purchase-orders/${draft.id}/send`, { version: draft.version, email: false });
    const before = await apiGet<{ onHand: number }>(request, admin.accessToken, `/parts/${filter!.id}`);

    await useLanguage(page, 'ar');
    await signInAs(page, DEMO.employee);
    await page.goto(`/admin/purchase-orders/${draft.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'SENT', { timeout: 30_000 });
    // Costs and the PDF (which carries them) are for admins; so are sending, cancelling and deleting.
    await expect(page.getByTestId('order-total')).toHaveCount(0);
    await expect(page.getByTestId('order-pdf')).toHaveCount(0);
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);

    await page.getByTestId('order-receive').click();
    const panel = page.getByTestId('receive-panel');
    // A code that is no part of the order is refused with a clear message (typed in the scanner's fallback box).
    await panel.getByRole('button', { name: 'مسح قطعة' }).click();
    let scanner = page.getByRole('dialog');
    await scanner.getByPlaceholder('اكتب الرمز').fill('5901234123457');
    await scanner.getByRole('button', { name: 'استخدام' }).click();
    await expect(scanner).toBeHidden();
    await expect(panel.getByTestId('receive-scan-message')).toContainText('5901234123457');
    await expect(panel.getByTestId('receive-scan-message')).toContainText('لا يخص أي قطعة');

    // The picture of the oil filter's barcode adds one to its line.
    await panel.getByRole('button', { name: 'مسح قطعة' }).click();
    scanner = page.getByRole('dialog');
    await scanner.getByTestId('barcode-photo-input').setInputFiles(BARCODE_PICTURE);
    await expect(scanner).toBeHidden({ timeout: 20_000 });
    const filterLine = panel.locator('[data-testid="receive-line"][data-part-number="OF-1001"]');
    await expect(filterLine.getByTestId('receive-quantity')).toHaveValue('1');
    await expect(panel.getByTestId('receive-scan-message')).toContainText('+1');
    // A big "+1" for the next box, then confirm: 2 of 3 received.
    await filterLine.getByTestId('receive-plus-one').click();
    await expect(filterLine.getByTestId('receive-quantity')).toHaveValue('2');
    await panel.getByTestId('receive-confirm').click();
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'PARTLY_RECEIVED');
    await expect(page.getByTestId('order-line-row').filter({ hasText: 'OF-1001' }).first()).toBeVisible();

    const after = await apiGet<{ onHand: number }>(request, admin.accessToken, `/parts/${filter!.id}`);
    expect(after.onHand).toBe(before.onHand + 2);
  });
});
