// First run in the browser (issue 18): a fresh installation without demo data serves its public site
// without errors, /login points to /setup, and the setup screen (code → admin → shop with its logo → done)
// leads to the admin dashboard, where the new admin imports a CSV of customers and finds them in the list,
// in English and in Arabic. Each language needs its own fresh install, so this file starts
// two extra servers (apps/api/test/e2e-server.ts with E2E_FRESH=1, on E2E_FRESH_PORT (default E2E_PORT+1)
// and the next port) and reads their setup codes from $E2E_DIR/setup-code.txt; the demo server of the
// other journeys is not touched. The admin and shop steps are checked with axe as well.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, useLanguage, type Language } from './fixtures.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// E2E_FRESH_PORT (default E2E_PORT+1) and the port after it; set it when other checkouts use nearby ports.
const freshPort = Number(process.env.E2E_FRESH_PORT || Number(process.env.E2E_PORT || 3100) + 1);

interface FreshServer {
  url: string;
  dir: string;
  process: ChildProcess;
  output: string[];
}

/** The worker's environment without Playwright's own Node options (its loader must not reach the server). */
function serverEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  for (const key of Object.keys(env)) if (key.startsWith('PW_') || key.startsWith('PLAYWRIGHT_')) delete env[key];
  return env;
}

/**
 * The embedded PostgreSQL picks a free port before initdb runs (seconds), so another cluster starting on
 * this machine meanwhile can take it and the server exits at once: try again then.
 */
async function startFreshServer(port: number, attempts = 3): Promise<FreshServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startFreshServerOnce(port);
    } catch (error) {
      if (attempt >= attempts || !String(error).includes('fresh server exited')) throw error;
    }
  }
}

async function startFreshServerOnce(port: number): Promise<FreshServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'garage-e2e-fresh-'));
  chmodSync(dir, 0o755);
  const child = spawn('pnpm', ['--filter', '@garage/api', 'exec', 'tsx', 'test/e2e-server.ts'], {
    cwd: repoRoot,
    env: { ...serverEnv(), E2E_FRESH: '1', E2E_PORT: String(port), E2E_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`fresh server exited:\n${output.join('')}`);
    try {
      // Ours, not another server on that port: it waits for its first admin.
      const status = existsSync(path.join(dir, 'setup-code.txt')) ? await fetch(`${url}/backend/setup/status`) : null;
      if (status?.ok && ((await status.json()) as { needsSetup: boolean }).needsSetup && child.exitCode === null) {
        return { url, dir, process: child, output };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`fresh server did not start:\n${output.join('')}`);
}

async function stopFreshServer(server: FreshServer | undefined) {
  if (!server) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  try {
    process.kill(-server.process.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  rmSync(server.dir, { recursive: true, force: true });
}

const servers: Partial<Record<'en' | 'ar', Promise<FreshServer>>> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // One after the other (each embedded PostgreSQL takes the first free port; two starting at once would pick
  // the same one), the second while the first journey runs.
  servers.en = startFreshServer(freshPort);
  await servers.en;
  servers.ar = startFreshServer(freshPort + 1);
  servers.ar.catch(() => {});
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  const started = await Promise.all([servers.en?.catch(() => undefined), servers.ar?.catch(() => undefined)]);
  await Promise.all(started.map(stopFreshServer));
});

const setupCodeOf = (server: FreshServer) => readFileSync(path.join(server.dir, 'setup-code.txt'), 'utf8').trim();

/** Every API answer the page got with status >= 400. */
function failedApiCalls(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/backend/') && response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  return failures;
}

/** No serious or critical WCAG 2.1 A/AA violation (as e2e/a11y.spec.ts checks the public pages). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (process.env.SETUP_SCREENSHOTS)
    await page.screenshot({ path: path.join(process.env.SETUP_SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** A 1x1 PNG: the logo chosen at setup. */
const LOGO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** Customers as a shop keeps them in a spreadsheet: national phone numbers (the admin's country code applies), one row per vehicle. */
function customersCsv(tag: string): string {
  const digits = String(Date.now()).slice(-7);
  return [
    'First name,Last name,Email,Phone,Plate,Make,Model,Year',
    `Samira,First${tag},samira.${tag.toLowerCase()}@example.com,06${digits}1,${tag}-1,Renault,Clio,2018`,
    `Samira,First${tag},samira.${tag.toLowerCase()}@example.com,06${digits}1,${tag}-2,Dacia,Logan,2020`,
    `Omar,First${tag},omar.${tag.toLowerCase()}@example.com,06${digits}2,${tag}-3,Peugeot,208,2021`,
  ].join('\n');
}

const ADMIN = {
  firstName: 'Nadia',
  lastName: 'Karim',
  email: 'nadia@karim-motors.example',
  username: 'nadia',
  countryCode: '+212',
  phoneNumber: '600112233',
  password: 'Owner#Setup2026',
};

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  test(`a fresh install is set up through the screen and the admin reaches the dashboard (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    const server = await servers[language]!;
    // English on a desktop screen, Arabic on a phone.
    if (language === 'ar') await page.setViewportSize({ width: 390, height: 844 });
    const code = setupCodeOf(server);
    expect(code).toMatch(/^[2-9A-Z]{12}$/);
    // The banner the server prints shows the same code (formatted) and where to go. The code file can be
    // written before the banner reaches our pipe: wait for it rather than read it once.
    await expect.poll(() => server.output.join('')).toContain(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`);
    expect(server.output.join('')).toContain('/setup');
    await useLanguage(page, language);
    const failures = failedApiCalls(page);

    // The public site of an empty shop: neutral brand, no merchant 404, no retries.
    await page.goto(`${server.url}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('theme-loader')).toHaveAttribute('data-visible', 'false');
    await expect(page.locator('header').getByText('Garage').first()).toBeVisible();
    expect(failures).toEqual([]);
    await shot(page, `${language}-public-empty`);

    // Staff arrive at /login, which sends a fresh install to /setup.
    await page.goto(`${server.url}/login`);
    await expect(page.getByTestId('setup-notice')).toBeVisible();
    await page.getByTestId('setup-notice').getByRole('link').click();
    await expect(page).toHaveURL(/\/setup$/);
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // Step 1: a wrong code is refused, the printed one (typed loosely) is accepted.
    await page.locator('#setup-setupCode').fill('AAAA-BBBB-CCCC');
    await page.getByTestId('setup-code-submit').click();
    await expect(page.locator('[data-slot="field-error"]')).toBeVisible();
    await shot(page, `${language}-code-wrong`);
    await page.locator('#setup-setupCode').fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
    await page.getByTestId('setup-code-submit').click();

    // Step 2: the first admin; the password rule is checked before going on.
    await expect(page.locator('#setup-firstName')).toBeVisible();
    for (const [field, value] of Object.entries(ADMIN)) await page.locator(`#setup-${field}`).fill(field === 'password' ? 'weak' : value);
    await page.getByTestId('setup-admin-submit').click();
    await expect(page.locator('#setup-password')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('#setup-password').fill(ADMIN.password);
    await shot(page, `${language}-admin`);
    await expectAccessible(page);
    await page.getByTestId('setup-admin-submit').click();

    // Step 3: the shop. The short name follows the display name.
    const shopName = language === 'ar' ? 'ورشة كريم' : 'Karim Motors';
    await page.locator('#setup-displayName').fill(shopName);
    if (language === 'en') await expect(page.locator('#setup-name')).toHaveValue('karim-motors');
    else await page.locator('#setup-name').fill('karim-motors');
    // The country fills currency and time zone (and brings Morocco's VAT rates with the setup).
    await page.locator('#setup-taxProfile').click();
    await page.getByRole('option', { name: language === 'ar' ? 'المغرب' : 'Morocco' }).click();
    await expect(page.locator('#setup-currency')).toHaveValue('MAD');
    await expect(page.locator('#setup-timezone')).toHaveValue('Africa/Casablanca');
    await page.locator('#setup-phone').fill('+212 522 00 11 22');
    await page.locator('#setup-whatsapp').fill('+212600112233');
    await page.locator('#setup-email').fill('contact@karim-motors.example');
    await page.locator('#setup-address').fill('12 rue des Garages, Casablanca');
    await page.locator('#setup-openingHours').fill('Mon-Sat 8:00-18:00');
    // The logo is stored as soon as it is chosen (with the setup code), and previewed.
    await page.getByTestId('setup-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await expect(page.getByTestId('setup-logo-preview')).toHaveAttribute('src', /^\/backend\/media\/[0-9a-f-]+\/file$/);
    await shot(page, `${language}-shop`);
    await expectAccessible(page);
    await page.getByTestId('setup-shop-submit').click();

    // Done: signed in as the admin, on to the dashboard.
    await expect(page.getByTestId('setup-done')).toBeVisible();
    await expect(page.getByTestId('setup-done')).toContainText(shopName);
    // The header shows the shop's own logo now.
    await expect(page.locator('header a[href="/"] img')).toHaveAttribute('src', /^\/backend\/media\/[0-9a-f-]+\/file$/);
    await shot(page, `${language}-done`);
    await page.getByTestId('setup-open-dashboard').click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/main-panel$/);
    await expect(page.getByTestId('main-panel')).toBeVisible();
    await expect(page.getByTestId('get-started-checklist')).toBeVisible();
    await expect(page.getByTestId('get-started-website')).toHaveAttribute('data-done', 'false');
    await shot(page, `${language}-dashboard`);
    // Sharing the website link ticks its step; hiding the list keeps it hidden after a reload.
    if (language === 'ar') {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.getByTestId('get-started-website').getByRole('button').click();
      await expect(page.getByTestId('get-started-website')).toHaveAttribute('data-done', 'true');
      await page.getByTestId('get-started-dismiss').click();
      await expect(page.getByTestId('get-started-checklist')).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('main-panel')).toBeVisible();
      await expect(page.getByTestId('get-started-checklist')).toHaveCount(0);
    }

    // The shop's customers arrive from a spreadsheet: mapped by name, checked, imported, then in the list.
    const tag = `${language}${Date.now().toString(36)}`.toUpperCase();
    const failuresBefore = failures.length;
    await page.goto(`${server.url}/admin/users`);
    await page.getByTestId('import-customers').click();
    await expect(page).toHaveURL(/\/admin\/settings\/data$/);
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(customersCsv(tag)) });
    await expect(page.getByTestId('column-mapping')).toBeVisible();
    await page.getByTestId('check-file').click();
    await expect(page.getByTestId('validation-result')).toBeVisible();
    await page.getByTestId('run-import').click();
    await expect(page.getByTestId('summary-customers').locator('td').nth(1)).toHaveText('2');
    await expect(page.getByTestId('summary-vehicles').locator('td').nth(1)).toHaveText('3');
    await shot(page, `${language}-import-summary`);
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('searchbox').fill(`First${tag}`);
    // A table row on a desktop, a card on a phone.
    const customer = (name: string) =>
      page.locator('[data-testid="user-row"]:visible, [data-testid="user-card"]:visible').filter({ hasText: `${name} First${tag}` });
    const samira = customer('Samira');
    await expect(samira).toBeVisible();
    await expect(customer('Omar')).toBeVisible();
    // Written without a country code, the numbers took the admin's (+212), not a foreign default.
    await expect(samira).toContainText('+212');
    await shot(page, `${language}-customers`);
    expect(failures.slice(failuresBefore)).toEqual([]);

    // What setup asked stays editable: the shop details sit at the top of the branding manager.
    if (language === 'en') {
      await page.goto(`${server.url}/admin/settings/merchant-info`);
      const details = page.getByTestId('shop-details');
      await expect(details.locator('#setup-displayName')).toHaveValue(shopName);
      await expect(details.locator('#setup-timezone')).toHaveValue('Africa/Casablanca');
      await details.locator('#setup-currency').fill('EUR');
      await page.getByTestId('shop-details-save').click();
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`${server.url}/backend/merchant/fetch-merchant`)).json()) as { merchant: { currency: string } })
              .merchant.currency,
        )
        .toBe('EUR');
      // Pictures are uploaded there too (the setup logo already fills the header logo and favicon).
      const assets = page.getByTestId('branding-card-ASSETS');
      await expect(assets.locator('input[id$="-headerLogo"]')).toHaveValue(/^\/backend\/media\/[0-9a-f-]+\/file$/);
      await assets
        .locator('[data-testid$="-heroImage1-file"]')
        .setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: LOGO_PNG });
      await expect(assets.locator('input[id$="-heroImage1"]')).toHaveValue(/^\/backend\/media\/[0-9a-f-]+\/file$/);
      await page.getByTestId('save-ASSETS').click();
      await expect
        .poll(async () => {
          const entries = (await (await page.request.get(`${server.url}/backend/merchant/fetch-branding?lan=en`)).json()) as {
            type: string;
            fields: { key: string; value: string }[];
          }[];
          return entries.find((entry) => entry.type === 'ASSETS')?.fields.find((field) => field.key === 'heroImage1')?.value ?? '';
        })
        .toMatch(/^\/backend\/media\/[0-9a-f-]+\/file$/);
      await shot(page, 'en-branding-manager');
    }

    // Setup cannot run again.
    await page.goto(`${server.url}/setup`);
    await expect(page.getByTestId('setup-already-done')).toBeVisible();
    await page.goto(`${server.url}/login`);
    await expect(page.getByTestId('setup-notice')).toHaveCount(0);
    const status = await page.request.get(`${server.url}/backend/setup/status`);
    expect(await status.json()).toEqual({ needsSetup: false });
  });
}
