// Importing the parts catalogue from a CSV in a real browser (issue #26). English, desktop: an admin opens
// "Import" on the parts list, checks a file of two good rows and one bad one (the error names the file's
// column), imports it (two parts created, the bad row reported again) and finds an imported part by search.
import { DEMO, expect, signInAs, test, useLanguage } from './fixtures.ts';

test('an admin checks and imports parts from a CSV, then finds one by search (en, desktop)', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}`.slice(-7);
  const first = `IMP-${stamp}-A`;
  const second = `IMP-${stamp}-B`;
  const csv = [
    'Part number,Name,Brand,Unit,Cost,Price,Stock',
    `${first},Air filter ${stamp},Mann,PIECE,7.40,15,3`,
    `${second},Wiper blade ${stamp},Bosch,piece,5,12.50,`,
    // No name: a required column, reported with the file's own header.
    `IMP-${stamp}-C,,Valeo,PIECE,1,2,`,
  ].join('\n');

  await useLanguage(page, 'en');
  await signInAs(page, DEMO.admin);
  await page.goto('/admin/parts');
  // The first screen of a fresh browser loads its code and translations cold: a busy machine needs longer.
  await expect(page.getByRole('heading', { level: 1, name: 'Parts' })).toBeVisible({ timeout: 45_000 });

  await page.getByTestId('import-parts').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Import parts or suppliers' })).toBeVisible();
  await expect(dialog.getByTestId('import-run')).toBeDisabled();
  await dialog.getByTestId('import-file').setInputFiles({ name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // Check: counts, and the bad row (spreadsheet row 4) named by its column; nothing written yet.
  await dialog.getByTestId('import-check').click();
  const checked = dialog.getByTestId('import-check-result');
  await expect(checked).toContainText('nothing was written yet');
  await expect(checked.getByTestId('import-rows')).toHaveText('3');
  await expect(checked.getByTestId('import-valid')).toHaveText('2');
  await expect(checked.getByTestId('import-invalid')).toHaveText('1');
  const errorRow = checked.getByTestId('import-errors').getByRole('row').nth(1);
  await expect(errorRow.getByRole('cell').nth(0)).toHaveText('4');
  await expect(errorRow.getByRole('cell').nth(1)).toHaveText('Name');
  // The message code rendered in the user's language, not the raw code.
  await expect(errorRow.getByRole('cell').nth(2)).toHaveText(/is required/);

  // Import: the two good rows are created, the bad one is reported again.
  await dialog.getByTestId('import-run').click();
  const summary = dialog.getByTestId('import-summary');
  await expect(summary).toContainText('Import finished.');
  await expect(summary.getByTestId('import-created')).toHaveText('2');
  await expect(summary.getByTestId('import-updated')).toHaveText('0');
  await expect(summary.getByTestId('import-invalid')).toHaveText('1');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The imported part is in the catalogue.
  await page.getByTestId('parts-search').fill(first);
  await expect(page.getByText(`Air filter ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Wiper blade ${stamp}`)).toBeHidden();
});
