// The start screens the server draws (src/server-render.tsx, apps/api start-page.ts): / and /login arrive as
// HTML, painted before the app's code has loaded; the app then starts (public/boot.js) and renders over the
// drawing, keeping its elements; what a visitor did meanwhile is not lost.
import type { Page } from '@playwright/test';
import { axeFindings } from './axe.ts';
import { appStarted, DEMO, expect, test, useLanguage } from './fixtures.ts';

/** Holds the app's entry script until `release` is called: the page stays the server's drawing meanwhile. */
async function holdTheApp(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// These journeys look at the page before the app has started.
test.use({ waitForApp: false });

for (const { language, acceptLanguage, dir, heading } of [
  { language: 'en', acceptLanguage: 'en-US,en;q=0.9', dir: 'ltr', heading: 'Sign in' },
  { language: 'ar', acceptLanguage: 'ar,en;q=0.5', dir: 'rtl', heading: 'تسجيل الدخول' },
] as const) {
  test(`/login and / in ${language} are drawn by the server, and the app keeps the drawn elements`, async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'accept-language': acceptLanguage }, locale: language });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    for (const path of ['/login', '/']) {
      const release = await holdTheApp(page);
      await page.goto(path);
      // Without any of the app's code: the page itself, in the visitor's language and direction.
      await expect(page.locator('#root')).toHaveAttribute('data-server-drawn', '');
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const title = page.locator('h1');
      if (path === '/login') await expect(title).toHaveText(heading);
      else await expect(title).toHaveText(/\S/);
      // The drawing alone meets the same accessibility bar as the app.
      expect(await axeFindings(page, path)).toEqual([]);
      await page.evaluate(() => ((window as unknown as { drawnTitle: Element | null }).drawnTitle = document.querySelector('h1')));

      release();
      await appStarted(page);
      // The same element: the app adopted the drawing instead of drawing the page again.
      expect(
        await page.evaluate(() => document.querySelector('h1') === (window as unknown as { drawnTitle: Element | null }).drawnTitle),
      ).toBe(true);
      await expect(page.locator('h1')).toHaveCount(1);
      // The app's scripts were asked for only after the page's first contentful paint.
      const timing = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/(index|vendor|web)-[\w-]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(timing.scripts).toHaveLength(3);
      for (const start of timing.scripts) expect(start).toBeGreaterThan(timing.painted);
      await page.unroute(/\/assets\/index-[\w-]+\.js$/);
    }
    // The app works on top of it: the home page's later sections arrive, links navigate in the app.
    await expect(page.locator('#contact')).toBeAttached();
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('drawn in one language, a page whose visitor chose another is drawn again in theirs, nothing left over', async ({ page }) => {
  // The browser says English (so the server draws English); the visitor's stored choice is Arabic.
  await useLanguage(page, 'ar');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('hero-book')).toHaveText('احجز زيارة');
  await expect(page.locator('#contact')).toBeAttached();
  await expect(page.locator('header')).toHaveCount(1);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.locator('[data-drawn]')).toHaveCount(0);
});

// Sent before the app has started, the drawn form signs in on the server (early-sign-in.spec.ts). Once the
// app has taken over, the app sends it, and the form is never also sent natively.
test('what was typed in the drawn sign-in form is kept when the app takes over, and the app signs in with it', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/login');
  await page.locator('#identifier').fill(DEMO.admin.identifier);
  await page.locator('#password').fill(DEMO.admin.password);
  await expect(page.getByTestId('sign-in-submit')).toBeEnabled();

  release();
  await appStarted(page);
  await expect(page.locator('#identifier')).toHaveValue(DEMO.admin.identifier);
  await expect(page.locator('#password')).toHaveValue(DEMO.admin.password);
  const sentNatively: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/login') sentNatively.push(request.url());
  });
  await page.getByTestId('sign-in-submit').click();
  await expect(page).toHaveURL(/\/admin\//);
  expect(sentNatively).toEqual([]);
});

test('a visitor with dark mode on gets the page dark from its first paint', async ({ page }) => {
  await page.goto('/login');
  await appStarted(page);
  await page
    .getByRole('button', { name: /dark mode/i })
    .first()
    .click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await holdTheApp(page);
  await page.reload();
  // Before any of the app's code has run: the page is dark, and its switch says so.
  await expect(page.locator('#root')).toHaveAttribute('data-server-drawn', '');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: /dark mode/i }).first()).toHaveAttribute('aria-pressed', 'true');
});
