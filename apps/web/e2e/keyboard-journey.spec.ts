// Keyboard only (issue 15): sign in, open a visit from the visits list, record a payment, in English and
// Arabic. No mouse click and no programmatic focus: Tab, Shift+Tab, arrows, Enter and typing, checking at each
// step that the focus is where a keyboard user expects it.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, apiLogin, expect, test, useLanguage } from './fixtures.ts';

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user walks a page. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** A visit of the demo client with one task at 120.00 (nothing paid), created through the API. */
// Through the test's own request context: the page's would leave the browser signed in.
async function unpaidVisit(request: APIRequestContext, name: string) {
  const staff = await apiLogin(request, DEMO.employee);
  const client = await apiLogin(request, DEMO.client);
  const vehicles = await request.get('/backend/my/vehicles', { headers: { authorization: `Bearer ${client.accessToken}` } });
  const vehicle = (await vehicles.json())[0] as { id: string };
  const dueDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/backend/visits', {
    headers: { authorization: `Bearer ${staff.accessToken}` },
    data: {
      name,
      customerId: client.user.id,
      vehicleId: vehicle.id,
      dueDate,
      tasks: [{ title: 'Brake check', service: 'MAINTENANCE', soldForCents: 12_000 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

for (const language of ['en', 'ar'] as const) {
  test(`keyboard only: sign in, open a visit, record a payment (${language})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    const name = `Keyboard ${language} ${Date.now()}`;
    await unpaidVisit(request, name);

    // Signed out, /admin/visits sends to /login; sign in with identifier → password → sign in, then back.
    await page.goto('/admin/visits');
    await expect(page).toHaveURL(/\/login$/);
    const identifier = page.locator('#identifier');
    await expect(identifier).toBeVisible();
    await tabTo(page, identifier);
    await page.keyboard.type(DEMO.admin.identifier);
    await page.keyboard.press('Tab');
    await expect(page.locator('#password')).toBeFocused();
    await page.keyboard.type(DEMO.admin.password);
    // After the password: its show/hide toggle, then "Sign in" (never "Forgot password?" first).
    await tabTo(page, page.getByTestId('sign-in-submit'), 3);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/visits$/);

    // The visits list, newest first: Tab to the new visit's link and open it.
    const visitLink = page.getByTestId('visit-item').filter({ hasText: name }).getByRole('link').first();
    await expect(visitLink).toBeVisible();
    await tabTo(page, visitLink, 150);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('visit-name')).toHaveText(name);
    // The focus moved to the new page's heading.
    await expect(page.locator('main h1')).toBeFocused();

    // Record a payment: the dialog opens with the amount still owed; choose the method with the arrows.
    const openPayment = page.getByTestId('open-record-payment');
    await tabTo(page, openPayment);
    await page.keyboard.press('Enter');
    const form = page.getByTestId('payment-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toHaveValue('120.00');
    await tabTo(page, page.getByTestId('payment-method'), 10);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(page.getByTestId('payment-method')).not.toHaveText('');
    await tabTo(page, page.getByTestId('submit-payment'), 10);
    await page.keyboard.press('Enter');

    // The dialog closes, the payment is in the history, the visit is paid and the focus is back on the button.
    await expect(form).toBeHidden();
    await expect(page.getByTestId('payment-row')).toHaveCount(1);
    await expect(page.getByTestId('payment-status').first()).toHaveAttribute('data-status', 'PAID');
    await expect(openPayment).toBeFocused();
  });
}
