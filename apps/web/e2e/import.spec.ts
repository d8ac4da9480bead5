// Import and export in a real browser (issue 18): staff open the import from the users list, upload a CSV,
// map the one column the app could not recognise, check the rows, import, and find the customers in the
// list; an administrator downloads the export ZIP. In English and in Arabic (rtl), on desktop and phone.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO, expect, screenshotPath, signInAs, test, useLanguage } from './fixtures.ts';

type JourneyLanguage = 'en' | 'ar';
const TEXT: Record<JourneyLanguage, { lastName: string; allValid: string; finished: string }> = {
  en: { lastName: 'Last name', allValid: 'Every row is valid.', finished: 'Import finished' },
  ar: { lastName: 'اسم العائلة', allValid: 'كل الأسطر صالحة.', finished: 'اكتمل الاستيراد' },
};

function customersCsv(tag: string): string {
  const phone = (n: number) => `6${String(Date.now()).slice(-7)}${n}`;
  return [
    // "Family" is no header the app knows: the journey maps it by hand.
    'First name,Family,Email,Phone,Plate,Make,Model,Year',
    `Yasmine,Import${tag},yasmine.${tag.toLowerCase()}@example.com,+212 ${phone(1)},${tag}A,Renault,Clio,2018`,
    `Yasmine,Import${tag},yasmine.${tag.toLowerCase()}@example.com,+212 ${phone(1)},${tag}B,Dacia,Logan,2020`,
    `Karim,Import${tag},karim.${tag.toLowerCase()}@example.com,+212 ${phone(2)},${tag}C,Peugeot,208,2021`,
  ].join('\n');
}

async function importCustomers(page: Page, language: JourneyLanguage, tag: string) {
  await page.goto('/admin/users');
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await page.getByTestId('import-customers').click();
  await expect(page).toHaveURL(/\/admin\/settings\/data$/);

  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(customersCsv(tag)) });
  await expect(page.getByTestId('import-file-name')).toHaveText('customers.csv');
  const mapping = page.getByTestId('column-mapping');
  await expect(mapping.getByText(`Import${tag}`).first()).toBeVisible();
  // Recognised columns come mapped; "Family" is not, until chosen.
  await page.getByTestId('map-Family').click();
  await page.getByRole('option', { name: TEXT[language].lastName, exact: true }).click();
  await expect(page.getByTestId('map-Family')).toHaveText(TEXT[language].lastName);

  await page.getByTestId('check-file').click();
  await expect(page.getByTestId('validation-result')).toContainText(TEXT[language].allValid);
  await page.screenshot({ path: screenshotPath(`import-mapping-${language}-desktop`), fullPage: true });
  await page.getByTestId('run-import').click();
  await expect(page.getByText(TEXT[language].finished)).toBeVisible();
  // Created, updated, skipped.
  await expect(page.getByTestId('summary-customers').locator('td').nth(1)).toHaveText('2');
  await expect(page.getByTestId('summary-vehicles').locator('td').nth(1)).toHaveText('3');
  await expect(page.getByTestId('summary-customers').locator('td').nth(3)).toHaveText('0');
}

for (const language of ['en', 'ar'] as const) {
  test(`staff import a CSV of customers through the mapping step and see them in the list (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await signInAs(page, DEMO.employee);
    const tag = `${language}${Date.now().toString(36)}`.toUpperCase();
    await importCustomers(page, language, tag);
    await page.screenshot({ path: screenshotPath(`import-summary-${language}-desktop`), fullPage: true });

    await page.getByRole('link', { name: language === 'ar' ? 'عرض العملاء' : 'See the customers' }).click();
    await expect(page).toHaveURL(/\/admin\/users/);
    await page.getByRole('searchbox').fill(`Import${tag}`);
    await expect(page.getByRole('link', { name: `Yasmine Import${tag}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Karim Import${tag}` })).toBeVisible();
  });
}

test('an administrator downloads the export ZIP with a CSV per entity (ar, phone)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'ar');
  await signInAs(page, DEMO.admin);
  await page.goto('/admin/settings/data');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الاستيراد والتصدير');
  await page.screenshot({ path: screenshotPath('import-export-ar-phone'), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-zip').click()]);
  expect(download.suggestedFilename()).toMatch(/^garage-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  // File names sit in the ZIP's central directory as plain text.
  for (const name of [
    'customers.csv',
    'vehicles.csv',
    'visits.csv',
    'tasks.csv',
    'payments.csv',
    'oil-changes.csv',
    'catalogue-items.csv',
    'messages.csv',
    'ratings.csv',
    'garage-export.jsonl',
  ]) {
    expect(bytes.includes(Buffer.from(name)), name).toBe(true);
  }
});

test('the import screen on a phone lists every invalid row, and all-or-nothing waits for a choice (en)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'en');
  await signInAs(page, DEMO.employee);
  await page.goto('/admin/settings/data');
  const file = `${customersCsv('PHONE1')}\nNadia,,not-an-email,+212 612,PHONE1D,Kia,Rio,1850\n`;
  await page.getByTestId('import-file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(page.getByTestId('column-mapping')).toBeVisible();
  // Employees import but do not export.
  await expect(page.getByTestId('export-zip')).toHaveCount(0);

  await page.getByTestId('check-file').click();
  const errors = page.getByTestId('import-errors');
  await expect(errors).toBeVisible();
  // Row 5 of the file: no last name (Family is not mapped yet, so it says so for the whole row), a bad email, year too old.
  await expect(errors.getByRole('row').filter({ hasText: 'Email must be a valid email address' })).toContainText('5');
  await expect(errors.getByRole('row').filter({ hasText: 'Year must be at least 1900' })).toContainText('5');
  await expect(page.getByTestId('run-import')).toBeDisabled();
  await page.getByLabel('Import the valid rows').check();
  await expect(page.getByTestId('run-import')).toBeEnabled();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screenshotPath('import-errors-en-phone'), fullPage: true });
});

// Issue 28: a file from another locale. Windows-1252 bytes (Excel's plain "CSV" on Windows), dates that read two
// ways and a note longer than a visit takes: the screen says how it read the file, asks the date order (showing
// a date of the file read both ways) before it checks anything, and lists the cut note as a change, not an error.
const LOCALE_TEXT = {
  en: {
    question: 'Every date of this file reads two ways',
    readAs: 'Read as Windows-1252',
    april: 'April 3, 2025',
    cut: 'only the first 2000',
  },
  ar: { question: 'كل تواريخ هذا الملف تُقرأ بطريقتين', readAs: 'قُرئ بترميز Windows-1252', april: '2025', cut: '2000' },
} as const;

for (const [language, width, height] of [
  ['en', 1280, 900],
  ['ar', 390, 844],
] as const) {
  test(`a Windows-1252 file with dates that read two ways: the wizard asks, then lists the cut note (${language}, ${width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await useLanguage(page, language);
    await signInAs(page, DEMO.employee);
    await page.goto('/admin/settings/data');
    const tag = `L${language}${Date.now().toString(36)}`.toUpperCase();
    const phone = `6${String(Date.now()).slice(-8)}`;
    const text = [
      'Prénom,Nom,Téléphone,Plaque,Marque,Modèle,Année,Date,Remarques',
      `Hélène,Noël${tag},${phone},${tag}A,Renault,Mégane,2019,03/04/2025,"${'Révision complète, contrôle des freins, pièces à changer. '.repeat(40)}"`,
      `Hélène,Noël${tag},${phone},${tag}A,Renault,Mégane,2019,05/06/2025,Révision`,
    ].join('\r\n');
    // Latin-1 bytes: é is 0xE9, as Windows-1252 writes it.
    await page.getByTestId('import-file').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'latin1') });
    await expect(page.getByTestId('import-encoding')).toHaveText(LOCALE_TEXT[language].readAs);
    await expect(page.getByTestId('column-mapping').getByText(`Noël${tag}`).first()).toBeVisible();
    const dates = page.getByTestId('date-order');
    await expect(dates).toContainText(LOCALE_TEXT[language].question);
    await expect(dates).toContainText('03/04/2025');
    await expect(dates).toContainText(LOCALE_TEXT[language].april);
    await expect(page.getByTestId('check-file')).toBeDisabled();
    await expect(page.getByTestId('run-import')).toBeDisabled();
    await page.screenshot({ path: screenshotPath(`import-date-question-${language}-${width}`), fullPage: true });

    await dates.locator('input[value="dayFirst"]').check();
    await page.getByTestId('check-file').click();
    await expect(page.getByTestId('validation-result')).toBeVisible();
    const warnings = page.getByTestId('import-warnings');
    await expect(warnings.getByRole('row').filter({ hasText: 'Remarques' })).toContainText(LOCALE_TEXT[language].cut);
    await page.getByTestId('run-import').click();
    await expect(page.getByTestId('import-summary')).toBeVisible();
    await expect(page.getByTestId('summary-visits').locator('td').nth(1)).toHaveText('2');
    await expect(page.getByTestId('import-warnings')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath(`import-warnings-${language}-${width}`), fullPage: true });
  });
}
