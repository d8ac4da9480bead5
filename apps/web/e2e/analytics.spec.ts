// Web analytics in a real browser (issue "Web analytics"): every route change sends one page view (the same
// URL twice in a row sends one), stored with the session id the tracker keeps in sessionStorage; and the
// real-time screen shows a visit made in another browser within 2 seconds, in English and in Arabic.
import { randomUUID } from 'node:crypto';
import { DEMO, expect, queryDb, screenshotPath, signInAs, test, useLanguage } from './fixtures.ts';

const SESSION_KEY = 'garage.analytics.session';

async function storedPaths(sessionId: string): Promise<string[]> {
  const rows = await queryDb<{ pagePath: string }>(`SELECT "pagePath" FROM "PageViewEvent" WHERE "sessionId" = $1 ORDER BY id`, [
    sessionId,
  ]);
  return rows.map((row) => row.pagePath);
}

test('three route changes send three page views; the same URL again sends none', async ({ page }) => {
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/backend/analytics/track-visit')) beacons.push(request.postData() ?? '');
  });
  await useLanguage(page, 'en');
  await page.goto('/');
  await expect.poll(() => beacons.length).toBe(1);
  await page.locator('header a[href="/all-services"]').first().click();
  await expect(page).toHaveURL(/\/all-services$/);
  await expect.poll(() => beacons.length).toBe(2);
  await page.locator('footer a[href="/privacy-policy"]').first().click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect.poll(() => beacons.length).toBe(3);
  // The same link again: same path and query, no new event.
  await page.locator('footer a[href="/privacy-policy"]').first().click();
  await page.waitForTimeout(600);
  expect(beacons).toHaveLength(3);

  const first = JSON.parse(beacons[0]!);
  expect(first).toMatchObject({ page_path: '/', eventType: 'pageview', is_entry: true, language: 'en-US' });
  expect(first.screen_size).toMatch(/^\d+x\d+$/);
  // The device's zone (read through Temporal where the browser has it): the same one Intl reports.
  expect(first.device_timezone).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  expect(JSON.parse(beacons[1]!)).toMatchObject({ page_path: '/all-services', is_entry: false });

  const sessionId = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
  expect(sessionId).toBeTruthy();
  // In any order: beacons sent close together travel on separate requests and may be stored in either order.
  await expect
    .poll(async () => (await storedPaths(sessionId!)).sort(), { timeout: 5000 })
    .toEqual(['/', '/all-services', '/privacy-policy']);
});

for (const language of ['en', 'ar'] as const) {
  test(`the real-time screen shows a new visit within 2 seconds (${language})`, async ({ page, browser }) => {
    await useLanguage(page, language);
    await signInAs(page, DEMO.admin);
    await page.goto('/admin/dashboard/real-time');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
    await expect(page.getByTestId('realtime-active')).toBeVisible();
    // The staff member's own page view: staff area, with their user id (read by the server from the session
    // cookie the beacon carries, never from the payload).
    await expect
      .poll(async () =>
        queryDb<{ area: string; signedIn: boolean }>(
          `SELECT e.area, e."userId" = u.id AS "signedIn" FROM "PageViewEvent" e JOIN "User" u ON u.email = $2 WHERE e."sessionId" = $1 AND e."pagePath" = '/admin/dashboard/real-time'`,
          [await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY), DEMO.admin.identifier],
        ),
      )
      .toEqual([{ area: 'staff', signedIn: true }]);

    // A visitor in another browser opens a page nobody else visits.
    const visitor = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const path = `/live-visit-${randomUUID().slice(0, 8)}`;
    // Both instants are taken in the browsers (one clock, this machine's), so the delay measured is the app's,
    // not the test runner's round trips: the visit happens when its page view is sent (sendBeacon, 100 ms after
    // the route renders); it is shown when the feed's DOM first holds its path.
    await visitor.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (String(url).endsWith('/analytics/track-visit')) (window as unknown as { beaconSentAt?: number }).beaconSentAt ??= Date.now();
        return send(url, data);
      };
    });
    await page.evaluate((wanted) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="realtime-feed"]')?.textContent?.includes(wanted)) {
          (window as unknown as { shownAt?: number }).shownAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, path);
    const visitorPage = await visitor.newPage();
    const beacon = visitorPage.waitForRequest((request) => request.url().endsWith('/backend/analytics/track-visit'));
    await visitorPage.goto(path);
    await beacon;
    await expect(page.getByTestId('realtime-feed').getByText(path)).toBeVisible({ timeout: 10_000 });
    const sentAt = await visitorPage.evaluate(() => (window as unknown as { beaconSentAt?: number }).beaconSentAt);
    const shownAt = await page.evaluate(() => (window as unknown as { shownAt?: number }).shownAt);
    expect(sentAt).toBeGreaterThan(0);
    test.info().annotations.push({ type: 'real-time delay', description: `${shownAt! - sentAt!} ms` });
    expect(shownAt! - sentAt!).toBeLessThan(2000);
    // Top pages rank the last 30 minutes' views, eight at most: the new path is listed unless eight busier pages
    // fill the list, as they do when the other journeys (axe on every route...) visited the site first.
    const topPages = page.getByTestId('realtime-top-pages');
    await expect
      .poll(async () => (await topPages.getByText(path).count()) > 0 || (await topPages.locator('tbody tr').count()) === 8)
      .toBe(true);
    expect(
      Number(
        (await page.getByTestId('realtime-active').textContent())
          ?.replace(/[^\d٠-٩]/g, '')
          .replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))),
      ),
    ).toBeGreaterThanOrEqual(1);
    await visitor.close();

    await page.screenshot({ path: screenshotPath(`analytics-real-time-${language}-desktop`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('realtime-feed')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath(`analytics-real-time-${language}-phone`), fullPage: true });
  });
}

for (const language of ['en', 'ar'] as const) {
  test(`the main panel's web-analytics charts show the demo traffic and guard the period (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await signInAs(page, DEMO.admin);
    await page.goto('/admin/dashboard/main-panel');
    const charts = page.getByTestId('web-analytics');
    await charts.scrollIntoViewIfNeeded();
    // Thirty days of demo page views: every report has something to show.
    for (const id of ['page-views', 'devices', 'browsers', 'popular-pages']) {
      await expect(charts.getByTestId(`analytics-${id}`).locator('svg, table').first()).toBeVisible({ timeout: 20_000 });
      await expect(charts.getByTestId(`analytics-${id}-empty`)).toHaveCount(0);
    }
    await expect(charts.getByTestId('analytics-popular-pages').getByText('/all-services', { exact: true })).toBeVisible();
    await page.screenshot({ path: screenshotPath(`analytics-charts-${language}-desktop`), fullPage: true });

    // A start after the end: no query, a clear message.
    await charts.getByTestId('analytics-from').fill('2026-12-31');
    await charts.getByTestId('analytics-to').fill('2026-01-01');
    await expect(charts.getByTestId('analytics-range-problem')).toBeVisible();
    // An empty period long ago: the empty states.
    await charts.getByTestId('analytics-from').fill('2001-01-01');
    await charts.getByTestId('analytics-to').fill('2001-01-31');
    await expect(charts.getByTestId('analytics-devices-empty')).toBeVisible();
    await charts.getByTestId('analytics-preset-30').click();
    await expect(charts.getByTestId('analytics-devices').locator('svg').first()).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await charts.scrollIntoViewIfNeeded();
    // Nothing of the analytics section sticks out of a phone screen (either side: rtl overflows to the left),
    // once the charts have followed the new width.
    const outside = () =>
      charts.evaluate((section) =>
        [...section.querySelectorAll('*')]
          .filter((node) => {
            const box = node.getBoundingClientRect();
            return box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
          })
          .map((node) => node.outerHTML.slice(0, 120)),
      );
    await expect.poll(outside, { timeout: 5000 }).toEqual([]);
    await page.screenshot({ path: screenshotPath(`analytics-charts-${language}-phone`), fullPage: true });
  });
}
