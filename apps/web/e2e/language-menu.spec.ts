// The language menu (issue 15): languages named in their own words, reachable and usable with the keyboard,
// and an English page that does not download the Arabic font just to draw the menu.
import { expect, test, useLanguage, waitForBranding } from './fixtures.ts';

test('the English home page loads no Arabic font; the menu names each language in its own words and works with the keyboard', async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await useLanguage(page, 'en');
  await page.goto('/');
  await waitForBranding(page);
  await expect(page.getByTestId('hero-title')).toBeVisible();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.some((path) => path.includes('-latin'))).toBe(true);
  expect(fonts.filter((path) => path.includes('arabic'))).toEqual([]);
  // The page announces its language's font (src/start-routes.ts START_FONTS) and @font-face reuses that
  // download: one request, not two (a preload without crossorigin would be fetched again).
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute('href', /\/inter-latin-wght-normal-/);
  expect(fonts.filter((path) => path.includes('inter-latin-wght-normal-'))).toHaveLength(1);

  // Keyboard: the menu button, Enter opens it on the current language, arrows move, Enter chooses.
  await page.evaluate(() => window.scrollTo(0, 0));
  const trigger = page.locator('[data-testid="language-menu"]:visible').first();
  await trigger.focus();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio')).toHaveText(['English', 'Français', 'العربية']);
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitemradio', { name: 'العربية' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(menu).toBeHidden();
  await expect(page.locator('[data-testid="language-menu"]:visible').first()).toBeFocused();
  await expect(page.locator('[data-testid="language-menu"]:visible').first()).toHaveText('AR');
});
