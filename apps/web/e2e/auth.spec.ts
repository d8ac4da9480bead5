// Sign-in journeys (SPEC §2, §4): each role lands in its area, guards send people to /login or
// /not-authorized, the forgot-password flow end to end with the code read from the SMTP sink, an expired
// access token renewed without the user noticing, and logout.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BASE_URL, DEMO, e2eDir, embeddedDatabaseUrl, expect, switchLanguage, test, useLanguage } from './fixtures.ts';

async function signInThroughForm(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email, phone number or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('sign-in-submit').click();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; role: string; exp: number };
const sign = (unsigned: string, secret: string) => createHmac('sha256', secret).update(unsigned).digest('base64url');

/**
 * The data folder (secret, mailbox, database) of the server that issued `token`. e2e-dir.txt names the
 * last server started; when several journeys run side by side on other ports, the token's signature says
 * which folder is ours.
 */
function serverDir(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const candidates = readdirSync(os.tmpdir())
    .filter((name) => name.startsWith('garage-e2e-'))
    .map((name) => path.join(os.tmpdir(), name));
  try {
    candidates.unshift(e2eDir());
  } catch {
    // no e2e-dir.txt: the scan alone decides
  }
  for (const dir of candidates) {
    const secretFile = path.join(dir, 'jwt-secret');
    if (!existsSync(secretFile)) continue;
    const expected = Buffer.from(sign(`${header}.${payload}`, readFileSync(secretFile, 'utf8').trim()));
    const actual = Buffer.from(signature);
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) return dir;
  }
  throw new Error('no e2e data folder holds the secret that signed this token');
}

/** An access token the server itself would issue, but already expired. */
function expiredToken(liveToken: string): string {
  const { sub, role } = claimsOf(liveToken);
  const secret = readFileSync(path.join(serverDir(liveToken), 'jwt-secret'), 'utf8').trim();
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, role, iat: now - 3600, exp: now - 60 })}`;
  return `${unsigned}.${sign(unsigned, secret)}`;
}

interface PgClient {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}

/** SQL against the embedded PostgreSQL in `dir`. */
async function sql(dir: string, text: string, params: unknown[]) {
  const requireFromDb = createRequire(new URL('../../../packages/db/package.json', import.meta.url));
  const { Client } = requireFromDb('pg') as { Client: new (config: { connectionString: string }) => PgClient };
  const client = new Client({ connectionString: embeddedDatabaseUrl(dir) });
  await client.connect();
  try {
    await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** A new client account with an email address (registration takes a username only), and its data folder. */
async function accountWithEmail(request: import('@playwright/test').APIRequestContext, prefix: string) {
  const username = `${prefix}_${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const response = await request.post('/backend/register', { data: { username, password: 'First#Pass2026' } });
  expect(response.status()).toBe(201);
  const dir = serverDir((await response.json()).accessToken);
  await sql(dir, 'UPDATE "User" SET email = $1 WHERE username = $2', [email, username]);
  return { email, dir };
}

/** The newest code mailed to `to` after `seen` earlier mails to that address. */
async function codeFromMailbox(dir: string, to: string, seen: number): Promise<string> {
  const mailbox = path.join(dir, 'mailbox.jsonl');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mails = readFileSync(mailbox, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { to: string; text: string });
        code = /\b(\d{6})\b/.exec(mails.filter((mail) => mail.to === to)[seen]?.text ?? '')?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * Parks the tab on a file of the same origin, so the app's storage can be changed while no app runs: the
 * signed-in page polls, and a request of its own would refresh the session while the next page loads.
 */
async function leaveTheApp(page: Page) {
  await page.goto('/brand/favicon.svg');
}

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

for (const [role, identifier, password, area] of [
  ['admin (by username)', 'admin', DEMO.admin.password, /\/admin\/dashboard\/main-panel$/],
  ['employee (by email)', DEMO.employee.identifier, DEMO.employee.password, /\/admin\/dashboard\/main-panel$/],
  ['client (by phone)', '+1 5550100003', DEMO.client.password, /\/client\/dashboard$/],
] as const) {
  test(`the ${role} signs in and lands in the right area`, async ({ page, context }) => {
    await page.goto('/login');
    await signInThroughForm(page, identifier, password);
    await expect(page).toHaveURL(area);
    expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
    expect(cookies.accessToken?.value).toBe(await storedToken(page));
    expect(cookies.refreshToken).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/backend' });
    expect(JSON.parse(decodeURIComponent(cookies.user!.value))).toMatchObject({ username: expect.any(String) });
  });
}

test('a wrong password keeps the visitor on /login with the failure message', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'client2', 'Not#ThePassword1');
  await expect(page.getByTestId('auth-error')).toContainText('Login failed. Please try again.');
  await expect(page.getByTestId('auth-error')).toContainText('Invalid identifier or password');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

test('the keyboard goes identifier, password, sign in; Enter in the password field signs in', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email, phone number or username').fill('client');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  // The form's first submit-capable button is "Sign in"; "Forgot password?" comes after it.
  const buttons = await page
    .locator('form button')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? node.getAttribute('type')));
  expect(buttons.indexOf('sign-in-submit')).toBeLessThan(buttons.indexOf('forgot-password'));
  await page.keyboard.type(DEMO.client.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/client\//);
});

test('the form says the same in Arabic, right to left', async ({ page }) => {
  await page.goto('/login');
  await switchLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('#identifier').fill('client2');
  await page.locator('#password').fill('Not#ThePassword1');
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('auth-error')).toContainText('فشل تسجيل الدخول. يرجى المحاولة مرة أخرى.');
});

test('a signed-out visitor is sent to /login and, after signing in, back where they were going', async ({ page }) => {
  await page.goto('/admin/visits');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();
  await signInThroughForm(page, DEMO.employee.identifier, DEMO.employee.password);
  await expect(page).toHaveURL(/\/admin\/visits$/);
});

test('a client opening /admin reaches NOT AUTHORIZED, with the way back to login', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, DEMO.client.identifier, DEMO.client.password);
  await expect(page).toHaveURL(/\/client\//);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/not-authorized$/);
  await expect(page.getByRole('heading', { name: 'NOT AUTHORIZED' })).toBeVisible();
  await expect(page.getByTestId('required-roles')).toHaveText('Admin or Employee');
  await expect(page.getByTestId('origin')).toHaveText('/admin/users');
  await page.getByTestId('back-to-login').click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired access token is renewed without the user noticing', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, DEMO.employee.identifier, DEMO.employee.password);
  await expect(page).toHaveURL(/\/admin\//);
  const live = (await storedToken(page))!;
  const original = claimsOf(live);

  // The session has been idle past the token's 15 minutes: what the browser holds is now expired. Changed
  // with no app running (a live page would meet the expired token in its own requests and refresh first).
  await leaveTheApp(page);
  const expired = expiredToken(live);
  await page.evaluate((token) => localStorage.setItem('accessToken', token), expired);
  await page.context().addCookies([{ name: 'accessToken', value: expired, url: BASE_URL, sameSite: 'Strict' }]);

  // Hold the refresh until the guard's loading screen has been seen (a fixed delay raced the page's load).
  let refreshes = 0;
  let releaseRefresh!: () => void;
  const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
  await page.route('**/backend/user/refresh', async (route) => {
    refreshes += 1;
    await refreshHeld;
    await route.continue();
  });
  await page.goto('/admin/visits');
  await expect(page.getByText('Verifying authentication...')).toBeVisible();
  releaseRefresh();
  await expect(page.getByText('Verifying authentication...')).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/visits$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  const renewed = (await storedToken(page))!;
  expect(renewed).not.toBe(expired);
  expect(claimsOf(renewed).exp).toBeGreaterThan(Date.now() / 1000 + 60);
  expect(claimsOf(renewed).sub).toBe(original.sub);
  expect(refreshes).toBe(1);
});

test('a request the server refuses (401) is retried once after a silent refresh', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, DEMO.employee.identifier, DEMO.employee.password);
  await expect(page).toHaveURL(/\/admin\//);
  // Looks fine to the browser (not expired) but the server no longer accepts it.
  const live = (await storedToken(page))!;
  await leaveTheApp(page);
  const rejected = `${live.slice(0, -4)}${live.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
  await page.evaluate((token) => localStorage.setItem('accessToken', token), rejected);

  const statuses: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/backend/trpc/') || url.pathname === '/backend/user/refresh')
      statuses.push(`${url.pathname.split('/').pop()} ${response.status()}`);
  });
  await page.goto('/admin/users');
  await expect.poll(() => statuses.some((entry) => entry.startsWith('refresh 200'))).toBe(true);
  await expect.poll(() => statuses.filter((entry) => / 200$/.test(entry) && !entry.startsWith('refresh')).length).toBeGreaterThan(0);
  expect(statuses.find((entry) => / 401$/.test(entry))).toBeDefined();
  expect(statuses.filter((entry) => entry.startsWith('refresh'))).toEqual(['refresh 200']);
  await expect(page).toHaveURL(/\/admin\/users$/);
  expect(await storedToken(page)).not.toBe(rejected);
});

test('forgot password: code by email, verify, new password, signed in', async ({ page, request }) => {
  // A fresh account, so no other journey's demo account changes.
  const { email, dir } = await accountWithEmail(request, 'reset');

  await page.goto('/login');
  await page.getByLabel('Email, phone number or username').fill(email);
  await page.getByTestId('forgot-password').click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByTestId('send-code').click();

  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(page.getByTestId('resend-code')).toBeDisabled();
  await expect(page.getByTestId('resend-code')).toHaveText(/Resend code in \d+ s/);
  const code = await codeFromMailbox(dir, email, 0);

  // Pasting the whole code into the first box fills all six and submits (the check is held a moment so the
  // filled boxes can be seen).
  await page.route('**/backend/user/verify-otp', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.getByTestId('otp-digit-1').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
  for (let index = 0; index < 6; index++) await expect(page.getByTestId(`otp-digit-${index + 1}`)).toHaveValue(code[index]!);

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Second#Pass2026');
  await page.getByLabel('Confirm the new password').fill('Second#Pass2027');
  await page.getByTestId('reset-password-submit').click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm the new password').fill('Second#Pass2026');
  await page.getByTestId('reset-password-submit').click();

  await expect(page).toHaveURL(/\/client\/dashboard$/);
  expect((await request.post('/backend/user/login', { data: { identifier: email, password: 'First#Pass2026' } })).status()).toBe(401);
  expect((await request.post('/backend/user/login', { data: { identifier: email, password: 'Second#Pass2026' } })).status()).toBe(200);
});

test('a wrong code is refused with the SPEC message, and typing digits moves from box to box', async ({ page, request }) => {
  const { email, dir } = await accountWithEmail(request, 'wrongcode');

  await page.goto('/login');
  await page.getByTestId('forgot-password').click();
  await page.getByLabel('Email, phone number or username').fill(email);
  await page.getByTestId('send-code').click();
  const code = await codeFromMailbox(dir, email, 0);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByTestId('otp-digit-1').focus();
  await page.keyboard.type(wrong);
  await expect(page.getByTestId('auth-error')).toContainText('Failed to verify OTP. Please try again.');
  await expect(page.getByTestId('auth-error')).toContainText('The code is invalid or has expired');
});

test('logout clears the token, the three cookies and the session', async ({ page, context }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'client2', 'Demo#Client2026b');
  await expect(page).toHaveURL(/\/client\//);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  const names = (await context.cookies()).map((cookie) => cookie.name);
  for (const name of ['accessToken', 'refreshToken', 'user']) expect(names).not.toContain(name);
  await page.goto('/client/overview');
  await expect(page).toHaveURL(/\/login$/);
});
