// A client changes their email address on /client/profile: the new address gets a code (read here from the
// e2e server's SMTP sink), a wrong code is refused, the right one applies the address, and the previous
// address is told. In English on a desktop and in Arabic (right to left) on a phone. Also: a pending phone
// change cancelled, and the client vehicle page's breadcrumbs and links (visits, oil history).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, e2eDir, expect, queryDb, screenshotPath, signInAs, test, useLanguage, type Language } from './fixtures.ts';

const PASSWORD = 'Profile#Pass2026';

interface Mail {
  to: string;
  subject: string;
  text: string;
}
const mailsTo = (to: string): Mail[] =>
  readFileSync(path.join(e2eDir(), 'mailbox.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail)
    .filter((mail) => mail.to === to);

/** The code of the first mail to `to` (this journey's addresses are its own). */
async function codeMailedTo(to: string): Promise<string> {
  let code: string | undefined;
  await expect.poll(() => (code = /\b(\d{6})\b/.exec(mailsTo(to)[0]?.text ?? '')?.[1]), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  return code!;
}

/** A client of our own (registration takes a username; the email is set in the database). */
async function newClient(request: APIRequestContext, stamp: string) {
  const username = `contact_${stamp}`;
  const response = await request.post('/backend/register', { data: { username, password: PASSWORD } });
  expect(response.status()).toBe(201);
  const email = `${username}@old.example.com`;
  await queryDb('UPDATE "User" SET email = $1 WHERE username = $2', [email, username]);
  return { username, email };
}

async function typeCode(page: Page, code: string) {
  const pending = page.getByTestId('contact-email-pending');
  await pending.getByTestId('otp-digit-1').fill(code);
}

for (const [language, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['ar', { width: 390, height: 844 }],
] as [Language, { width: number; height: number }][]) {
  test(`a client changes their email with the code mailed to the new address (${language}, ${viewport.width}px)`, async ({ page }) => {
    const stamp = `${language}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await page.setViewportSize(viewport);
    await useLanguage(page, language);
    const client = await newClient(page.request, stamp);
    const target = `contact_${stamp}@new.example.com`;
    await signInAs(page, { identifier: client.username, password: PASSWORD });

    await page.goto('/client/profile');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const card = page.getByTestId('contact-card');
    // The first visit loads the page's code and three translation namespaces: slow on a busy machine.
    await expect(card.getByTestId('contact-email-current')).toHaveText(client.email, { timeout: 30_000 });
    await card.getByTestId('contact-email-change').click();
    await card.locator('#contact-new-email').fill(target);
    await card.getByTestId('contact-email-send').click();

    // Pending: the new address is shown, the current one is still in use.
    const pending = card.getByTestId('contact-email-pending');
    await expect(pending.getByTestId('contact-email-pending-to')).toHaveText(target);
    await expect(card.getByTestId('contact-email-current')).toHaveText(client.email);
    await expect(card.getByTestId('contact-email-resend')).toBeDisabled();
    const code = await codeMailedTo(target);
    expect(mailsTo(client.email)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`profile-contact-pending-${language}-${viewport.width}`), fullPage: true });

    // A wrong code is refused, in the page's language.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await typeCode(page, wrong);
    await expect(pending.getByTestId('contact-email-error')).toHaveText(
      language === 'ar' ? 'الرمز غير صالح أو منتهي الصلاحية' : 'The code is invalid or has expired',
    );
    expect((await queryDb<{ email: string }>('SELECT email FROM "User" WHERE username = $1', [client.username]))[0]?.email).toBe(
      client.email,
    );

    // The right code applies the new address.
    await typeCode(page, code);
    await expect(card.getByTestId('contact-email-current')).toHaveText(target);
    await expect(pending).toBeHidden();
    expect((await queryDb<{ email: string }>('SELECT email FROM "User" WHERE username = $1', [client.username]))[0]?.email).toBe(target);
    await expect
      .poll(
        () =>
          mailsTo(client.email)
            .map((mail) => mail.text)
            .join('\n'),
        { timeout: 15_000 },
      )
      .toContain(target);
    await page.screenshot({ path: screenshotPath(`profile-contact-done-${language}-${viewport.width}`), fullPage: true });

    // Still after a reload (the server, not the page, holds it).
    await page.reload();
    await expect(page.getByTestId('contact-email-current')).toHaveText(target, { timeout: 30_000 });
  });
}

test('a pending phone change can be cancelled and the current number stays', async ({ page }) => {
  const stamp = `ph${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await useLanguage(page, 'en');
  const client = await newClient(page.request, stamp);
  await signInAs(page, { identifier: client.username, password: PASSWORD });
  await page.goto('/client/profile');
  const card = page.getByTestId('contact-card');
  await expect(card.getByTestId('contact-phone-current')).toHaveText('No phone number', { timeout: 30_000 });
  await card.getByTestId('contact-phone-change').click();
  await card.locator('#contact-new-country-code').fill('+33');
  const number = `6${String(Date.now()).slice(-8)}`;
  await card.locator('#contact-new-phone').fill(number);
  await card.getByTestId('contact-phone-send').click();
  await expect(card.getByTestId('contact-phone-pending-to')).toHaveText(`+33 ${number}`);
  await card.getByTestId('contact-phone-cancel').click();
  await expect(card.getByTestId('contact-phone-pending')).toBeHidden();
  await expect(card.getByTestId('contact-phone-current')).toHaveText('No phone number');
  await page.reload();
  await expect(page.getByTestId('contact-phone-change')).toBeVisible({ timeout: 30_000 });
});

test('the client vehicle page leads to its visits and oil history, with breadcrumbs back (ar, phone)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'ar');
  await signInAs(page, DEMO.client);
  const [vehicle] = await queryDb<{ id: string; plateNumber: string }>(
    `SELECT v.id, v."plateNumber" FROM "Vehicle" v JOIN "User" u ON u.id = v."ownerId"
     WHERE u.email = $1 AND v."deletedAt" IS NULL AND EXISTS (SELECT 1 FROM "Visit" s WHERE s."vehicleId" = v.id) ORDER BY v."createdAt" LIMIT 1`,
    [DEMO.client.identifier],
  );
  expect(vehicle).toBeDefined();
  await page.goto(`/client/overview/${vehicle!.id}`);
  const crumbs = page.getByTestId('breadcrumbs');
  await expect(crumbs.getByRole('link', { name: 'مركباتي' })).toHaveAttribute('href', '/client/overview', { timeout: 30_000 });
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(vehicle!.plateNumber);
  await expect(page.locator(`a[href^="/client/overview/${vehicle!.id}/"]`).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('client-vehicle-breadcrumbs-ar-390'), fullPage: true });

  await page.locator(`a[href="/client/overview/oil/${vehicle!.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/client/overview/oil/${vehicle!.id}$`));
  await expect(crumbs.getByRole('link', { name: vehicle!.plateNumber })).toHaveAttribute('href', `/client/overview/${vehicle!.id}`);
  await crumbs.getByRole('link', { name: vehicle!.plateNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/client/overview/${vehicle!.id}$`));
});
