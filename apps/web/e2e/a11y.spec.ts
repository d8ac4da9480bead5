// Accessibility: axe finds no serious or critical WCAG 2.1 A/AA violation on the public pages and the sign-in
// page, in English and in Arabic (right-to-left).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, useLanguage, waitForBranding } from './fixtures.ts';

const PAGES = ['/', '/all-services', '/login'] as const;

for (const language of ['en', 'ar'] as const) {
  for (const path of PAGES) {
    test(`axe: ${path} in ${language}`, async ({ page }) => {
      await useLanguage(page, language);
      await page.goto(path);
      await waitForBranding(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      if (path === '/') {
        // Bring the lazily loaded parts (contact form) in, so they are checked too.
        await page.locator('#contact').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('contact-form')).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
      } else if (path === '/all-services') {
        await expect(page.getByTestId('service-item').first()).toBeVisible();
      } else {
        await expect(page.locator('main')).toBeVisible();
      }
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }));
      expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
    });
  }
}
