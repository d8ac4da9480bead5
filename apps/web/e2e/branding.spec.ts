// The branding manager (/admin/settings/merchant-info): staff change a hero title and the public home page
// shows it; a brand colour saved in the manager becomes the site's colour. Every change is put back at the
// end so other journeys see the seeded branding.
import { DEMO, apiLogin, expect, queryDb, signInAs, test, useLanguage, waitForBranding } from './fixtures.ts';

interface Entry {
  id: string;
  type: string;
  language: string;
  status: string;
  fields: { key: string; value: string }[];
}

test.describe.configure({ mode: 'serial' });

test('the branding manager changes a hero title and the home page shows it', async ({ page }) => {
  const { accessToken } = await apiLogin(page.request, DEMO.admin);
  const entries = (await (await page.request.get('/backend/merchant/fetch-branding?lan=en')).json()) as Entry[];
  const hero = entries.find((entry) => entry.type === 'HERO' && entry.language === 'en')!;
  const newTitle = `Fast, friendly repairs ${Date.now()}`;
  try {
    await useLanguage(page, 'en');
    await signInAs(page, DEMO.admin);
    await page.goto('/admin/settings/merchant-info?tab=en');
    await waitForBranding(page);
    const card = page.getByTestId('branding-card-HERO');
    const title = card.getByLabel('Hero title');
    await expect(title).toHaveValue(hero.fields.find((field) => field.key === 'heroTitle')!.value);
    await title.fill(newTitle);
    await expect(card.getByText('Unsaved changes')).toBeVisible();
    await card.getByTestId('save-HERO').click();
    await expect(page.getByText('Merchant branding updated successfully!')).toBeVisible();

    await page.goto('/');
    await waitForBranding(page);
    await expect(page.getByTestId('hero-title')).toHaveText(newTitle);
  } finally {
    const restore = await page.request.put(`/backend/merchant/update-branding/${hero.id}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { type: hero.type, language: hero.language, status: hero.status, fields: hero.fields },
    });
    expect(restore.status()).toBe(200);
  }
});

test('a brand colour changed in the manager repaints the site, and bad theme JSON is refused', async ({ page }) => {
  const { accessToken } = await apiLogin(page.request, DEMO.admin);
  const entries = (await (await page.request.get('/backend/merchant/fetch-branding?lan=en')).json()) as Entry[];
  const theme = entries.find((entry) => entry.type === 'MERCHANT_THEME_COLORS')!;
  try {
    await useLanguage(page, 'en');
    await signInAs(page, DEMO.admin);
    await page.goto('/admin/settings/merchant-info');
    await waitForBranding(page);
    const card = page.getByTestId('branding-card-MERCHANT_THEME_COLORS');
    await card.locator('#branding-MERCHANT_THEME_COLORS-common-themeColors-brand-600').fill('#0f766e');
    // The live preview follows the unsaved value.
    await expect(page.getByTestId('theme-preview').getByText('Book a visit')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await card.getByTestId('save-MERCHANT_THEME_COLORS').click();
    await expect(page.getByText('Merchant branding updated successfully!')).toBeVisible();

    await page.goto('/');
    await waitForBranding(page);
    await expect(page.getByTestId('hero-book')).toHaveCSS('background-color', 'rgb(15, 118, 110)');

    // The API refuses theme colours that are not valid JSON of the documented shape (SPEC §5, §8).
    const refused = await page.request.put(`/backend/merchant/update-branding/${theme.id}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { type: theme.type, language: 'common', status: 'ACTIVE', fields: [{ key: 'themeColors', value: '{"colorBrand": ' }] },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe('Invalid theme color JSON');
  } finally {
    const restore = await page.request.put(`/backend/merchant/update-branding/${theme.id}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { type: theme.type, language: theme.language, status: theme.status, fields: theme.fields },
    });
    expect(restore.status()).toBe(200);
  }
});

test('staff only: a client is sent away from the branding manager', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, DEMO.client);
  await page.goto('/admin/settings/merchant-info');
  await expect(page).toHaveURL(/\/not-authorized/);
});

test('a missing entry is created from the manager (201) and shows on the site', async ({ page }) => {
  const { accessToken } = await apiLogin(page.request, DEMO.admin);
  const entries = (await (await page.request.get('/backend/merchant/fetch-branding?lan=fr')).json()) as Entry[];
  const values = entries.find((entry) => entry.type === 'CORE_VALUES' && entry.language === 'fr')!;
  // Take the French core values away (as on a fresh installation), then create them again in the manager.
  await queryDb('DELETE FROM "Branding" WHERE id = $1', [values.id]);
  try {
    await useLanguage(page, 'fr');
    await signInAs(page, DEMO.admin);
    await page.goto('/admin/settings/merchant-info?tab=fr');
    await waitForBranding(page);
    const card = page.getByTestId('branding-card-CORE_VALUES');
    await expect(card.getByText('Pas encore créé : l’enregistrement le crée.')).toBeVisible();
    await card.getByRole('button', { name: 'Ajouter une valeur' }).click();
    await card.getByLabel('Valeur 1').fill('Ponctualité garantie');
    const created = page.waitForResponse((response) => response.url().endsWith('/backend/merchant/create-branding'));
    await card.getByTestId('save-CORE_VALUES').click();
    expect((await created).status()).toBe(201);
    await expect(page.getByText('Identité visuelle créée avec succès !')).toBeVisible();

    await page.goto('/');
    await waitForBranding(page);
    await expect(page.locator('#about')).toContainText('Ponctualité garantie');
  } finally {
    const now = (await (await page.request.get('/backend/merchant/fetch-branding?lan=fr')).json()) as Entry[];
    const recreated = now.find((entry) => entry.type === 'CORE_VALUES' && entry.language === 'fr');
    const restore = recreated
      ? await page.request.put(`/backend/merchant/update-branding/${recreated.id}`, {
          headers: { authorization: `Bearer ${accessToken}` },
          data: { type: values.type, language: values.language, status: values.status, fields: values.fields },
        })
      : await page.request.post('/backend/merchant/create-branding', {
          headers: { authorization: `Bearer ${accessToken}` },
          data: { type: values.type, language: values.language, status: values.status, fields: values.fields },
        });
    expect(restore.ok()).toBe(true);
  }
});
