// Ratings per visit: a client rates their own completed visits (create, then update), with the SPEC §5
// limits; staff list, filter and summarise them and pick testimonials (only with consent); the public
// home page reads the testimonials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_MESSAGES } from '@garage/shared';
import type { App } from '../src/app.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { buildTestApp, testDb, testDeps, uniqueSuffix } from './helpers.ts';
import { createVehicle, insertVisit, signedIn } from './visits-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

/** A signed-in client with a vehicle, one completed, one picked-up and one pending visit. */
async function clientWithVisits() {
  const client = await signedIn('CLIENT');
  const vehicle = await createVehicle(client.user.id);
  const ids = { customerId: client.user.id, vehicleId: vehicle.id };
  const completed = await insertVisit(ids, { status: 'COMPLETED', dueInDays: -1 });
  const pickedUp = await insertVisit(ids, { status: 'PICKED_UP', dueInDays: -5 });
  const pending = await insertVisit(ids, { status: 'PENDING', dueInDays: 2 });
  await testDb().visit.updateMany({ where: { id: { in: [completed, pickedUp] } }, data: { completedAt: new Date() } });
  return { ...client, vehicle, completed, pickedUp, pending };
}

const rate = (client: { authHeader: Record<string, string> }, visitId: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/backend/my/visits/${visitId}/rating`, headers: client.authHeader, payload });

describe('client rates a visit', () => {
  it('creates the rating (201), then a second submission updates the same one (200)', async () => {
    const client = await clientWithVisits();
    const first = await rate(client, client.completed, { stars: 4, feedback: '  Quick brake job. ', showOnWebsite: true });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      created: true,
      rating: { visitId: client.completed, stars: 4, feedback: 'Quick brake job.', showOnWebsite: true },
    });

    // Rating again changes what is sent (the consent is withdrawn explicitly; left out, it would stay).
    const second = await rate(client, client.completed, { stars: 2, feedback: '', showOnWebsite: false });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      created: false,
      rating: { id: first.json().rating.id, stars: 2, feedback: null, showOnWebsite: false },
    });
    expect(await testDb().rating.count({ where: { visitId: client.completed } })).toBe(1);

    const mine = await app.inject({ method: 'GET', url: `/backend/my/visits/${client.completed}/rating`, headers: client.authHeader });
    expect(mine.json()).toMatchObject({ stars: 2, visitId: client.completed });
    const notYet = await app.inject({ method: 'GET', url: `/backend/my/visits/${client.pickedUp}/rating`, headers: client.authHeader });
    expect(notYet.statusCode).toBe(200);
    expect(notYet.json()).toBeNull();
  });

  it.each([
    [{}, 'A star rating must be selected'],
    [{ stars: 0 }, 'A star rating must be selected'],
    [{ stars: 6 }, 'Stars must not exceed 5'],
    [{ stars: 3.5 }, 'Stars format is invalid'],
    [{ stars: '4' }, 'A star rating must be selected'],
  ])('rejects %j with a clear message and stores nothing', async (payload, message) => {
    const client = await clientWithVisits();
    const response = await rate(client, client.completed, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.stars).toEqual([message]);
    expect(await testDb().rating.count({ where: { visitId: client.completed } })).toBe(0);
  });

  it('takes feedback up to 2000 characters and refuses 2001', async () => {
    const client = await clientWithVisits();
    const tooLong = await rate(client, client.completed, { stars: 5, feedback: 'a'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.feedback).toEqual(['Feedback must not exceed 2000 characters']);
    expect(await testDb().rating.count({ where: { visitId: client.completed } })).toBe(0);
    const longest = await rate(client, client.completed, { stars: 5, feedback: 'a'.repeat(2000) });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().rating.feedback).toHaveLength(2000);
  });

  it('rates only the client’s own completed visits: foreign and missing visits look alike (404), unfinished ones 409', async () => {
    const client = await clientWithVisits();
    const other = await clientWithVisits();
    const foreign = await rate(client, other.completed, { stars: 5 });
    const missing = await rate(client, '0190a0a0-0000-7000-8000-000000000000', { stars: 5 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(
      (await app.inject({ method: 'GET', url: `/backend/my/visits/${other.completed}/rating`, headers: client.authHeader })).statusCode,
    ).toBe(404);
    expect(await testDb().rating.count({ where: { visitId: other.completed } })).toBe(0);

    const pending = await rate(client, client.pending, { stars: 5 });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(RATING_MESSAGES.visitNotCompleted);

    // Staff are not clients: they cannot rate.
    expect((await rate(staff, client.completed, { stars: 5 })).statusCode).toBe(403);
    await expect(staff.caller.ratings.rateVisit({ visitId: client.completed, stars: 5 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists the client’s completed visits with their ratings (not pending ones, not other clients’)', async () => {
    const client = await clientWithVisits();
    await client.caller.ratings.rateVisit({ visitId: client.pickedUp, stars: 3, feedback: 'OK' });
    const mine = await client.caller.ratings.mine();
    const byVisit = new Map(mine.visits.map((entry) => [entry.visit.id, entry.rating]));
    expect([...byVisit.keys()].sort()).toEqual([client.completed, client.pickedUp].sort());
    expect(byVisit.get(client.pickedUp)).toMatchObject({ stars: 3, feedback: 'OK' });
    expect(byVisit.get(client.completed)).toBeNull();
    expect(mine.visits[0]!.visit.vehicle.plateNumber).toBe(client.vehicle.plateNumber);
    const rest = await app.inject({ method: 'GET', url: '/backend/my/ratings', headers: client.authHeader });
    expect(rest.json().visits).toHaveLength(2);
  });
});

describe('staff ratings screen', () => {
  it('refuses clients (403) and anonymous callers (401)', async () => {
    const client = await clientWithVisits();
    const { rating } = await client.caller.ratings.rateVisit({
      visitId: client.completed,
      stars: 5,
      feedback: 'Great',
      showOnWebsite: true,
    });
    for (const [method, url, payload] of [
      ['GET', '/backend/ratings', undefined],
      ['GET', '/backend/ratings/summary', undefined],
      ['PATCH', `/backend/ratings/${rating.id}/testimonial`, { testimonial: true }],
    ] as const) {
      expect((await app.inject({ method, url, headers: client.authHeader, payload })).statusCode, url).toBe(403);
      expect((await app.inject({ method, url, payload })).statusCode, url).toBe(401);
    }
    await expect(client.caller.ratings.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(createCaller(createContextInner(testDeps())).ratings.summary({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await testDb().rating.findUniqueOrThrow({ where: { id: rating.id } })).testimonial).toBe(false);
  });

  it('lists with client, visit and feedback, filters by stars and period, pages', async () => {
    const client = await clientWithVisits();
    const old = await client.caller.ratings.rateVisit({ visitId: client.pickedUp, stars: 2, feedback: 'Slow' });
    await testDb().rating.update({ where: { id: old.rating.id }, data: { createdAt: new Date(Date.now() - 40 * DAY) } });
    const recent = await client.caller.ratings.rateVisit({ visitId: client.completed, stars: 5, feedback: `Spotless ${uniqueSuffix()}` });

    const fives = (
      await app.inject({ method: 'GET', url: '/backend/ratings?stars=5&period=7d&pageSize=100', headers: staff.authHeader })
    ).json();
    expect(fives.items.every((item: { stars: number }) => item.stars === 5)).toBe(true);
    const mineInFives = fives.items.find((item: { id: string }) => item.id === recent.rating.id);
    expect(mineInFives).toMatchObject({
      feedback: recent.rating.feedback,
      client: { id: client.user.id, lastName: client.user.lastName },
      visit: { id: client.completed, vehicle: { plateNumber: client.vehicle.plateNumber } },
    });

    const twos30 = await staff.caller.ratings.list({ stars: 2, period: '30d', pageSize: 100 });
    expect(twos30.items.some((item) => item.id === old.rating.id)).toBe(false);
    const twos90 = await staff.caller.ratings.list({ stars: 2, period: '90d', pageSize: 100 });
    expect(twos90.items.some((item) => item.id === old.rating.id)).toBe(true);

    const firstPage = await staff.caller.ratings.list({ pageSize: 10 });
    expect(firstPage.items.length).toBeLessThanOrEqual(10);
    expect(firstPage.pageCount).toBe(Math.max(1, Math.ceil(firstPage.total / 10)));
    const dates = firstPage.items.map((item) => item.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    expect((await app.inject({ method: 'GET', url: '/backend/ratings?stars=6', headers: staff.authHeader })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/backend/ratings?period=forever', headers: staff.authHeader })).statusCode).toBe(400);
  });

  it('summarises: count, average and the 1-5 distribution follow new ratings', async () => {
    const client = await clientWithVisits();
    const before = await staff.caller.ratings.summary({ period: '30d' });
    await client.caller.ratings.rateVisit({ visitId: client.completed, stars: 1 });
    await client.caller.ratings.rateVisit({ visitId: client.pickedUp, stars: 5 });
    const after = (await app.inject({ method: 'GET', url: '/backend/ratings/summary?period=30d', headers: staff.authHeader })).json();
    expect(after.distribution.map((row: { stars: number }) => row.stars)).toEqual([1, 2, 3, 4, 5]);
    const countOf = (summary: typeof before, stars: number) => summary.distribution.find((row) => row.stars === stars)!.count;
    // Other test files may add ratings meanwhile, never remove them.
    expect(countOf(after, 1)).toBeGreaterThanOrEqual(countOf(before, 1) + 1);
    expect(countOf(after, 5)).toBeGreaterThanOrEqual(countOf(before, 5) + 1);
    expect(after.count).toBe(after.distribution.reduce((sum: number, row: { count: number }) => sum + row.count, 0));
    const weighted = after.distribution.reduce((sum: number, row: { stars: number; count: number }) => sum + row.stars * row.count, 0);
    expect(after.average).toBeCloseTo(weighted / after.count, 2);
  });

  it('shows a rating as a testimonial only with the client’s consent and while its text is unchanged', async () => {
    const client = await clientWithVisits();
    const feedback = `Honest advice and a fair price ${uniqueSuffix()}`;
    const noConsent = await client.caller.ratings.rateVisit({ visitId: client.pickedUp, stars: 4, feedback });
    const refused = await app.inject({
      method: 'PATCH',
      url: `/backend/ratings/${noConsent.rating.id}/testimonial`,
      headers: staff.authHeader,
      payload: { testimonial: true },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RATING_MESSAGES.testimonialNeedsConsent);

    const consented = await client.caller.ratings.rateVisit({ visitId: client.completed, stars: 5, feedback, showOnWebsite: true });
    const chosen = await app.inject({
      method: 'PATCH',
      url: `/backend/ratings/${consented.rating.id}/testimonial`,
      headers: staff.authHeader,
      payload: { testimonial: true },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().testimonial).toBe(true);
    const publicList = async () =>
      (await app.inject({ method: 'GET', url: '/backend/testimonials' })).json().items as { id: string; name: string; feedback: string }[];
    expect((await publicList()).find((item) => item.id === consented.rating.id)).toMatchObject({
      name: `${client.user.firstName} ${client.user.lastName.charAt(0)}.`,
      feedback,
      stars: 5,
    });

    // Same text, consent kept: still shown. New text: staff must choose it again.
    await client.caller.ratings.rateVisit({ visitId: client.completed, stars: 4, feedback, showOnWebsite: true });
    expect((await testDb().rating.findUniqueOrThrow({ where: { id: consented.rating.id } })).testimonial).toBe(true);
    await client.caller.ratings.rateVisit({ visitId: client.completed, stars: 4, feedback: `${feedback}!`, showOnWebsite: true });
    expect((await testDb().rating.findUniqueOrThrow({ where: { id: consented.rating.id } })).testimonial).toBe(false);

    // Withdrawn consent removes it from the website.
    await staff.caller.ratings.setTestimonial({ id: consented.rating.id, testimonial: true });
    await client.caller.ratings.rateVisit({ visitId: client.completed, stars: 4, feedback: `${feedback}!`, showOnWebsite: false });
    expect((await publicList()).some((item) => item.id === consented.rating.id)).toBe(false);
    expect((await testDb().rating.findUniqueOrThrow({ where: { id: consented.rating.id } })).testimonial).toBe(false);

    // Without written feedback there is nothing to show.
    const silent = await client.caller.ratings.rateVisit({ visitId: client.pickedUp, stars: 5, feedback: null, showOnWebsite: true });
    await expect(staff.caller.ratings.setTestimonial({ id: silent.rating.id, testimonial: true })).rejects.toMatchObject({
      message: RATING_MESSAGES.testimonialNeedsFeedback,
    });
  });

  it('keeps the client’s opinion when staff delete the rated visit (no visit any more, still counted)', async () => {
    const client = await clientWithVisits();
    const { rating } = await client.caller.ratings.rateVisit({ visitId: client.completed, stars: 2, feedback: 'Lost my booking' });
    await staff.caller.visits.delete({ id: client.completed });
    expect(await testDb().visit.count({ where: { id: client.completed } })).toBe(0);
    expect(await testDb().rating.findUniqueOrThrow({ where: { id: rating.id } })).toMatchObject({
      visitId: null,
      stars: 2,
      userId: client.user.id,
    });
    const listed = await staff.caller.ratings.list({ stars: 2, pageSize: 100 });
    expect(listed.items.find((item) => item.id === rating.id)).toMatchObject({ visit: null, feedback: 'Lost my booking' });
    expect((await client.caller.ratings.mine()).general.map((item) => item.id)).toContain(rating.id);
  });

  it('the database itself refuses a testimonial without consent and stars outside 1-5', async () => {
    const client = await clientWithVisits();
    const { rating } = await client.caller.ratings.rateVisit({ visitId: client.completed, stars: 3, feedback: 'Fine' });
    await expect(testDb().rating.update({ where: { id: rating.id }, data: { testimonial: true } })).rejects.toThrow();
    await expect(testDb().rating.update({ where: { id: rating.id }, data: { stars: 6 } })).rejects.toThrow();
  });
});
