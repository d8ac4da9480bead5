// Lines on a task (issue #26 "Parts and inventory"): staff build a repair order from catalogue parts and labour.
// English desktop: on a new visit of the demo client, add a catalogue part found by search (quantity 2) and
// 1.5 h of labour at the default rate; the task total is the sum of its lines, the visit total follows, and the
// part's page shows the 2 pieces reserved for the task. Arabic phone: an employee adds the demo oil filter
// (OF-1001) by scanning a photo of its barcode and sees it on the task, without costs. A catalogue item's default
// lines (a part and labour, set in its form) come along to a task picked from the catalogue in the add-visit form.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, apiLogin, expect, queryDb, screenshotPath, signInAs, test, useLanguage } from './fixtures.ts';

const BARCODE_PHOTO = path.join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures/ean13-4006381333931.png');

interface TaskLine {
  kind: string;
  partId: string | null;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  stock: string | null;
}
interface Task {
  id: string;
  soldForCents: number;
  lines: TaskLine[];
}

/** A new visit of the demo client with one task of one flat line (10.00): the lines are added in the browser. */
async function newVisit(request: APIRequestContext, token: string, tag: string) {
  const [owner] = await queryDb<{ client: string; vehicle: string }>(
    `SELECT u.id AS client, v.id AS vehicle FROM "User" u JOIN "Vehicle" v ON v."ownerId" = u.id
      WHERE u.email = 'client@demo.garage' AND v."deletedAt" IS NULL ORDER BY v."createdAt" LIMIT 1`,
  );
  const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const response = await request.post('/backend/visits', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Lines ${tag}`,
      customerId: owner!.client,
      vehicleId: owner!.vehicle,
      dueDate,
      tasks: [{ title: `Service ${tag}`, service: 'REPAIR', soldForCents: 1_000 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const visit = (await response.json()) as { id: string; tasks: { id: string }[] };
  return {
    visitId: visit.id,
    taskId: visit.tasks[0]!.id,
    visitPath: `/admin/users/${owner!.client}/vehicle/${owner!.vehicle}/visit/${visit.id}`,
  };
}

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function openAddPart(page: Page) {
  await page.getByTestId('add-line-part').click();
  await expect(page.getByTestId('add-line-part-panel')).toBeVisible();
}

test.describe('task lines, en desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a part found by search and labour hours make the task and visit totals; the part is reserved', async ({ page }) => {
    await useLanguage(page, 'en');
    const { accessToken } = await signInAs(page, DEMO.admin);
    const tag = `${Date.now()}`;
    const { visitId, taskId, visitPath } = await newVisit(page.request, accessToken, tag);
    // A part no other journey uses (the oil filter is scanned by the phone journey at the same time), the one
    // with the most stock available (on hand - reserved), so the two pieces are reserved, not backordered.
    const [part] = await queryDb<{ id: string; partNumber: string }>(
      `SELECT p.id, p."partNumber" FROM "Part" p
       WHERE p.name LIKE 'Wiper blade %' AND p.unit = 'PIECE' AND p."archivedAt" IS NULL
       ORDER BY p."onHandMilli" - COALESCE((SELECT sum(l."quantityMilli") FROM "TaskLine" l WHERE l."partId" = p.id AND l.stock = 'RESERVED'), 0) DESC,
                p."partNumber"
       LIMIT 1`,
    );
    const before = await getJson<{ reserved: number; sellingPriceCents: number }>(page.request, accessToken, `/backend/parts/${part!.id}`);

    await page.goto(`${visitPath}/task/${taskId}`);
    const lines = page.getByTestId('task-lines');
    await expect(lines.getByTestId('task-line')).toHaveCount(1);

    // A catalogue part by search, quantity 2.
    await openAddPart(page);
    await page.getByTestId('part-search').fill(part!.partNumber);
    await page.getByTestId('part-result').filter({ hasText: part!.partNumber }).first().click();
    await expect(page.getByTestId('picked-part')).toContainText(part!.partNumber);
    await page.getByTestId('new-line-quantity').fill('2');
    await page.getByTestId('submit-line').click();
    const partLine = lines.locator('[data-testid=task-line][data-kind=PART]');
    await expect(partLine).toHaveCount(1);
    await expect(partLine.getByTestId('line-quantity')).toHaveValue('2');
    await expect(partLine.getByTestId('line-stock')).toHaveAttribute('data-stock', 'RESERVED');
    // Admins see the line's cost and margin.
    await expect(partLine.getByTestId('line-cost')).toBeVisible();

    // 1.5 hours of labour at the default rate.
    await page.getByTestId('add-line-labour').click();
    await page.getByTestId('labour-hours').fill('1.5');
    await expect(page.getByTestId('labour-rate')).toContainText('Mechanical');
    await page.getByTestId('submit-line').click();
    const labourLine = lines.locator('[data-testid=task-line][data-kind=LABOUR]');
    await expect(labourLine).toHaveCount(1);
    await expect(labourLine.getByTestId('line-quantity')).toHaveValue('1.5');

    // The task is the sum of its lines: 10.00 flat + 2 parts + 1.5 h.
    const task = await getJson<Task>(page.request, accessToken, `/backend/tasks/${taskId}`);
    const partRow = task.lines.find((line) => line.kind === 'PART')!;
    const labourRow = task.lines.find((line) => line.kind === 'LABOUR')!;
    expect(partRow).toMatchObject({ partId: part!.id, quantity: 2, unitPriceCents: before.sellingPriceCents });
    expect(partRow.totalCents).toBe(2 * before.sellingPriceCents);
    expect(labourRow.quantity).toBe(1.5);
    expect(labourRow.totalCents).toBe(Math.round(1.5 * labourRow.unitPriceCents));
    expect(task.soldForCents).toBe(1_000 + partRow.totalCents + labourRow.totalCents);
    const shownTotal = (await page.getByTestId('lines-total').textContent())!.trim();
    await page.screenshot({ path: screenshotPath('task-lines-en-1280'), fullPage: true });

    // The visit total follows (its only task).
    const visit = await getJson<{ totalCostCents: number }>(page.request, accessToken, `/backend/visits/${visitId}`);
    expect(visit.totalCostCents).toBe(task.soldForCents);
    await page.goto(visitPath);
    await expect(page.getByTestId('visit-total')).toHaveText(shownTotal);
    // The lines open inline on the visit page too.
    await page.getByTestId('toggle-task-lines').first().click();
    await expect(page.getByTestId('visit-task').getByTestId('task-line')).toHaveCount(3);

    // The part's page shows the two pieces held for the task.
    await page.goto(`/admin/parts/${part!.id}`);
    await expect(page.getByTestId('figure-reserved')).toHaveText(new RegExp(`^${before.reserved + 2}\\D`));
  });
});

test.describe('catalogue item lines, en desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a catalogue item's default part and labour come along to a task made from it", async ({ page }) => {
    await useLanguage(page, 'en');
    await signInAs(page, DEMO.admin);
    const title = `Filter service ${Date.now()}`;
    const [part] = await queryDb<{ id: string; partNumber: string }>(
      `SELECT id, "partNumber" FROM "Part" WHERE name LIKE 'Air filter %' AND "archivedAt" IS NULL ORDER BY "partNumber" LIMIT 1`,
    );

    // The item, with a catalogue part and an hour of labour as its default lines.
    await page.goto('/admin/settings/offering');
    await page.getByTestId('category-card').first().getByTestId('add-item').click();
    const form = page.getByTestId('item-form');
    await form.getByTestId('item-title-en').fill(title);
    await form.getByTestId('item-price').fill('50');
    await form.getByTestId('item-duration').fill('60');
    const itemLines = form.getByTestId('item-lines');
    await itemLines.getByRole('button', { name: 'Add part' }).click();
    await itemLines.getByTestId('part-search').fill(part!.partNumber);
    await itemLines.getByTestId('part-result').filter({ hasText: part!.partNumber }).first().click();
    await itemLines.getByRole('button', { name: 'Add labour' }).click();
    await expect(itemLines.getByTestId('item-line')).toHaveCount(2);
    await page.getByTestId('item-submit').click();
    await expect(page.getByText('Item added')).toBeVisible();
    const saved = await queryDb<{ kind: string; partId: string | null }>(
      `SELECT l.kind, l."partId" FROM "OfferingItemLine" l JOIN "OfferingItem" i ON i.id = l."itemId" WHERE i.title->>'en' = $1 ORDER BY l.position`,
      [title],
    );
    expect(saved).toEqual([
      { kind: 'PART', partId: part!.id },
      { kind: 'LABOUR', partId: null },
    ]);

    // A visit whose task is picked from the catalogue: the task starts with the item's lines.
    await page.goto('/admin/visits');
    await page.getByTestId('open-add-visit').click();
    await page.getByTestId('customer-search').fill('Benali');
    await page.getByTestId('customer-option').filter({ hasText: 'Omar Benali' }).click();
    await page.getByTestId('visit-vehicle').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('add-visit-form').locator('#visit-name').fill(`Visit ${title}`);
    await page.getByTestId('task-0-template').click();
    await page.getByTestId('template-option').filter({ hasText: title }).click();
    await expect(page.getByTestId('task-0-title')).toHaveValue(title);
    await page.getByTestId('submit-visit').click();
    await expect(page.getByTestId('visit-name')).toHaveText(`Visit ${title}`);
    await page.getByTestId('toggle-task-lines').first().click();
    const lines = page.getByTestId('visit-task').first().getByTestId('task-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toHaveAttribute('data-kind', 'PART');
    await expect(lines.first()).toContainText(part!.partNumber);
    await expect(lines.nth(1)).toHaveAttribute('data-kind', 'LABOUR');
  });
});

test.describe('task lines, ar phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('an employee adds the demo oil filter by scanning its barcode', async ({ page, request }) => {
    await useLanguage(page, 'ar');
    // The visit is made by an admin outside the browser, which then signs in as the employee.
    const admin = await apiLogin(request, DEMO.admin);
    const { taskId, visitPath } = await newVisit(request, admin.accessToken, `${Date.now()}-ar`);
    await signInAs(page, DEMO.employee);

    await page.goto(`${visitPath}/task/${taskId}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await openAddPart(page);
    await page.getByTestId('add-line-part-panel').getByRole('button', { name: 'مسح' }).click();
    await page.getByTestId('barcode-photo-input').setInputFiles(BARCODE_PHOTO);
    await expect(page.getByTestId('picked-part')).toContainText('OF-1001');
    await page.getByTestId('submit-line').click();

    const partLine = page.getByTestId('task-lines').locator('[data-testid=task-line][data-kind=PART]');
    await expect(partLine).toHaveCount(1);
    await expect(partLine).toContainText('OF-1001');
    await expect(partLine.getByTestId('line-quantity')).toHaveValue('1');
    // Costs and margins are for admins only.
    await expect(page.getByTestId('line-cost')).toHaveCount(0);
    await expect(page.getByTestId('lines-cost-total')).toHaveCount(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: screenshotPath('task-lines-ar-375'), fullPage: true });
  });
});
