// Customer messages and ratings in a real browser (issue 11), in English and in Arabic (rtl): a visitor sends
// a message from the home page's contact form, staff see the unread badge in the navigation, find the
// message and mark it read after the confirmation; a client rates a completed visit and staff see the new
// average on the ratings screen.
import type { Page } from '@playwright/test';
import { DEMO, expect, queryDb, screenshotPath, signInAs, test, useLanguage } from './fixtures.ts';

const TEXT = {
  en: {
    sent: 'Your message has been sent!',
    thanks: 'Thank you for your feedback!',
    updated: 'Rating updated successfully!',
    starRequired: 'A star rating must be selected',
  },
  ar: {
    sent: 'تم إرسال رسالتك!',
    thanks: 'شكرًا على ملاحظاتك!',
    updated: 'تم تحديث التقييم بنجاح!',
    starRequired: 'يجب اختيار تقييم بالنجوم',
  },
} as const;
type Language = keyof typeof TEXT;

/** Numbers as the page shows them in any language ("٤٫٢٥" → 4.25). */
function readNumber(text: string): number {
  const latin = text
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[٫,]/g, '.')
    .replace(/[^\d.]/g, '');
  return Number(latin);
}

async function unreadInDb(): Promise<number> {
  const [row] = await queryDb<{ count: string }>('SELECT count(*)::text AS count FROM "ContactMessage" WHERE NOT "read"');
  return Number(row!.count);
}

/**
 * The badge, read fresh on a page just opened (the shell asks for the count on every navigation), next to
 * the database's count: other journeys may send or read messages meanwhile, so a stale page could disagree.
 */
async function freshBadgeMatchesDb(page: Page): Promise<boolean> {
  await page.goto('/admin/todo');
  const unread = await unreadInDb();
  const badge = page.locator('aside').getByTestId('unread-messages-badge');
  if (unread > 0) await badge.waitFor({ timeout: 5_000 }).catch(() => {});
  return (await badgeNumber(page)) === unread && unread === (await unreadInDb());
}

async function badgeNumber(page: Page): Promise<number> {
  const badge = page.locator('aside').getByTestId('unread-messages-badge');
  if (!(await badge.isVisible())) return 0;
  return readNumber((await badge.locator('[aria-hidden="true"]').textContent()) ?? '');
}

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  test.describe(`messages and ratings (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test('a visitor sends a message; staff see the unread badge and mark it read after confirming', async ({ page, browser }) => {
      test.setTimeout(120_000); // two browsers, a dozen page loads (each badge check opens a fresh page)
      const marker = `E2E ${language} ${Date.now().toString(36)}`;
      await page.goto('/#contact');
      await page.locator('#contact').scrollIntoViewIfNeeded();
      const form = page.getByTestId('contact-form');
      await form.locator('#contact-fullName').fill(`Visitor ${marker}`);
      await form.locator('#contact-email').fill('visitor@example.com');
      await form.locator('#contact-message').fill(`Do you fit winter tyres? (${marker})`);
      await page.getByTestId('contact-submit').click();
      await expect(page.getByText(TEXT[language].sent)).toBeVisible();
      const [stored] = await queryDb<{ id: string; read: boolean }>('SELECT id, "read" FROM "ContactMessage" WHERE "fullName" = $1', [
        `Visitor ${marker}`,
      ]);
      expect(stored).toMatchObject({ read: false });

      const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const staff = await staffContext.newPage();
      await useLanguage(staff, language);
      await signInAs(staff, DEMO.employee);
      await staff.goto('/admin/todo');
      await expect(staff.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      // The badge counts what the database holds as unread (the message just sent included).
      await expect.poll(() => freshBadgeMatchesDb(staff), { timeout: 30_000 }).toBe(true);
      expect(await badgeNumber(staff)).toBeGreaterThan(0);

      await staff
        .locator('aside')
        .getByRole('link', { name: language === 'ar' ? /الرسائل/ : /Messages/ })
        .click();
      await expect(staff).toHaveURL(/\/admin\/messages$/);
      await staff.getByTestId('messages-search').fill(marker);
      const row = staff.getByTestId('message-row').filter({ hasText: marker });
      await expect(row).toHaveCount(1);
      await expect(row).toHaveAttribute('data-unread', 'true');
      await staff.screenshot({ path: screenshotPath(`messages-${language}-1440`), fullPage: true });

      await row.getByTestId('mark-read').click();
      const confirm = staff.getByTestId('confirm-dialog');
      await expect(confirm).toBeVisible();
      // Cancelling changes nothing.
      await confirm.getByRole('button', { name: language === 'ar' ? 'إلغاء' : 'Cancel' }).click();
      await expect(row).toHaveAttribute('data-unread', 'true');
      await row.getByTestId('mark-read').click();
      await staff.getByTestId('confirm-action').click();
      await expect(row).toHaveAttribute('data-unread', 'false');
      expect((await queryDb<{ read: boolean }>('SELECT "read" FROM "ContactMessage" WHERE id = $1', [stored!.id]))[0]!.read).toBe(true);
      // The badge no longer counts it: it matches the database, where the message is now read.
      await expect.poll(() => freshBadgeMatchesDb(staff), { timeout: 30_000 }).toBe(true);

      // A link opens the message (it is in the URL): the whole text and the ways to answer.
      await staff.goto(`/admin/messages?message=${stored!.id}`);
      const dialog = staff.getByTestId('message-dialog');
      await expect(dialog.getByTestId('message-text')).toContainText(marker);
      await expect(dialog.getByTestId('reply-mailto')).toHaveAttribute('href', /^mailto:visitor%40example\.com\?subject=/);
      await expect(dialog.getByTestId('reply-form')).toBeVisible();
      await staffContext.close();
    });

    test('a client rates a completed visit; staff see the new average', async ({ page, browser }) => {
      test.setTimeout(120_000); // two browsers, two sign-ins, five screens
      // One of the demo client's completed visits, unrated if one is left.
      const [visit] = await queryDb<{ id: string; vehicleId: string; rated: boolean }>(
        `SELECT v.id, v."vehicleId", (r.id IS NOT NULL) AS rated FROM "Visit" v
         JOIN "User" u ON u.id = v."customerId" LEFT JOIN "Rating" r ON r."visitId" = v.id
         WHERE u.username = 'client' AND v.status IN ('COMPLETED', 'READY_FOR_PICKUP', 'PICKED_UP')
         ORDER BY (r.id IS NOT NULL), v.id LIMIT 1`,
      );
      expect(visit).toBeTruthy();

      const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const staff = await staffContext.newPage();
      await useLanguage(staff, language);
      await signInAs(staff, DEMO.admin);
      await staff.goto('/admin/messages/rate');
      // The first screen of a fresh browser loads its code and translations cold: a busy machine needs longer.
      await expect(staff.getByTestId('ratings-average')).toBeVisible({ timeout: 20_000 });

      await signInAs(page, DEMO.client);
      await page.goto(`/client/overview/${visit!.vehicleId}/${visit!.id}`);
      await page.getByTestId('rate-visit').first().click();
      const dialog = page.getByTestId('rate-visit-dialog');
      await expect(dialog).toBeVisible();
      if (!visit!.rated) {
        // Stars are required.
        await dialog.getByTestId('rating-submit').click();
        await expect(dialog.getByText(TEXT[language].starRequired)).toBeVisible();
      }
      await dialog.getByTestId('star-1').check();
      await dialog.getByTestId('rating-feedback').fill(`Waited too long (${language})`);
      await dialog.getByTestId('rating-consent').click();
      await page.screenshot({ path: screenshotPath(`rate-visit-${language}-${page.viewportSize()?.width}`) });
      await dialog.getByTestId('rating-submit').click();
      await expect(page.getByText(visit!.rated ? TEXT[language].updated : TEXT[language].thanks)).toBeVisible();
      const [saved] = await queryDb<{ stars: number; showOnWebsite: boolean }>(
        'SELECT stars, "showOnWebsite" FROM "Rating" WHERE "visitId" = $1',
        [visit!.id],
      );
      expect(saved).toMatchObject({ stars: 1, showOnWebsite: true });
      // The visit page now shows the rating; the dashboard's "rate your visits" card offers the same dialog,
      // with this rating (other journeys may have opened newer visits, so the recent list may hold none finished).
      await expect(page.getByTestId('visit-rating')).toContainText(`Waited too long (${language})`);
      await page.goto('/client/dashboard');
      const row = page
        .getByTestId('my-ratings')
        .getByTestId('my-rating-row')
        .filter({ has: page.locator(`a[href$="/${visit!.id}"]`) });
      await row.getByTestId('rate-visit').click();
      await expect(page.getByTestId('rate-visit-dialog')).toBeVisible();
      await page.keyboard.press('Escape');

      const [{ average }] = (await queryDb<{ average: string }>('SELECT avg(stars)::text AS average FROM "Rating"')) as [
        { average: string },
      ];
      await staff.reload();
      // A reloaded screen loads cold (code, translations, data): up to 20 s on a busy machine.
      await expect
        .poll(async () => readNumber((await staff.getByTestId('ratings-average').textContent()) ?? ''), { timeout: 20_000 })
        .toBeCloseTo(Number(average), 1);
      if (!visit!.rated) await expect(staff.getByTestId('rating-row').first()).toContainText(`Waited too long (${language})`);
      await staff.screenshot({ path: screenshotPath(`ratings-${language}-1440`), fullPage: true });
      await staffContext.close();
    });
  });
}

// The inbox, the ratings screen and the client's rating card and dialog on a phone and a desktop, in English
// and Arabic: nothing wider than the screen, and screenshots to look at.
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

async function fitsWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const language of ['en', 'ar'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`the messages and ratings screens fit a ${device} (${language})`, async ({ browser }) => {
      test.setTimeout(120_000); // two browsers, four screens
      // Each first screen of a page loads its code and translations cold: a busy machine needs longer.
      const firstPaint = { timeout: 20_000 };
      const staffContext = await browser.newContext({ viewport });
      const staff = await staffContext.newPage();
      await useLanguage(staff, language);
      await signInAs(staff, DEMO.employee);
      await staff.goto('/admin/messages');
      await expect(staff.getByTestId('message-row').first()).toBeVisible(firstPaint);
      expect(await fitsWidth(staff), '/admin/messages').toBeLessThanOrEqual(0);
      await staff.screenshot({ path: screenshotPath(`messages-${device}-${language}`), fullPage: true });
      await staff.getByTestId('open-message').first().click();
      await expect(staff.getByTestId('message-dialog').getByTestId('message-text')).toBeVisible();
      await staff.screenshot({ path: screenshotPath(`message-dialog-${device}-${language}`), animations: 'disabled' });
      await staff.keyboard.press('Escape');

      await staff.goto('/admin/messages/rate');
      await expect(staff.getByTestId('ratings-average')).toBeVisible(firstPaint);
      await expect(staff.getByTestId('rating-row').first()).toBeVisible();
      expect(await fitsWidth(staff), '/admin/messages/rate').toBeLessThanOrEqual(0);
      await staff.screenshot({ path: screenshotPath(`ratings-${device}-${language}`), fullPage: true });
      await staffContext.close();

      const clientContext = await browser.newContext({ viewport });
      const client = await clientContext.newPage();
      await useLanguage(client, language);
      await signInAs(client, DEMO.client);
      await client.goto('/client/dashboard');
      const card = client.getByTestId('my-ratings');
      await expect(card.getByTestId('my-rating-row').first()).toBeVisible(firstPaint);
      await card.scrollIntoViewIfNeeded();
      expect(await fitsWidth(client), '/client/dashboard').toBeLessThanOrEqual(0);
      await card.screenshot({ path: screenshotPath(`my-ratings-${device}-${language}`) });
      await card.getByTestId('rate-visit').first().click();
      await expect(client.getByTestId('rate-visit-dialog')).toBeVisible();
      await client.screenshot({ path: screenshotPath(`rate-dialog-${device}-${language}`), animations: 'disabled' });
      await clientContext.close();
    });
  }
}
