// Keyboard and screen-reader basics done once in the app shell (issue 15), in English and Arabic: every route
// has its own translated <title> "Page · Shop name"; the skip link is the first Tab stop and moves the focus
// to <main>; a client-side navigation puts the focus on the new page's heading and announces the title; a
// closed dialog gives the focus back to what opened it; /not-authorized opened directly says what happened.
import type { Page } from '@playwright/test';
import { DEMO, expect, signInAs, test, useLanguage, waitForBranding } from './fixtures.ts';

const WORDS = {
  en: {
    allServices: 'All services',
    login: 'Sign in',
    notAuthorized: 'Not authorized',
    visits: 'Visits',
    users: 'Users',
    todo: 'To-do',
    myVehicles: 'My vehicles',
    clientDashboard: 'Overview',
    skip: 'Skip to content',
    notAuthorizedTitle: 'NOT AUTHORIZED',
    notAuthorizedMessage: 'Your account is not allowed to open this page.',
    backToLogin: 'Return to login',
  },
  ar: {
    allServices: 'جميع الخدمات',
    login: 'تسجيل الدخول',
    notAuthorized: 'غير مصرّح',
    visits: 'الزيارات',
    users: 'المستخدمون',
    todo: 'المهام',
    myVehicles: 'مركباتي',
    clientDashboard: 'نظرة عامة',
    skip: 'انتقل إلى المحتوى',
    notAuthorizedTitle: 'غير مصرّح',
    notAuthorizedMessage: 'لا يملك حسابك صلاحية فتح هذه الصفحة.',
    backToLogin: 'العودة إلى تسجيل الدخول',
  },
} as const;

async function shopName(page: Page): Promise<string> {
  await waitForBranding(page);
  // The merchant is stored once its request answers (it may come after the branding).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('merchant_display_name'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('merchant_display_name')))!;
}

const title = (page: string, shop: string) => `${page} · ${shop}`;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];

  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test('public pages: a title per route, the skip link first, the focus on the new heading after a link', async ({ page }) => {
      await page.goto('/');
      const shop = await shopName(page);
      // The home page's title is the shop's name alone.
      await expect(page).toHaveTitle(shop);
      // The first load keeps the focus where the browser put it.
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

      await page.keyboard.press('Tab');
      await expect(page.getByTestId('skip-link')).toBeFocused();
      await expect(page.getByTestId('skip-link')).toHaveText(w.skip);
      await page.keyboard.press('Enter');
      await expect(page.locator('#main-content')).toBeFocused();
      // Focusing <main> scrolls it up smoothly (~60 px); a click during that animation can leave a few pixels
      // of it after the next page's scroll to the top. A visitor does not click within 100 ms: wait it out.
      await page.waitForFunction(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => {
              const y = window.scrollY;
              setTimeout(() => resolve(window.scrollY === y), 100);
            }),
          ),
      );

      await page.locator('header a[href="/all-services"]:visible').first().click();
      await expect(page).toHaveURL(/\/all-services$/);
      await expect(page).toHaveTitle(title(w.allServices, shop));
      await expect(page.locator('main h1')).toBeFocused();
      await expect(page.getByTestId('route-announcer')).toHaveText(title(w.allServices, shop));
      // No scroll jump: the page starts at the top (a couple of pixels of scroll anchoring while the page's
      // images settle is not a jump; focusing the heading with scrolling would be hundreds).
      expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(4);

      await page.goto('/login');
      await expect(page).toHaveTitle(title(w.login, shop));
    });

    test('/not-authorized opened directly shows the message, the way back to login and its title', async ({ page }) => {
      await page.goto('/not-authorized');
      const shop = await shopName(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.notAuthorizedTitle);
      await expect(page.getByTestId('not-authorized-message')).toHaveText(w.notAuthorizedMessage);
      await expect(page.getByTestId('back-to-login')).toHaveText(w.backToLogin);
      await expect(page).toHaveTitle(title(w.notAuthorized, shop));
      await page.screenshot({ path: test.info().outputPath(`desktop-not-authorized-${language}.png`) });
      await page.getByTestId('back-to-login').click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page).toHaveTitle(title(w.login, shop));
    });

    test('staff area: skip link first, titles per route, focus on the heading after a nav link', async ({ page }) => {
      await signInAs(page, DEMO.admin);
      await page.goto('/admin/todo');
      const shop = await shopName(page);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page).toHaveTitle(title(w.todo, shop));
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      // A typed title (dir="auto", the demo's are English) lines up with the page, in Arabic at the right.
      await expect(page.locator('main p[dir="auto"]').first()).toHaveCSS('text-align', language === 'ar' ? 'right' : 'left');

      await page.keyboard.press('Tab');
      await expect(page.getByTestId('skip-link')).toBeFocused();
      await expect(page.getByTestId('skip-link')).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`desktop-skip-link-${language}.png`) });
      await page.keyboard.press('Enter');
      await expect(page.locator('#main-content')).toBeFocused();

      await page.locator('aside nav a[href="/admin/visits"]').click();
      await expect(page).toHaveURL(/\/admin\/visits$/);
      await expect(page).toHaveTitle(title(w.visits, shop));
      await expect(page.locator('main h1')).toBeFocused();
      await expect(page.getByTestId('route-announcer')).toHaveText(title(w.visits, shop));

      // Keyboard only: the next nav link, activated with Enter.
      await page.locator('aside nav a[href="/admin/users"]').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveTitle(title(w.users, shop));
      await expect(page.locator('main h1')).toBeFocused();
      // Focused for screen readers, not a control: no focus ring (the browser's drew two boxes around Arabic).
      await expect(page.locator('main h1')).toHaveCSS('outline-style', 'none');
    });

    test('client area: titles per route and the focus on the new heading', async ({ page }) => {
      await signInAs(page, DEMO.client);
      await page.goto('/client/dashboard');
      const shop = await shopName(page);
      await expect(page).toHaveTitle(title(w.clientDashboard, shop));
      await page.locator('aside nav a[href="/client/overview"]').click();
      await expect(page).toHaveTitle(title(w.myVehicles, shop));
      await expect(page.locator('main h1')).toBeFocused();
    });

    test('on a phone, a screen chosen in the drawer gets the focus on its heading once the drawer is gone', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(page, DEMO.admin);
      await page.goto('/admin/todo');
      const shop = await shopName(page);
      await expect(page.locator('main h1')).toBeVisible();
      // The drawer opens from a plain button (not a Radix trigger): Escape gives the focus back to it.
      await page.getByTestId('open-drawer').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.getByTestId('open-drawer')).toBeFocused();
      await page.getByTestId('open-drawer').click();
      await page.getByRole('dialog').locator('a[href="/admin/visits"]').click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page).toHaveTitle(title(w.visits, shop));
      await expect(page.locator('main h1')).toBeFocused();
      await page.screenshot({ path: test.info().outputPath(`phone-visits-focus-${language}.png`) });
      await page.goto('/not-authorized');
      await expect(page.getByTestId('not-authorized-message')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`phone-not-authorized-${language}.png`) });
    });

    test('closing a dialog returns the focus to the element that opened it', async ({ page }) => {
      await signInAs(page, DEMO.admin);
      await page.goto('/admin/todo');
      const trigger = page.getByTestId('todo-delete').first();
      await trigger.click();
      await expect(page.getByTestId('confirm-dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('confirm-dialog')).toBeHidden();
      await expect(trigger).toBeFocused();

      // Cancel with the keyboard, too.
      await trigger.press('Enter');
      await expect(page.getByTestId('confirm-dialog')).toBeVisible();
      await page.getByTestId('confirm-dialog').getByRole('button').first().focus();
      await page
        .getByTestId('confirm-dialog')
        .getByRole('button', { name: language === 'en' ? 'Cancel' : 'إلغاء' })
        .click();
      await expect(page.getByTestId('confirm-dialog')).toBeHidden();
      await expect(trigger).toBeFocused();

      // A dialog opened from code (the generic modal store), not from a Radix trigger.
      await page.goto('/admin/settings/merchant-info');
      const preview = page.locator('button[data-testid$="-preview"]:enabled').first();
      await preview.click();
      await expect(page.getByTestId('modal')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('modal')).toBeHidden();
      await expect(preview).toBeFocused();
    });
  });
}
