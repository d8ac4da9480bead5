// Shared pieces of every browser journey. Import `test` and `expect` from here, never from
// @playwright/test: the page blocks every request to a non-local host (there is no network, and a test
// must not depend on one), and helpers switch the language or sign in through the API.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };
export type Language = 'en' | 'fr' | 'ar';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);
const webRoot = fileURLToPath(new URL('../', import.meta.url));
const requireFromDb = createRequire(new URL('../../../packages/db/package.json', import.meta.url));
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT || 3100}`;

/** The app has started over a page the server drew (main.tsx takes the drawing's mark off #root); at once elsewhere. */
export async function appStarted(page: Page) {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-server-drawn'));
}

export const test = base.extend<{ blockedRequests: string[]; waitForApp: boolean }>({
  // Requests the page tried to send to another host (they are aborted).
  blockedRequests: async ({}, use) => {
    await use([]);
  },
  // page.goto and page.reload return once the app runs: / and /login are drawn by the server and painted
  // before the app's code arrives (src/server-render.tsx), and until then a key or a click does nothing, as
  // for a visitor. A journey about that moment turns it off: test.use({ waitForApp: false }).
  waitForApp: [true, { option: true }],
  page: async ({ page, blockedRequests, waitForApp }, use) => {
    if (waitForApp) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await appStarted(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await appStarted(page);
        return response;
      };
    }
    await page.route(
      (url) => !LOCAL_HOSTS.has(url.hostname) && url.protocol !== 'data:' && url.protocol !== 'blob:',
      (route) => {
        blockedRequests.push(route.request().url());
        return route.abort('blockedbyclient');
      },
    );
    await use(page);
  },
});

/** Chooses the language before the app starts (as a returning visitor), for every page of the context. */
export async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((lng) => {
    if (!sessionStorage.getItem('e2e-language-set')) {
      localStorage.setItem('i18nextLng', lng);
      sessionStorage.setItem('e2e-language-set', '1');
    }
  }, language);
}

/** Switches the language with the language menu in the header, as a visitor would. */
export async function switchLanguage(page: Page, language: Language) {
  await page.locator('[data-testid="language-menu"]:visible').first().click();
  await page.getByTestId(`language-${language}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Waits until the branding is applied (the theme loader is gone). */
export async function waitForBranding(page: Page) {
  await expect(page.getByTestId('theme-loader')).toHaveAttribute('data-visible', 'false');
}

export const DEMO = {
  admin: { identifier: 'admin@demo.garage', password: 'Demo#Admin2026' },
  employee: { identifier: 'employee@demo.garage', password: 'Demo#Employee2026' },
  client: { identifier: 'client@demo.garage', password: 'Demo#Client2026' },
} as const;

export interface ApiSession {
  accessToken: string;
  user: Record<string, unknown>;
}

/** Signs in through the API (POST /backend/user/login) and returns the session. */
export async function apiLogin(request: APIRequestContext, account: { identifier: string; password: string }): Promise<ApiSession> {
  const response = await request.post('/backend/user/login', { data: account });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ApiSession;
}

/**
 * Starts the browser signed in: the login goes through the page's own request context (so the httpOnly
 * refresh cookie lands in the browser), and the access token and user go where the web app keeps them.
 */
export async function signInAs(page: Page, account: { identifier: string; password: string }): Promise<ApiSession> {
  const session = await apiLogin(page.request, account);
  await page.context().addCookies([
    { name: 'accessToken', value: session.accessToken, url: BASE_URL, sameSite: 'Strict' },
    { name: 'user', value: encodeURIComponent(JSON.stringify(session.user)), url: BASE_URL, sameSite: 'Strict' },
  ]);
  return session;
}

/** The throwaway data folder of the e2e server (database, mailbox). */
export function e2eDir(): string {
  if (process.env.E2E_DIR) return process.env.E2E_DIR;
  return readFileSync(path.join(webRoot, 'test-results/e2e-dir.txt'), 'utf8').trim();
}

interface PgClient {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
}

/**
 * The address of the embedded PostgreSQL of the e2e data folder `dir`: port from its postmaster.pid, the
 * cluster's own password from its garage-password file (packages/db/src/embedded.ts).
 */
export function embeddedDatabaseUrl(dir: string): string {
  const port = readFileSync(path.join(dir, 'postgres/postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  const password = readFileSync(path.join(dir, 'postgres/garage-password'), 'utf8').trim();
  return `postgresql://garage:${encodeURIComponent(password)}@127.0.0.1:${port}/garage`;
}

/** Runs SQL against the e2e server's database. `pg` is resolved from packages/db, the package that owns it. */
export async function queryDb<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const { Client } = requireFromDb('pg') as { Client: new (config: { connectionString: string }) => PgClient };
  const client = new Client({ connectionString: embeddedDatabaseUrl(e2eDir()) });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export function screenshotPath(name: string): string {
  return path.join(webRoot, 'test-results/screenshots', `${name}.png`);
}
