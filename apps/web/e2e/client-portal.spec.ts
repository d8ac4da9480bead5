// Client portal and estimate approval in a real browser (issue "Client portal: the visit and task pages,
// estimate approval ..."): staff propose two tasks on a visit of the demo client; the client, signed in on
// their own device, approves one and declines the other (with a comment); staff see both decisions and the
// new total. Then staff propose a third task and ask for approval by link: the customer opens the link
// without signing in, approves, and the link is used up. In English and Arabic, on a desktop and a phone.
import type { Browser, Page } from '@playwright/test';
import { BASE_URL, DEMO, apiLogin, expect, screenshotPath, signInAs, test, useLanguage, type Language } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const CASES: { language: Extract<Language, 'en' | 'ar'>; device: 'desktop' | 'phone' }[] = [
  { language: 'en', device: 'desktop' },
  { language: 'ar', device: 'phone' },
  { language: 'en', device: 'phone' },
  { language: 'ar', device: 'desktop' },
];

/** A visit of the demo client with one ordinary task at 100.00, created through the API. */
async function demoVisit(page: Page, name: string) {
  const staff = await apiLogin(page.request, DEMO.employee);
  const client = await apiLogin(page.request, DEMO.client);
  const vehicles = await page.request.get('/backend/my/vehicles', { headers: { authorization: `Bearer ${client.accessToken}` } });
  const vehicle = (await vehicles.json())[0] as { id: string };
  const dueDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/backend/visits', {
    headers: { authorization: `Bearer ${staff.accessToken}` },
    data: {
      name,
      customerId: client.user.id,
      vehicleId: vehicle.id,
      dueDate,
      tasks: [{ title: 'Full service', service: 'MAINTENANCE', soldForCents: 10_000 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const visit = (await created.json()) as { id: string };
  return { visitId: visit.id, vehicleId: vehicle.id, customerId: client.user.id as string };
}

async function proposeTask(page: Page, title: string, price: string) {
  await page.getByTestId('open-add-task').click();
  const form = page.getByTestId('task-form');
  await form.getByTestId('new-task-title').fill(title);
  await form.getByTestId('new-task-soldForCents').fill(price);
  await form.getByTestId('task-proposed').click();
  await form.getByTestId('submit-task').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('visit-task').filter({ hasText: title })).toHaveAttribute('data-approval', 'PENDING');
}

async function newDevice(browser: Browser, language: Language, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, locale: 'en-US' });
  const page = await context.newPage();
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  await useLanguage(page, language);
  return { context, page };
}

for (const { language, device } of CASES) {
  test(`staff propose, the client decides, staff see the decisions and the new total (${language}, ${device})`, async ({
    page,
    browser,
  }) => {
    // Three browser contexts and about thirty steps: longer than the default minute on a busy 2-core machine.
    test.setTimeout(180_000);
    const viewport = device === 'phone' ? PHONE : DESKTOP;
    await page.setViewportSize(viewport);
    await useLanguage(page, language);
    const name = `Portal ${language} ${device} ${Date.now()}`;
    const { visitId, vehicleId, customerId } = await demoVisit(page, name);
    const staffVisit = `/admin/users/${customerId}/vehicle/${vehicleId}/visit/${visitId}`;

    // Staff propose two tasks: both wait for the customer and stay out of the total.
    await signInAs(page, DEMO.employee);
    await page.goto(staffVisit);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('visit-name')).toHaveText(name);
    await proposeTask(page, 'Wiper blades', '30.00');
    await proposeTask(page, 'Air filter', '45.00');
    await expect(page.getByTestId('waiting-proposals')).toBeVisible();
    await expect(page.getByTestId('visit-total')).toHaveText(/100|١٠٠/);
    // A proposal cannot be started before the customer approves it: only withdrawing is offered.
    const wipers = page.getByTestId('visit-task').filter({ hasText: 'Wiper blades' });
    await expect(wipers.getByTestId('task-action-IN_PROGRESS')).toHaveCount(0);
    await expect(wipers.getByTestId('task-action-CANCELLED')).toBeVisible();

    // The client, on their own device, sees both proposals highlighted and answers each.
    const client = await newDevice(browser, language, viewport);
    await signInAs(client.page, DEMO.client);
    await client.page.goto(`/client/overview/${vehicleId}/${visitId}`);
    await expect(client.page.getByTestId('my-visit-name')).toHaveText(name);
    await expect(client.page.getByTestId('breadcrumbs')).toBeVisible();
    await expect(client.page.getByTestId('visit-timeline')).toHaveAttribute('data-status', 'PENDING');
    const proposals = client.page.getByTestId('my-proposal');
    await expect(proposals).toHaveCount(2);
    await expect(client.page.getByTestId('my-visit-total')).toHaveText(/100|١٠٠/);
    await client.page.screenshot({ path: screenshotPath(`client-visit-proposals-${language}-${device}`), fullPage: true });
    await proposals.filter({ hasText: 'Wiper blades' }).getByTestId('approve-task').click();
    await expect(proposals).toHaveCount(1);
    await expect(client.page.getByTestId('my-visit-total')).toHaveText(/130|١٣٠/);
    const filter = proposals.filter({ hasText: 'Air filter' });
    await filter.getByTestId('add-comment').click();
    await filter.getByTestId('decision-comment').fill('Next time');
    await filter.getByTestId('decline-task').click();
    await expect(proposals).toHaveCount(0);
    await expect(client.page.getByTestId('my-visit-total')).toHaveText(/130|١٣٠/);
    const declinedLine = client.page.getByTestId('my-task').filter({ hasText: 'Air filter' });
    await expect(declinedLine).toHaveAttribute('data-status', 'CANCELLED');
    await expect(declinedLine.getByTestId('approval-state')).toHaveAttribute('data-state', 'DECLINED');
    // The task page shows the decision in full.
    await declinedLine.getByRole('link', { name: 'Air filter', exact: true }).click();
    await expect(client.page.getByTestId('my-task-title')).toHaveText('Air filter');
    await expect(client.page.getByTestId('my-decision')).toContainText('Next time');
    await client.page.screenshot({ path: screenshotPath(`client-task-${language}-${device}`), fullPage: true });
    await client.context.close();

    // Staff see both decisions, flagged new, and the new total.
    await page.reload();
    const decisions = page.getByTestId('customer-decision');
    await expect(decisions).toHaveCount(2);
    await expect(decisions.filter({ hasText: 'Wiper blades' })).toHaveAttribute('data-state', 'APPROVED');
    await expect(decisions.filter({ hasText: 'Air filter' })).toHaveAttribute('data-state', 'DECLINED');
    await expect(decisions.filter({ hasText: 'Air filter' })).toContainText('Next time');
    await expect(page.getByTestId('visit-total')).toHaveText(/130|١٣٠/);
    await expect(page.getByTestId('fresh-decisions-count')).toHaveText(/2|٢/);
    if (device === 'desktop') await expect(page.getByTestId('customer-decisions-badge').first()).toBeVisible();
    await page.screenshot({ path: screenshotPath(`staff-visit-decisions-${language}-${device}`), fullPage: true });
    await page.getByTestId('mark-decisions-seen').click();
    await expect(page.getByTestId('fresh-decisions-count')).toHaveCount(0);

    // A third proposal, answered through the approval link without signing in; the link then is used up.
    await proposeTask(page, 'Cabin filter', '20.00');
    await page.getByTestId('ask-approval').click();
    await page.getByTestId('create-approval-link').click();
    await expect(page.getByTestId('approval-link-emailed')).toContainText('client@demo.garage');
    await expect(page.getByTestId('approval-link-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/1\d+\?text=/);
    const url = await page.getByTestId('approval-link-url').inputValue();
    expect(url).toMatch(/\/approve\/[A-Za-z0-9_-]{43}$/);
    await page.keyboard.press('Escape');

    const customer = await newDevice(browser, language, viewport);
    await customer.page.goto(url);
    await expect(customer.page.getByTestId('approve-item')).toHaveCount(1);
    await customer.page.getByTestId('approve-submit').click();
    await expect(customer.page.getByRole('alert')).toBeVisible();
    await customer.page.getByTestId('choose-approve').click();
    await expect(customer.page.getByTestId('approve-new-total')).toHaveText(/150|١٥٠/);
    await customer.page.screenshot({ path: screenshotPath(`approve-link-${language}-${device}`), fullPage: true });
    await customer.page.getByTestId('approve-submit').click();
    await expect(customer.page.getByTestId('approve-done')).toBeVisible();
    await customer.page.reload();
    await expect(customer.page.getByTestId('approve-gone')).toBeVisible();
    await customer.page.goto(url.replace(/.{6}$/, 'AAAAAA'));
    await expect(customer.page.getByTestId('approve-invalid')).toBeVisible();
    await customer.context.close();

    await page.reload();
    await expect(page.getByTestId('visit-total')).toHaveText(/150|١٥٠/);
    await expect(page.getByTestId('customer-decision').filter({ hasText: 'Cabin filter' })).toHaveAttribute('data-state', 'APPROVED');
  });
}

test('the demo client has a proposal waiting on their car', async ({ page }) => {
  await useLanguage(page, 'en');
  const session = await signInAs(page, DEMO.client);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const vehicles = (await (await page.request.get('/backend/my/vehicles', { headers })).json()) as { id: string }[];
  let found: { vehicleId: string; visitId: string } | undefined;
  for (const vehicle of vehicles) {
    const { items } = (await (await page.request.get(`/backend/my/vehicles/${vehicle.id}/visits`, { headers })).json()) as {
      items: { id: string }[];
    };
    for (const item of items) {
      const detail = (await (await page.request.get(`/backend/my/visits/${item.id}`, { headers })).json()) as {
        tasks: { awaitingDecision: boolean; title: string }[];
      };
      if (detail.tasks.some((task) => task.awaitingDecision && task.title === 'Replace front wiper blades'))
        found ??= { vehicleId: vehicle.id, visitId: item.id };
    }
  }
  expect(found).toBeDefined();
  await page.goto(`/client/overview/${found!.vehicleId}/${found!.visitId}`);
  await expect(page.getByTestId('my-proposal').filter({ hasText: 'Replace front wiper blades' })).toBeVisible();
  await expect(page.getByTestId('my-visit-pending-amount')).toBeVisible();
});
