// A visitor who signs in the moment /login appears, before the app has started (its code arrives after the
// server's drawing is painted: src/server-render.tsx, public/boot.js), on a slow phone-like CPU. The drawn
// form is sent natively to POST /login (apps/api login-form.ts), which signs in and sends the visitor to
// their area, where the app starts signed in. One Enter, never lost, never sent twice.
//
// The other journeys wait for the app before typing (fixtures.ts `waitForApp`), which hides this moment.
import type { Page, Request } from '@playwright/test';
import { DEMO, expect, test, useLanguage } from './fixtures.ts';

test.use({ waitForApp: false });

/** A phone's CPU (six times slower) and a slow network for the app's code: the drawing stays alone a while. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.route(/\/(boot\.js|assets\/index-[\w-]+\.js)$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
}

/** Every sign-in the browser sends: the form natively (POST /login) or the app (POST /backend/user/login, tRPC). */
function countSignIns(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const { pathname } = new URL(request.url());
    if (pathname === '/login' || pathname === '/backend/user/login' || /\/backend\/trpc\/.*auth\.login/.test(pathname)) sent.push(request);
  });
  return sent;
}

for (const { who, account, area } of [
  { who: 'demo admin', account: DEMO.admin, area: /\/admin\/dashboard\/main-panel$/ },
  { who: 'demo client', account: DEMO.client, area: /\/client\/dashboard$/ },
] as const) {
  test(`the ${who} types and presses Enter as soon as /login appears, on a slow CPU, and is signed in with one Enter`, async ({
    page,
    context,
  }) => {
    await useLanguage(page, 'en');
    await slowPhone(page);
    const signIns = countSignIns(page);
    await page.goto('/login', { waitUntil: 'commit' });
    // A fast typist: as soon as the drawn fields are there, without waiting for the app.
    await page.locator('#identifier').fill(account.identifier);
    await page.locator('#password').fill(account.password);
    // The moment this journey is about: the page is still the server's drawing.
    await expect(page.locator('#root')).toHaveAttribute('data-server-drawn', '');
    await page.locator('#password').press('Enter');

    await expect(page).toHaveURL(area, { timeout: 30_000 });
    await expect(page.locator('main h1')).toBeVisible({ timeout: 30_000 });
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
    expect(cookies.refreshToken).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/backend' });
    // Signed in for real: the app reloads on the area and stays there.
    await page.reload();
    await expect(page).toHaveURL(area, { timeout: 30_000 });
    await expect(page.locator('main h1')).toBeVisible({ timeout: 30_000 });
    expect(signIns.map((request) => new URL(request.url()).pathname)).toHaveLength(1);
    // The password never in an address.
    expect(page.url()).not.toContain(encodeURIComponent(account.password));
  });
}

test('a wrong password sent before the app started comes back to /login with the message and the identifier kept', async ({ page }) => {
  await useLanguage(page, 'en');
  await slowPhone(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('#identifier').fill('client2');
  await page.locator('#password').fill('Not#ThePassword1');
  await expect(page.locator('#root')).toHaveAttribute('data-server-drawn', '');
  await page.locator('#password').press('Enter');

  await expect(page).toHaveURL(/\/login\?error=invalidCredentials&identifier=client2$/, { timeout: 30_000 });
  await expect(page.locator('#sign-in-failure')).toContainText('Invalid identifier or password', { timeout: 30_000 });
  await expect(page.locator('#identifier')).toHaveValue('client2');
  await expect(page.locator('#password')).toHaveValue('');
  expect(page.url()).not.toContain('Not');
});
