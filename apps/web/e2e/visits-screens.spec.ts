// The visits, tasks, payments and to-do screens at phone (390x844) and desktop (1440x900) sizes, in English
// and Arabic: each must render without horizontal overflow, mirror in rtl, and is saved as a screenshot
// artifact (test-results/screenshots/) for review.
import type { Page } from '@playwright/test';
import { DEMO, expect, screenshotPath, signInAs, test, useLanguage } from './fixtures.ts';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

async function capture(page: Page, name: string) {
  await noHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

for (const language of ['en', 'ar'] as const) {
  for (const size of SIZES) {
    test(`visit screens in ${language} on ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await useLanguage(page, language);
      await signInAs(page, DEMO.admin);
      const tag = `${language}-${size.name}`;

      await page.goto('/admin/visits?sort=highestCost');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByTestId('visit-item').first()).toBeVisible();
      await capture(page, `visits-cards-${tag}`);
      for (const view of ['table', 'list'] as const) {
        await page.getByTestId(`view-${view}`).click();
        await expect(page.getByTestId(`visit-${view}`)).toBeVisible();
        await page.screenshot({ path: screenshotPath(`visits-${view}-${tag}`), fullPage: true });
      }
      await page.getByTestId('view-cards').click();

      await page.getByTestId('open-add-visit').click();
      await page.getByTestId('submit-visit').click();
      await expect(page.getByTestId('add-visit-form').locator('[aria-invalid=true]').first()).toBeVisible();
      await page.screenshot({ path: screenshotPath(`visits-add-errors-${tag}`) });
      await page.keyboard.press('Escape');

      await page.goto('/admin/visits?filter=readyForPickup');
      await page.getByTestId('visit-item').first().locator('a').first().click();
      await expect(page.getByTestId('visit-page')).toBeVisible();
      await expect(page.getByTestId('visit-payments')).toBeVisible();
      await capture(page, `visit-page-${tag}`);

      await page.getByTestId('visit-task').first().locator('a').first().click();
      await expect(page.getByTestId('task-page')).toBeVisible();
      await capture(page, `task-page-${tag}`);

      await page.goto('/admin/payments');
      await expect(page.locator('[data-testid=payments-row]:visible').first()).toBeVisible();
      await capture(page, `payments-history-${tag}`);

      await page.goto('/admin/todo');
      await expect(page.getByTestId('todo-item').first()).toBeVisible();
      await capture(page, `todo-${tag}`);
    });
  }
}

test('to-do: add, complete, reopen and delete, with letters of any script', async ({ page }) => {
  await useLanguage(page, 'ar');
  await signInAs(page, DEMO.employee);
  await page.goto('/admin/todo');
  await page.getByTestId('todo-title').fill('طلب!');
  await page.getByTestId('todo-submit').click();
  await expect(page.locator('#todo-title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#todo-description')).toHaveAttribute('aria-invalid', 'true');

  const title = `شراء زيت المحرك ${Date.now().toString().slice(-5)}`;
  await page.getByTestId('todo-title').fill(title);
  await page.getByTestId('todo-description').fill('خمسة لترات 5W30');
  await page.getByTestId('todo-submit').click();
  const item = page.getByTestId('todo-item').filter({ hasText: title });
  await expect(item).toBeVisible();

  await item.getByTestId('todo-toggle').click();
  await expect(item).toBeHidden();
  await page.getByTestId('tab-completed').click();
  await expect(page).toHaveURL(/tab=completed/);
  const done = page.getByTestId('todo-item').filter({ hasText: title });
  await expect(done.getByTestId('todo-toggle')).toHaveAttribute('data-state', 'checked');

  await done.getByTestId('todo-toggle').click();
  await expect(done).toBeHidden();
  await page.getByTestId('tab-active').click();
  const reopened = page.getByTestId('todo-item').filter({ hasText: title });
  await reopened.getByTestId('todo-delete').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'حذف' }).click();
  await expect(reopened).toBeHidden();
});
