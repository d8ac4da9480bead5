// A visitor books a visit on the public site (a day among those with room, a service from the catalogue);
// staff accept it on /admin/appointments with a time and turn it into a visit with the requested service as
// its task; the visitor gets the confirmation email in the language they booked in. English on a desktop,
// Arabic (right to left) on a phone. Also: the staff reminders screen and the client's reminders show.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO, e2eDir, expect, queryDb, screenshotPath, signInAs, test, useLanguage, type Language } from './fixtures.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
}
const mailsTo = (to: string): Mail[] =>
  readFileSync(path.join(e2eDir(), 'mailbox.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail)
    .filter((mail) => mail.to === to);

const CASES: [Language, { width: number; height: number }, number, RegExp][] = [
  ['en', { width: 1280, height: 900 }, 1, /Your visit is booked/],
  ['ar', { width: 390, height: 844 }, 2, /تم تأكيد موعد زيارتك/],
];

for (const [language, viewport, fromEnd, subject] of CASES) {
  test(`a visitor books a visit and staff turn it into a visit (${language}, ${viewport.width}px)`, async ({ page, browser }) => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const name = `Visitor ${stamp}`;
    const email = `visitor_${stamp}@booking.example.com`;
    await page.setViewportSize(viewport);
    await useLanguage(page, language);

    // The visitor: the home page's booking form.
    await page.goto('/#book-a-visit');
    // The form loads when its section scrolls near (below the fold).
    await page.locator('#book-a-visit').scrollIntoViewIfNeeded();
    const form = page.getByTestId('booking-form');
    await form.scrollIntoViewIfNeeded();
    await expect(form).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('booking-fullName').fill(name);
    await page.getByTestId('booking-vehicleDescription').fill('Toyota Corolla 2019');
    await page.getByTestId('booking-phone').fill('+212 600 000 111');
    await page.getByTestId('booking-email').fill(email);
    await page.getByTestId('booking-services').getByRole('checkbox').first().click();
    const day = page.getByTestId('booking-day');
    await expect(day.locator('option')).not.toHaveCount(1);
    const options = await day
      .locator('option')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value).filter(Boolean));
    // Journeys run side by side: each language takes its own day (from the end of the offered days).
    await day.selectOption(options[options.length - fromEnd]!);
    await page.getByTestId('booking-part-MORNING').check();
    await page.getByTestId('booking-message').fill('Please check the brakes too');
    await page.screenshot({ path: screenshotPath(`appointments-booking-${language}-${viewport.width}`), fullPage: false });
    await page.getByTestId('booking-submit').click();
    await expect(page.getByTestId('booking-done')).toBeVisible();

    // Staff: the request waits on the appointments screen; accept it and create the visit.
    const [plateRow] = await queryDb<{ plate: string }>(
      `SELECT v."plateNumber" AS plate FROM "Vehicle" v JOIN "User" u ON u.id = v."ownerId" WHERE u.email = $1 AND v."deletedAt" IS NULL ORDER BY v."createdAt" LIMIT 1`,
      [DEMO.client.identifier],
    );
    const plate = plateRow!.plate;
    const staffContext = await browser.newContext({ viewport });
    const staff = await staffContext.newPage();
    await useLanguage(staff, language);
    await signInAs(staff, DEMO.employee);
    await staff.goto('/admin/appointments');
    const card = staff.getByTestId('appointments-waiting').getByTestId('appointment-card').filter({ hasText: name });
    // Generous: on a loaded machine the staff area's first load takes several seconds.
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(staff.getByTestId('appointments-badge').first()).toBeAttached(); // in the closed drawer on phones
    await staff.screenshot({ path: screenshotPath(`appointments-staff-${language}-${viewport.width}`), fullPage: true });
    await card.getByTestId('appointment-accept').click();
    const dialog = staff.getByTestId('decision-dialog');
    await dialog.getByTestId('decision-time').fill('10:30');
    await expect(dialog.getByTestId('decision-create-visit')).toBeChecked();
    await dialog.getByTestId('decision-plate').fill(plate);
    await staff.screenshot({ path: screenshotPath(`appointments-accept-${language}-${viewport.width}`) });
    await dialog.getByTestId('decision-submit').click();

    // The new visit opens, with the requested service as its task.
    await expect(staff).toHaveURL(/\/admin\/users\/[^/]+\/vehicle\/[^/]+\/visit\/[^/]+$/, { timeout: 15_000 });
    const [appointment] = await queryDb<{ visitId: string }>('SELECT "visitId" FROM "Appointment" WHERE email = $1', [email]);
    const visitId = appointment!.visitId;
    expect(staff.url()).toContain(visitId);
    const [taskCount] = await queryDb<{ tasks: string }>('SELECT count(*)::text AS tasks FROM "Task" WHERE "visitId" = $1', [visitId]);
    expect(Number(taskCount!.tasks)).toBe(1);

    // The visitor is told in the language they booked in.
    await expect
      .poll(
        () =>
          mailsTo(email)
            .map((mail) => mail.subject)
            .join('\n'),
        { timeout: 15_000 },
      )
      .toMatch(subject);
    await staffContext.close();
  });
}

test('staff see due reminders with click-to-send links; the client sees theirs (en, ar)', async ({ page, browser }) => {
  await signInAs(page, DEMO.employee);
  await page.goto('/admin/reminders');
  const list = page.getByTestId('reminders-list');
  await expect(list.getByTestId('reminder-card').first()).toBeVisible({ timeout: 15_000 });
  await expect(list.getByTestId('reminder-whatsapp').first()).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);
  await page.screenshot({ path: screenshotPath('reminders-staff-en-1280'), fullPage: true });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await phone.newPage();
  await useLanguage(client, 'ar');
  await signInAs(client, DEMO.client);
  await client.goto('/client/dashboard');
  await expect(client.getByTestId('client-dashboard')).toBeVisible();
  // The demo client has a booked appointment (demo data): wait for the portal cards before the picture.
  await expect(client.getByTestId('my-appointments')).toBeVisible({ timeout: 15_000 });
  await expect(client.locator('html')).toHaveAttribute('dir', 'rtl');
  await client.screenshot({ path: screenshotPath('reminders-client-ar-390'), fullPage: true });
  await phone.close();
});
