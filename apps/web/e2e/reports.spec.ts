// The reports screen with the demo data: reached from the main panel, a report previewed and downloaded in
// the three formats, each file parsed back (CSV with csv-parse, XLSX with exceljs, PDF with pdftotext) and
// compared with the preview; English on a desktop, Arabic on a phone (right to left); a failed download
// shows the SPEC §8 toast of its report. Screenshots go to test-results/screenshots/reports-*.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO, expect, queryDb, screenshotPath, signInAs, test, useLanguage } from './fixtures.ts';

// The parsers are the API's own dependencies (the web app does not ship them).
const requireFromApi = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../api/package.json'));
const { parse } = requireFromApi('csv-parse/sync') as { parse: (input: string, options: Record<string, unknown>) => string[][] };
interface ExcelWorkbook {
  xlsx: { load(data: ArrayBuffer): Promise<unknown> };
  worksheets: { eachRow(callback: (row: { values: unknown }) => void): void }[];
}
const ExcelJS = requireFromApi('exceljs') as { Workbook: new () => ExcelWorkbook };

async function downloadFile(page: Page, format: 'csv' | 'xlsx' | 'pdf'): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`report-download-${format}`).click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' })
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ');
}

/** The preview's first row, cell by cell (as the screen shows it). */
async function firstPreviewRow(page: Page): Promise<string[]> {
  return page.getByTestId('report-table').locator('tbody tr').first().locator('td').allInnerTexts();
}

test('repair report in English on a desktop: preview, CSV, XLSX and PDF agree', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLanguage(page, 'en');
  await signInAs(page, DEMO.admin);
  await page.goto('/admin/dashboard/main-panel');
  await page.getByTestId('open-reports').click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/reports$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');

  // Last month: the demo data has visits there, and journeys running meanwhile only add visits dated today.
  await page.getByTestId('report-preset-lastMonth').click();
  // Until last month's rows arrive, this month's stay on screen, dimmed: read the preview only once it is fresh.
  await expect(page.getByTestId('report-result')).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('report-from')).toHaveValue(/-01$/);
  await expect(page.getByTestId('report-table')).toBeVisible();
  const first = await firstPreviewRow(page);
  const visitName = first[1]!;
  expect(visitName.length).toBeGreaterThan(0);
  await page.screenshot({ path: screenshotPath('reports-repair-en-desktop'), fullPage: true });

  const csv = await downloadFile(page, 'csv');
  expect(csv.name).toMatch(/^repair-report-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parse(csv.bytes.toString('utf8'), { bom: true });
  expect(header!.slice(0, 3)).toEqual(['Date', 'Visit', 'Customer']);
  expect(header).toContain('Billed (USD)');
  expect(rows[0]![1]).toBe(visitName);

  const xlsx = await downloadFile(page, 'xlsx');
  expect(xlsx.name).toBe(csv.name.replace(/csv$/, 'xlsx'));
  const sheet = await xlsxRows(xlsx.bytes);
  expect(sheet[0]!.slice(0, 3)).toEqual(['Date', 'Visit', 'Customer']);
  expect(sheet[1]![1]).toBe(visitName);
  expect(sheet[1]![0]).toBeInstanceOf(Date);
  expect(typeof sheet[1]![7]).toBe('number');

  const pdf = await downloadFile(page, 'pdf');
  expect(pdf.name).toBe(csv.name.replace(/csv$/, 'pdf'));
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf.bytes);
  for (const expected of ['Repair', 'Period:', 'Billed', 'Balance due']) expect(text).toContain(expected);
  // The PDF's billed total is the sum of the CSV's billed column (both read from the same statement).
  const billedColumn = header!.indexOf('Billed (USD)');
  const billedCents = rows.reduce((sum, row) => sum + Math.round(Number(row[billedColumn]) * 100), 0);
  expect(text).toContain(new Intl.NumberFormat('en-u-nu-latn', { style: 'currency', currency: 'USD' }).format(billedCents / 100));
});

test('car file in Arabic on a phone: pick the vehicle, download the three formats', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'ar');
  const client = await queryDb<{ firstName: string; lastName: string; plateNumber: string }>(
    `SELECT u."firstName", u."lastName", v."plateNumber" FROM "User" u JOIN "Vehicle" v ON v."ownerId" = u.id
      WHERE u.email = 'client@demo.garage' AND v."deletedAt" IS NULL AND EXISTS (SELECT 1 FROM "Visit" x WHERE x."vehicleId" = v.id)
      ORDER BY v."createdAt" LIMIT 1`,
  );
  const { firstName, lastName, plateNumber } = client[0]!;
  await signInAs(page, DEMO.admin);
  await page.goto('/admin/dashboard/reports?report=car-files');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('report-missing')).toBeVisible();
  await expect(page.getByTestId('report-download-pdf')).toBeDisabled();

  await page.getByTestId('customer-search').fill(lastName);
  await page
    .getByTestId('customer-option')
    .filter({ hasText: `${firstName} ${lastName}` })
    .first()
    .click();
  await page.getByTestId('report-vehicle').click();
  await page.getByRole('option', { name: new RegExp(plateNumber) }).click();
  await expect(page.getByTestId('report-table')).toBeVisible();
  await expect(page.getByTestId('report-totals')).toContainText('المفوتر');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await page.screenshot({ path: screenshotPath('reports-car-file-ar-phone'), fullPage: true });

  const csv = await downloadFile(page, 'csv');
  expect(csv.name).toBe('car-files-report.csv');
  const [header, ...rows] = parse(csv.bytes.toString('utf8'), { bom: true });
  expect(header!.slice(0, 3)).toEqual(['التاريخ', 'البند', 'الوصف']);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.map((row) => row[1])).toContain('زيارة');

  const sheet = await xlsxRows((await downloadFile(page, 'xlsx')).bytes);
  expect(sheet[0]!.slice(0, 3)).toEqual(['التاريخ', 'البند', 'الوصف']);
  expect(sheet.slice(1, rows.length + 1).map((row) => row[2])).toEqual(rows.map((row) => row[2]));

  const pdf = await downloadFile(page, 'pdf');
  const text = pdfText(pdf.bytes);
  for (const expected of ['المفوتر', 'المدفوع', plateNumber]) expect(text).toContain(expected);
});

test('a failed download shows the report’s own toast', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, DEMO.admin);
  await page.route('**/backend/reports/vehicles?*format=xlsx*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/admin/dashboard/reports?report=vehicles');
  await expect(page.getByTestId('report-table')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('report-download-xlsx').click();
  await expect(page.getByText('Failed to generate the vehicles report.')).toBeVisible();
});
