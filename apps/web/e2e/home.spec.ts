// The public website in a real browser: the three languages (Arabic right-to-left in its own font), the
// language surviving a reload, runtime branding from the database, the contact form, the 404 page, and
// the shell behaviour every page shares (scroll to top, progress bar, no request leaves the machine).
import type { Page } from '@playwright/test';
import { expect, queryDb, switchLanguage, test, useLanguage, waitForBranding, type Language } from './fixtures.ts';

interface BrandingEntry {
  type: string;
  language: string;
  fields: { key: string; value: string }[];
}

/**
 * Opens / and returns the branding entries of that language (as the API serves them now) and the branding
 * requests the page sent: none when the server wrote the branding into the page for this language.
 */
async function openHome(page: Page, language: Language): Promise<{ entries: BrandingEntry[]; brandingRequests: string[] }> {
  await useLanguage(page, language);
  const brandingRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/backend/merchant/fetch-branding')) brandingRequests.push(new URL(request.url()).search);
  });
  await page.goto('/');
  await waitForBranding(page);
  const entries = (await (await page.request.get(`/backend/merchant/fetch-branding?lan=${language}`)).json()) as BrandingEntry[];
  return { entries, brandingRequests };
}

const field = (entries: BrandingEntry[], type: string, key: string) =>
  entries.find((entry) => entry.type === type)?.fields.find((item) => item.key === key)?.value;

const EXPECTED: Record<Language, { dir: string; nav: string; book: string; notFound: string }> = {
  en: { dir: 'ltr', nav: 'All services', book: 'Book a visit', notFound: 'PAGE NOT FOUND' },
  fr: { dir: 'ltr', nav: 'Tous les services', book: 'Réserver une visite', notFound: 'PAGE INTROUVABLE' },
  ar: { dir: 'rtl', nav: 'كل الخدمات', book: 'احجز زيارة', notFound: 'الصفحة غير موجودة' },
};

for (const language of ['en', 'fr', 'ar'] as const) {
  test(`home page in ${language}`, async ({ page, blockedRequests }) => {
    const { entries, brandingRequests } = await openHome(page, language);
    const { displayName } = (await (await page.request.get('/backend/merchant/fetch-merchant')).json()).merchant as { displayName: string };
    // The server wrote the branding of the browser's language (en-US here) into the page; a visitor who
    // chose another language fetches that language's branding.
    expect(brandingRequests).toEqual(language === 'en' ? [] : [`?lan=${language}`]);

    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', EXPECTED[language].dir);
    await expect(page.getByTestId('hero-title')).toHaveText(field(entries, 'HERO', 'heroTitle')!);
    await expect(page.getByTestId('merchant-display-name').first()).toHaveText(displayName);
    await expect(page).toHaveTitle(displayName);
    await expect(page.getByTestId('hero-book')).toHaveText(EXPECTED[language].book);
    await expect(page.getByRole('banner').getByRole('link', { name: EXPECTED[language].nav }).first()).toBeAttached();
    for (const key of ['aboutTitle', 'servicesTitle', 'locationTitle', 'faqTitle', 'galleryTitle', 'contactFormTitle']) {
      await expect(page.getByRole('heading', { level: 2, name: field(entries, 'SECTION_TITLES', key)! })).toBeVisible();
    }
    // The services come from the catalogue in this language.
    const catalogue = (await (await page.request.get('/backend/offering/catalogue')).json()) as { title: Record<string, string> }[];
    await expect(page.locator('#services').getByRole('heading', { level: 3, name: catalogue[0]!.title[language] })).toBeVisible();
    // Opening hours and address work without any map tiles.
    await expect(page.getByTestId('location-address')).toHaveText(field(entries, 'CONTACT', 'contactAddress')!);
    await expect(page.getByTestId('location-map')).toHaveAttribute('href', /openstreetmap\.org/);
    // Fonts, images and data are all self-hosted: nothing was requested from another host.
    expect(blockedRequests).toEqual([]);
  });
}

test('Arabic is right-to-left and set in the Arabic font', async ({ page }) => {
  await openHome(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const body = page.locator('#about p').first();
  await expect.poll(() => body.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Cairo Variable"?/);
  // The font file itself was loaded (from our own server) and is used for Arabic text.
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Cairo Variable"', 'مرحبا'))).toBe(true);
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((font) => font.family.includes('Cairo') && font.status === 'loaded')))
    .toBe(true);
  // Logical properties mirror the layout: the brand sits on the right, the menu button on the left.
  const brand = await page.getByRole('banner').getByTestId('merchant-display-name').boundingBox();
  const viewport = page.viewportSize()!;
  expect(brand!.x).toBeGreaterThan(viewport.width / 2);
});

test('the chosen language survives a reload', async ({ page }) => {
  await openHome(page, 'en');
  await switchLanguage(page, 'fr');
  const fr = (await (await page.request.get('/backend/merchant/fetch-branding?lan=fr')).json()) as BrandingEntry[];
  await expect(page.getByTestId('hero-title')).toHaveText(field(fr, 'HERO', 'heroTitle')!);
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');

  await page.reload();
  await waitForBranding(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('hero-title')).toHaveText(field(fr, 'HERO', 'heroTitle')!);
  await expect(page.getByTestId('hero-book')).toHaveText(EXPECTED.fr.book);
});

test('the brand colour from the database is the computed colour of branded elements', async ({ page }) => {
  const { entries } = await openHome(page, 'en');
  const theme = JSON.parse(entries.find((entry) => entry.type === 'MERCHANT_THEME_COLORS')!.fields[0]!.value) as {
    colorBrand: Record<string, string>;
    font: { fontFamily: string };
  };
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16)).join(', ')})`;
  // Applied at run time on <html> (the stylesheet only holds the defaults)...
  for (const level of ['0', '200', '400', '600', '800']) {
    await expect
      .poll(() => page.evaluate((name) => document.documentElement.style.getPropertyValue(name), `--brand-${level}`))
      .toBe(theme.colorBrand[level]);
  }
  // ...and painted: the primary button uses brand level 600.
  await expect(page.getByTestId('hero-book')).toHaveCSS('background-color', rgb(theme.colorBrand['600']!));
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(theme.font.fontFamily);
});

test('the contact form validates and stores a message', async ({ page }) => {
  await openHome(page, 'en');
  await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
  const form = page.getByTestId('contact-form');
  await expect(form).toBeVisible();

  await form.getByTestId('contact-submit').click();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  await form.getByLabel('Email').fill('not-an-email');
  await expect(form.getByText('Email must be a valid email address')).toBeVisible();

  const marker = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await form.getByLabel('Full name').fill('Playwright Visitor');
  await form.getByLabel('Email').fill('visitor@example.com');
  await form.getByLabel('Message').fill(`Please call me back about my brakes (${marker}).`);
  const created = page.waitForResponse((response) => response.url().endsWith('/backend/contact') && response.request().method() === 'POST');
  await form.getByTestId('contact-submit').click();
  expect((await created).status()).toBe(201);
  await expect(page.getByText('Your message has been sent!')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('');

  const rows = await queryDb<{ fullName: string; email: string; read: boolean }>(
    'SELECT "fullName", email, read FROM "ContactMessage" WHERE message LIKE $1',
    [`%${marker}%`],
  );
  expect(rows).toEqual([{ fullName: 'Playwright Visitor', email: 'visitor@example.com', read: false }]);
});

test("the scripts every page starts with carry V8's compile hint", async ({ page }) => {
  await page.goto('/');
  // On the drawn home page they are announced after its first paint (public/boot.js).
  const startChunks = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="modulepreload"], script[type="module"][src]')]
        .map((element) => ('href' in element ? element.href : element.src))
        .filter((url) => /\/assets\/(vendor|web)-[\w-]+\.js$/.test(url)),
    );
  // tooling/compile-hints-plugin.ts: the vendor and web chunks; their functions then compile off the main thread.
  await expect.poll(async () => (await startChunks()).length).toBe(2);
  for (const url of await startChunks())
    expect((await (await page.request.get(url)).text()).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
});

test('a page opened at an anchor shows that section, and every section stays when the anchor goes', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/#faq');
  await expect(page.locator('#faq')).toBeInViewport();
  // The home page draws its sections one per task (components/render-in-turn.tsx); drawn for the anchor,
  // they must not go back to the hero alone when the address loses it.
  await page.getByTestId('merchant-display-name').first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#faq')).toBeAttached();
  await expect(page.locator('#contact')).toBeAttached();
});

test('a failed send says so', async ({ page }) => {
  await openHome(page, 'en');
  await page.route('**/backend/contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/#contact');
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Full name').fill('Visitor');
  await form.getByLabel('Email').fill('visitor@example.com');
  await form.getByLabel('Message').fill('Hello');
  await form.getByTestId('contact-submit').click();
  await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('Hello');
});

for (const language of ['en', 'ar'] as const) {
  test(`unknown pages show PAGE NOT FOUND with a way home (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EXPECTED[language].notFound);
    await page.getByRole('main').getByRole('link').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('hero-title')).toBeVisible();
  });
}

test('a route change scrolls to the top and shows the progress bar while the page loads', async ({ page }) => {
  await openHome(page, 'en');
  // Hold the next page's code back for a moment so the progress bar can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/all-services-page-.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'All services' }).click();
  await expect(page.getByTestId('route-progress')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'All services and prices' })).toBeVisible();
  await expect(page.getByTestId('route-progress')).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('service-item').first()).toBeVisible();
});

test('all services lists prices, currency and duration, and says so when loading fails', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/all-services');
  const item = page.getByTestId('service-item').filter({ hasText: 'Oil change' });
  // The currency once, by the money formatter ("$89", never "$89 USD").
  await expect(item).toContainText('$89');
  await expect(item).not.toContainText('USD');
  await expect(item).toContainText('45 min');

  await page.route('**/backend/offering/catalogue', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.reload();
  await expect(page.getByText('Error loading services. Please try again.')).toBeVisible({ timeout: 20_000 });
});
