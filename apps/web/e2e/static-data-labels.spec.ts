// Static data labels (issue 15): a vehicle's colour and engine type read in the screen's language, from the
// labels of their static data entries (demo data: "White" is "أبيض" and "Blanc"), on the client's and the
// staff's vehicle pages; a value without a label shows as stored.
import { DEMO, expect, queryDb, signInAs, test, useLanguage } from './fixtures.ts';

const COLOR_LABELS: Record<string, { fr: string; ar: string }> = {
  White: { fr: 'Blanc', ar: 'أبيض' },
  Black: { fr: 'Noir', ar: 'أسود' },
  Silver: { fr: 'Argent', ar: 'فضي' },
  Grey: { fr: 'Gris', ar: 'رمادي' },
  Blue: { fr: 'Bleu', ar: 'أزرق' },
  Red: { fr: 'Rouge', ar: 'أحمر' },
  Green: { fr: 'Vert', ar: 'أخضر' },
};

for (const language of ['ar', 'fr'] as const) {
  test(`a vehicle's colour is shown with its ${language} label on the client's and the staff's pages`, async ({ page }) => {
    const [vehicle] = await queryDb<{ id: string; ownerId: string; color: string }>(
      `SELECT v.id, v."ownerId", v.color FROM "Vehicle" v JOIN "User" u ON u.id = v."ownerId"
        WHERE u.email = 'client@demo.garage' AND v."deletedAt" IS NULL AND v.color = ANY($1) ORDER BY v."createdAt" LIMIT 1`,
      [Object.keys(COLOR_LABELS)],
    );
    const label = COLOR_LABELS[vehicle!.color]![language];
    await useLanguage(page, language);
    await signInAs(page, DEMO.client);
    await page.goto(`/client/overview/${vehicle!.id}`);
    const facts = page.locator('main dl').first();
    await expect(facts).toContainText(label);
    await expect(facts).not.toContainText(vehicle!.color);

    await signInAs(page, DEMO.admin);
    await page.goto(`/admin/users/${vehicle!.ownerId}/vehicle/${vehicle!.id}`);
    await expect(page.locator('main dl').first()).toContainText(label);
  });
}
