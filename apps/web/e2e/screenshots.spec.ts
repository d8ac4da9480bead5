// Screenshots of the main screens on a phone (390x844) and a desktop (1440x900), in English and Arabic,
// saved as test artifacts in test-results/screenshots/ for review.
import { expect, signInAs, DEMO, screenshotPath, test, useLanguage, waitForBranding } from './fixtures.ts';

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;
const PUBLIC_PAGES = [
  { name: 'home', path: '/' },
  { name: 'all-services', path: '/all-services' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'terms-of-service', path: '/terms-of-service' },
  { name: 'not-found', path: '/missing-page' },
  { name: 'login', path: '/login' },
] as const;

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  for (const language of ['en', 'ar'] as const) {
    test.describe(`${device} ${language}`, () => {
      test.use({ viewport });

      test('public pages', async ({ page }) => {
        await useLanguage(page, language);
        for (const { name, path } of PUBLIC_PAGES) {
          await page.goto(path);
          await waitForBranding(page);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await expect(page.getByTestId('route-progress')).toHaveCount(0);
          if (name === 'home') {
            await page.locator('#contact').scrollIntoViewIfNeeded();
            await expect(page.getByTestId('contact-form')).toBeVisible();
            await page.evaluate(() => window.scrollTo(0, 0));
          }
          if (name === 'all-services') await expect(page.getByTestId('service-item').first()).toBeVisible();
          await page.screenshot({ path: screenshotPath(`${name}-${device}-${language}`), fullPage: true });
        }
      });

      test('staff area and branding manager', async ({ page }) => {
        await useLanguage(page, language);
        await signInAs(page, DEMO.admin);
        await page.goto('/admin/settings/merchant-info');
        await waitForBranding(page);
        await expect(page.getByTestId('branding-card-MERCHANT_THEME_COLORS')).toBeVisible();
        await page.screenshot({ path: screenshotPath(`branding-manager-${device}-${language}`), fullPage: true });
        if (device === 'phone') {
          await page.getByTestId('open-drawer').click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await page.screenshot({ path: screenshotPath(`admin-drawer-${device}-${language}`) });
        }
      });
    });
  }
}
