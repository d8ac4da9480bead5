// Web analytics: the beacon (validation, bots, privacy, buffering, shutdown), the rollups against a recount,
// the reports' boundaries and time zone, the real-time stream and who may read what.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLLUP_TIME_ZONE_KEY, rebuildDailyRollups } from '@garage/db/analytics-rollups';
import { poolOf } from '@garage/db/client';
import type { App } from '../src/app.ts';
import type { Config } from '../src/env.ts';
import { startJobs } from '../src/jobs.ts';
import { ANALYTICS_RETENTION_QUEUE, ANALYTICS_TIME_ZONE_QUEUE } from '../src/modules/analytics/analytics.jobs.ts';
import { NOTIFY_CHANNEL, ROLLUP_LOCK_KEY, writeBatch, type EventRow } from '../src/modules/analytics/ingest.ts';
import { RealtimeHub } from '../src/modules/analytics/realtime.ts';
import { deleteExpiredEvents } from '../src/modules/analytics/retention.ts';
import { shopTimeZone, syncRollupTimeZone } from '../src/modules/analytics/time-zone.ts';
import { buildTestApp, createTestUser, testDb, testDeps } from './helpers.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const pool = () => poolOf(testDb());
const sessionId = () => `s-${randomUUID()}`;

function appWith(settings: Partial<Config>): Promise<App> {
  const base = testDeps();
  return buildTestApp({ config: { ...base.config, ANALYTICS_FLUSH_MS: 50, ANALYTICS_RATE_LIMIT_PER_MINUTE: 0, ...settings } });
}

const track = (target: App, payload: object, headers: Record<string, string> = {}) =>
  target.inject({ method: 'POST', url: '/backend/analytics/track-visit', headers: { 'user-agent': CHROME, ...headers }, payload });

async function storedFor(sessionIds: string[]): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "PageViewEvent" WHERE "sessionId" = ANY($1)`, [
    sessionIds,
  ]);
  return rows[0]!.n;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let app: App;
let staff: Awaited<ReturnType<typeof createTestUser>>;
let client: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  app = await appWith({ TRUST_PROXY: true });
  staff = await createTestUser('EMPLOYEE');
  client = await createTestUser('CLIENT');
});
afterAll(() => app.close());

describe('POST /backend/analytics/track-visit', () => {
  it('stores a page view with the server-side facts: area, parsed agent, hashed visitor, session user', async () => {
    const id = sessionId();
    const response = await track(
      app,
      {
        session_id: id,
        page_path: '/client/overview',
        referrer: 'https://www.google.com/search?q=garage',
        utm_source: 'newsletter',
        screen_size: '390x844',
        language: 'fr-CA',
        device_timezone: 'Africa/Casablanca',
        is_entry: true,
        // Not trusted: the server fills these itself.
        ip_address: '1.2.3.4',
        country: 'XX',
        user_id: randomUUID(),
        browser: 'Netscape',
      },
      { 'user-agent': IPHONE, 'x-forwarded-for': '198.51.100.23', cookie: `accessToken=${client.token}` },
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'accepted' });
    await waitFor(async () => (await storedFor([id])) === 1);
    const row = await testDb().pageViewEvent.findFirstOrThrow({ where: { sessionId: id } });
    expect(row).toMatchObject({
      area: 'client',
      pagePath: '/client/overview',
      browser: 'Safari',
      os: 'iOS',
      deviceType: 'mobile',
      referrer: 'google.com',
      utmSource: 'newsletter',
      screenSize: '390x844',
      language: 'fr-CA',
      deviceTimezone: 'Africa/Casablanca',
      isEntry: true,
      eventType: 'pageview',
      userId: client.user.id,
      country: null,
    });
    expect(row.visitorId).not.toBe(0n);
  });

  it('never stores the raw IP address anywhere in the database', async () => {
    const ip = '203.0.113.199';
    const id = sessionId();
    expect((await track(app, { session_id: id, page_path: '/' }, { 'x-forwarded-for': ip })).statusCode).toBe(202);
    await waitFor(async () => (await storedFor([id])) === 1);
    const { rows: tables } = await pool().query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const { name } of tables) {
      const { rows } = await pool().query(`SELECT 1 FROM ${name} t WHERE t::text LIKE $1 LIMIT 1`, [`%${ip}%`]);
      expect(rows, name).toHaveLength(0);
    }
  });

  it('gives the same visitor id to the same IP and browser, and another to another IP', async () => {
    const ids = [sessionId(), sessionId(), sessionId()];
    await track(app, { session_id: ids[0], page_path: '/' }, { 'x-forwarded-for': '203.0.113.5' });
    await track(app, { session_id: ids[1], page_path: '/all-services' }, { 'x-forwarded-for': '203.0.113.5' });
    await track(app, { session_id: ids[2], page_path: '/' }, { 'x-forwarded-for': '203.0.113.6' });
    await waitFor(async () => (await storedFor(ids)) === 3);
    const rows = await testDb().pageViewEvent.findMany({ where: { sessionId: { in: ids } } });
    const visitor = (id: string) => rows.find((row) => row.sessionId === id)!.visitorId;
    expect(visitor(ids[0]!)).toBe(visitor(ids[1]!));
    expect(visitor(ids[2]!)).not.toBe(visitor(ids[0]!));
  });

  it('drops bots (isbot list) without storing them', async () => {
    const id = sessionId();
    const response = await track(app, { session_id: id, page_path: '/' }, { 'user-agent': GOOGLEBOT });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ignored', reason: 'bot' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedFor([id])).toBe(0);
  });

  it('answers bad input with a clear 400 (never a 5xx) and stores nothing', async () => {
    const id = sessionId();
    const cases: [object, RegExp][] = [
      [{ page_path: '/' }, /session_id is required/],
      [{ session_id: id }, /page_path is required/],
      [{ session_id: 'x', page_path: '/' }, /session_id must be 8 to 64/],
      [{ session_id: id, page_path: 'https://evil.example/' }, /page_path must be a path/],
      [{ session_id: id, page_path: `/${'a'.repeat(600)}` }, /page_path must not exceed 500/],
      [{ session_id: id, page_path: '/', eventType: 'Page View!' }, /eventType must be/],
      [{ session_id: id, page_path: '/', screen_size: 'big' }, /screen_size must look like/],
      [{ session_id: id, page_path: '/', utm_source: 'x'.repeat(101) }, /utm_source must not exceed 100/],
      [{ session_id: id, page_path: '/', is_entry: 'yes' }, /is_entry must be true or false/],
      [{ session_id: id, page_path: '/\u0000' }, /./],
    ];
    for (const [payload, message] of cases) {
      const response = await track(app, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
    const broken = await app.inject({
      method: 'POST',
      url: '/backend/analytics/track-visit',
      headers: { 'content-type': 'application/json' },
      payload: '{"session_id":',
    });
    expect(broken.statusCode).toBe(400);
    const huge = await track(app, { session_id: id, page_path: '/', padding: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedFor([id])).toBe(0);
  });

  it('reads JSON sent as text/plain (sendBeacon without a JSON blob)', async () => {
    const id = sessionId();
    const response = await app.inject({
      method: 'POST',
      url: '/backend/analytics/track-visit',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
      payload: JSON.stringify({ session_id: id, page_path: '/privacy-policy' }),
    });
    expect(response.statusCode).toBe(202);
    await waitFor(async () => (await storedFor([id])) === 1);
  });

  it('stores every accepted event of a concurrent burst', async () => {
    const ids = Array.from({ length: 600 }, sessionId);
    const answers = await Promise.all(ids.map((id, index) => track(app, { session_id: id, page_path: `/burst/${index % 7}` })));
    const accepted = answers.filter((answer) => answer.statusCode === 202).length;
    expect(accepted).toBe(600);
    await waitFor(async () => (await storedFor(ids)) === accepted);
  });

  it('stores every accepted event when the app closes in the middle of a burst', async () => {
    const closing = await appWith({ ANALYTICS_FLUSH_MS: 60_000, ANALYTICS_BATCH_SIZE: 100 });
    const ids = Array.from({ length: 800 }, sessionId);
    const answers = ids.map((id) => track(closing, { session_id: id, page_path: '/closing' }));
    // Close while most of the burst is still in flight: some events are buffered, some not yet answered.
    await Promise.all(answers.slice(0, 150));
    const closed = closing.close();
    const statuses = (await Promise.allSettled(answers)).map((answer) => (answer.status === 'fulfilled' ? answer.value.statusCode : 0));
    await closed;
    const accepted = statuses.filter((status) => status === 202).length;
    expect(accepted).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 202 || status === 503)).toBe(true);
    expect(await storedFor(ids)).toBe(accepted);
  });

  it('refuses with 503 and Retry-After when the buffer is full, and keeps what it accepted', async () => {
    const small = await appWith({ ANALYTICS_FLUSH_MS: 60_000, ANALYTICS_BATCH_SIZE: 1000, ANALYTICS_BUFFER_MAX: 5 });
    const ids = Array.from({ length: 8 }, sessionId);
    const answers = [];
    for (const id of ids) answers.push(await track(small, { session_id: id, page_path: '/full' }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202, 503, 503, 503]);
    expect(answers[7]!.headers['retry-after']).toBe('2');
    await small.close();
    expect(await storedFor(ids)).toBe(5);
  });

  it('limits events per client IP (429 with Retry-After)', async () => {
    const limited = await appWith({ ANALYTICS_RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const statuses = [];
      for (let index = 0; index < 4; index++) statuses.push((await track(limited, { session_id: sessionId(), page_path: '/' })).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
      const last = await track(limited, { session_id: sessionId(), page_path: '/' });
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

// Events written straight through the batch writer, at chosen instants, in a window of the past no other
// test uses.
function event(at: Date, overrides: Partial<EventRow> = {}): EventRow {
  return {
    occurredAt: at,
    area: 'public',
    visitorId: 42n,
    isEntry: false,
    userId: null,
    sessionId: 'fixed-session',
    eventType: 'pageview',
    pagePath: '/',
    referrer: null,
    browser: 'Chrome',
    os: 'Windows',
    deviceType: 'desktop',
    deviceTimezone: null,
    country: null,
    region: null,
    city: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    screenSize: null,
    language: null,
    ...overrides,
  };
}

async function rollupZone(): Promise<string> {
  const { rows } = await pool().query<{ value: string }>(`SELECT value FROM "AnalyticsState" WHERE key = $1`, [ROLLUP_TIME_ZONE_KEY]);
  return rows[0]?.value ?? 'UTC';
}

describe('rollups', () => {
  it('equal a recount from the raw events on a random dataset', async () => {
    const from = Date.UTC(1991, 2, 1);
    const seed = { value: 12345 };
    const random = () => (seed.value = (seed.value * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const events = Array.from({ length: 3000 }, () =>
      event(new Date(from + Math.floor(random() * 20 * 86_400_000)), {
        area: pick(['public', 'public', 'staff', 'client']),
        pagePath: pick(['/', '/all-services', '/login', '/admin/visits', '/client/overview']),
        browser: pick(['Chrome', 'Safari', 'Firefox', null]),
        os: pick(['Windows', 'iOS', 'Android', null]),
        deviceType: pick(['desktop', 'mobile', 'tablet', null]),
        referrer: pick([null, null, 'google.com', 'facebook.com']),
        country: pick([null, 'FR', 'MA']),
        isEntry: random() < 0.3,
        eventType: random() < 0.1 ? 'click' : 'pageview',
      }),
    );
    for (let index = 0; index < events.length; index += 250) await writeBatch(pool(), events.slice(index, index + 250));
    const window = [new Date(from).toISOString(), new Date(from + 21 * 86_400_000).toISOString()];
    const recount = `
      SELECT e.area, d.dimension, date_trunc('hour', e."occurredAt") AS bucket, d.value, count(*)::int AS views, (count(*) FILTER (WHERE e."isEntry"))::int AS entries
        FROM "PageViewEvent" e CROSS JOIN LATERAL (VALUES ('total', ''), ('page', e."pagePath"), ('browser', coalesce(e.browser, '')), ('os', coalesce(e.os, '')),
             ('device', coalesce(e."deviceType", '')), ('referrer', coalesce(e.referrer, '')), ('country', coalesce(e.country, ''))) AS d(dimension, value)
       WHERE e."eventType" = 'pageview' AND e."occurredAt" >= $1::timestamptz AT TIME ZONE 'UTC' AND e."occurredAt" < $2::timestamptz AT TIME ZONE 'UTC'
       GROUP BY 1, 2, 3, 4`;
    const difference = async (left: string, right: string) =>
      (await pool().query(`SELECT count(*)::int AS n FROM ((${left}) EXCEPT (${right})) x`, window)).rows[0].n as number;
    const hourly = `SELECT area, dimension, bucket, value, views, entries FROM "PageViewHourly" WHERE bucket >= $1::timestamptz AT TIME ZONE 'UTC' AND bucket < $2::timestamptz AT TIME ZONE 'UTC'`;
    expect(await difference(recount, hourly)).toBe(0);
    expect(await difference(hourly, recount)).toBe(0);

    const zone = await rollupZone();
    const dailyRecount = `SELECT area, dimension, ((bucket AT TIME ZONE 'UTC') AT TIME ZONE '${zone}')::date AS day, value, sum(views)::int, sum(entries)::int FROM (${recount}) h GROUP BY 1, 2, 3, 4`;
    const daily = `SELECT area, dimension, day, value, views, entries FROM "PageViewDaily" WHERE day BETWEEN '1991-02-27' AND '1991-03-23' AND $1::text IS NOT NULL AND $2::text IS NOT NULL`;
    expect(await difference(dailyRecount, daily)).toBe(0);
    expect(await difference(daily, dailyRecount)).toBe(0);
    const { rows } = await pool().query(
      `SELECT sum(views)::int AS n FROM "PageViewDaily" WHERE dimension = 'total' AND day BETWEEN '1991-02-27' AND '1991-03-23'`,
    );
    expect(rows[0].n).toBe(events.filter((e) => e.eventType === 'pageview').length);
  });

  it('raw events expire after the retention period; the rollups stay', async () => {
    const old = new Date(Date.now() - 500 * 86_400_000);
    await writeBatch(pool(), [event(old, { sessionId: 'expiring-session', pagePath: '/expiring' })]);
    expect(await storedFor(['expiring-session'])).toBe(1);
    expect(await deleteExpiredEvents(pool(), 400)).toBeGreaterThanOrEqual(1);
    expect(await storedFor(['expiring-session'])).toBe(0);
    const { rows } = await pool().query(`SELECT views FROM "PageViewHourly" WHERE dimension = 'page' AND value = '/expiring'`);
    expect(rows).toHaveLength(1);
  });
});

describe('upkeep jobs (pg-boss, not timers in the web process)', () => {
  const silentLog = { warn: () => {}, error: () => {}, info: () => {} };

  it("the retention job deletes expired raw events and the time-zone job brings the rollups back to the shop's zone", async () => {
    const old = new Date(Date.now() - 500 * 86_400_000);
    await writeBatch(pool(), [event(old, { sessionId: 'expiring-by-job', pagePath: '/expiring-by-job' })]);
    const shopZone = await shopTimeZone(pool());
    const otherZone = shopZone === 'Asia/Tokyo' ? 'UTC' : 'Asia/Tokyo';
    await pool().query(`INSERT INTO "AnalyticsState" (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
      ROLLUP_TIME_ZONE_KEY,
      otherZone,
    ]);
    const jobs = await startJobs(testDeps(), inject('databaseUrl'), silentLog, { schedule: false, pollingIntervalSeconds: 0.5 });
    try {
      await jobs.boss.send(ANALYTICS_RETENTION_QUEUE, {});
      await jobs.boss.send(ANALYTICS_TIME_ZONE_QUEUE, {});
      await waitFor(async () => (await storedFor(['expiring-by-job'])) === 0 && (await rollupZone()) === shopZone, 15_000);
    } finally {
      await jobs.stop();
      await syncRollupTimeZone(pool(), ROLLUP_LOCK_KEY);
    }
  });
});

describe('reports', () => {
  const get = (path: string, headers = staff.authHeader) => app.inject({ method: 'GET', url: `/backend/analytics/${path}`, headers });
  // Staff area of 1987: a window no other test writes to.
  const area = 'staff';

  it('validate the range: both dates, real dates, start <= end, at most 731 days', async () => {
    const cases: [string, RegExp][] = [
      ['device-distribution', /startDate is required/],
      ['device-distribution?startDate=2024-01-01', /endDate is required/],
      ['browser-distribution?startDate=2024-01-01&endDate=01/02/2024', /endDate must be a date written YYYY-MM-DD/],
      ['popular-pages?startDate=2023-02-30&endDate=2023-03-01', /startDate is not a valid date/],
      ['page-views-over-time?startDate=2024-02-02&endDate=2024-02-01', /startDate must be on or before endDate/],
      ['page-views-over-time?startDate=2020-01-01&endDate=2024-01-01', /must not exceed 731 days/],
      ['popular-pages?startDate=2024-01-01&endDate=2024-01-02&area=everyone', /area must be public, staff or client/],
      ['popular-pages?startDate=2024-01-01&endDate=2024-01-02&limit=500', /./],
    ];
    for (const [path, message] of cases) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message, path).toMatch(message);
    }
    expect((await get('page-views-over-time?startDate=2022-01-01&endDate=2023-12-31')).statusCode).toBe(200);
  });

  it("count start and end days inclusively, in the rollups' time zone, with empty days as zeros", async () => {
    const zone = await rollupZone();
    // Local wall-clock instants in `zone`, whatever it is: find the UTC instant whose local day and time match.
    const local = (day: string, time: string) => {
      const guess = Date.parse(`${day}T${time}Z`);
      const offset = (at: number) => {
        const parts = new Intl.DateTimeFormat('en-CA', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }).formatToParts(at);
        const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
        return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at;
      };
      return new Date(guess - offset(guess));
    };
    await writeBatch(pool(), [
      event(local('1987-05-09', '23:59:59'), { area, pagePath: '/before' }),
      event(local('1987-05-10', '00:00:00'), {
        area,
        pagePath: '/first',
        isEntry: true,
        referrer: 'google.com',
        deviceType: 'mobile',
        browser: 'Safari',
      }),
      event(local('1987-05-11', '12:30:00'), { area, pagePath: '/middle' }),
      event(local('1987-05-12', '23:00:00'), { area, pagePath: '/last', deviceType: 'mobile', browser: 'Firefox' }),
      event(local('1987-05-13', '00:00:00'), { area, pagePath: '/after' }),
    ]);
    const range = `startDate=1987-05-10&endDate=1987-05-12&area=${area}`;
    const overTime = (await get(`page-views-over-time?${range}`)).json();
    expect(overTime).toMatchObject({ bucket: 'day', timeZone: zone, totalViews: 3, totalVisits: 1 });
    expect(overTime.points).toEqual([
      { start: '1987-05-10', views: 1, visits: 1 },
      { start: '1987-05-11', views: 1, visits: 0 },
      { start: '1987-05-12', views: 1, visits: 0 },
    ]);
    const pages = (await get(`popular-pages?${range}`)).json();
    expect(pages.total).toBe(3);
    expect(pages.items.map((item: { path: string }) => item.path).sort()).toEqual(['/first', '/last', '/middle']);
    const devices = (await get(`device-distribution?${range}`)).json();
    expect(devices).toEqual({
      total: 3,
      items: [
        { name: 'mobile', views: 2, percentage: 66.7 },
        { name: 'desktop', views: 1, percentage: 33.3 },
      ],
    });
    expect((await get(`referrers?${range}`)).json()).toEqual({ total: 1, items: [{ name: 'google.com', views: 1, percentage: 100 }] });
    const browsers = (await get(`browser-distribution?${range}`)).json();
    expect(browsers.items.map((item: { name: string }) => item.name)).toEqual(['Chrome', 'Firefox', 'Safari']);

    const oneDay = (await get(`page-views-over-time?startDate=1987-05-12&endDate=1987-05-12&area=${area}`)).json();
    expect(oneDay.bucket).toBe('hour');
    expect(oneDay.points).toHaveLength(24);
    expect(oneDay.points[23]).toEqual({ start: '1987-05-12T23:00', views: 1, visits: 0 });
    expect(oneDay.totalViews).toBe(1);

    const empty = (await get(`page-views-over-time?startDate=1987-06-01&endDate=1987-06-05&area=${area}`)).json();
    expect(empty.totalViews).toBe(0);
    expect(empty.points).toHaveLength(5);
    expect((await get(`device-distribution?startDate=1987-06-01&endDate=1987-06-05&area=${area}`)).json()).toEqual({ total: 0, items: [] });
    expect((await get(`popular-pages?startDate=1987-06-01&endDate=1987-06-05&area=${area}`)).json()).toEqual({ total: 0, items: [] });
  });

  it('follow a time-zone change of the daily rollups (an evening in UTC is the next morning in Tokyo)', async () => {
    await writeBatch(pool(), [event(new Date('1986-08-20T15:30:00Z'), { area, pagePath: '/tokyo' })]);
    const client = await pool().connect();
    const setZone = async (zone: string) => {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [ROLLUP_LOCK_KEY]);
      await rebuildDailyRollups((sql, values) => client.query(sql, values), { timeZone: zone });
      await client.query(
        `INSERT INTO "AnalyticsState" (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [ROLLUP_TIME_ZONE_KEY, zone],
      );
      await client.query('COMMIT');
    };
    try {
      await setZone('Asia/Tokyo');
      const tokyo = (await get(`page-views-over-time?startDate=1986-08-20&endDate=1986-08-21&area=${area}`)).json();
      expect(tokyo.timeZone).toBe('Asia/Tokyo');
      expect(tokyo.points.filter((point: { views: number }) => point.views).map((point: { start: string }) => point.start)).toEqual([
        '1986-08-21T00:00',
      ]);
      const daily = (await get(`page-views-over-time?startDate=1986-08-19&endDate=1986-08-21&area=${area}`)).json();
      expect(daily.points.map((point: { views: number }) => point.views)).toEqual([0, 0, 1]);
      await setZone('UTC');
      const utc = (await get(`page-views-over-time?startDate=1986-08-19&endDate=1986-08-21&area=${area}`)).json();
      expect(utc.points.map((point: { views: number }) => point.views)).toEqual([0, 1, 0]);
    } finally {
      client.release();
      await syncRollupTimeZone(pool(), ROLLUP_LOCK_KEY);
    }
  });

  it('give hourly points in a half-hour zone (UTC hours labelled 00:30 ... 23:30 in India), matching the daily rows', async () => {
    await writeBatch(pool(), [
      event(new Date('1985-03-10T18:10:00Z'), { area, pagePath: '/kolkata-evening' }), // 23:40 on the 10th in India
      event(new Date('1985-03-10T19:10:00Z'), { area, pagePath: '/kolkata-night' }), // 00:40 on the 11th
    ]);
    const client = await pool().connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [ROLLUP_LOCK_KEY]);
      await rebuildDailyRollups((sql, values) => client.query(sql, values), { timeZone: 'Asia/Kolkata' });
      await client.query(
        `INSERT INTO "AnalyticsState" (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [ROLLUP_TIME_ZONE_KEY, 'Asia/Kolkata'],
      );
      await client.query('COMMIT');
      const day = (await get(`page-views-over-time?startDate=1985-03-11&endDate=1985-03-11&area=${area}`)).json();
      expect(day).toMatchObject({ bucket: 'hour', timeZone: 'Asia/Kolkata', totalViews: 1 });
      expect(day.points).toHaveLength(24);
      expect(day.points[0]).toEqual({ start: '1985-03-11T00:30', views: 1, visits: 0 });
      expect(day.points[23].start).toBe('1985-03-11T23:30');
      const days = (await get(`page-views-over-time?startDate=1985-03-09&endDate=1985-03-11&area=${area}`)).json();
      expect(days.points.map((point: { views: number }) => point.views)).toEqual([0, 1, 1]);
    } finally {
      client.release();
      await syncRollupTimeZone(pool(), ROLLUP_LOCK_KEY);
    }
  });

  it('count active visitors of the last minute per area', async () => {
    const before = (await get('active-users?area=client')).json();
    for (const ip of ['198.51.100.1', '198.51.100.2']) {
      await track(
        app,
        { session_id: sessionId(), page_path: '/client/dashboard' },
        { 'x-forwarded-for': ip, 'user-agent': `${CHROME} active-test` },
      );
    }
    await waitFor(async () => (await get('active-users?area=client')).json().activeUsers === before.activeUsers + 2);
    const after = (await get('active-users?area=client')).json();
    expect(after.lastFiveMinutes).toBeGreaterThanOrEqual(after.activeUsers);
    expect(after.lastThirtyMinutes).toBeGreaterThanOrEqual(after.lastFiveMinutes);
  });
});

async function openStream(address: string) {
  const response = await fetch(`${address}/backend/analytics/real-time/stream?area=public`, { headers: staff.authHeader });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const next = async (): Promise<{ recent: { path: string }[] }> => {
    for (;;) {
      const start = text.indexOf('event: snapshot');
      const end = start >= 0 ? text.indexOf('\n\n', start) : -1;
      if (end >= 0) {
        const block = text.slice(start, end);
        text = text.slice(end + 2);
        return JSON.parse(
          block
            .split('\n')
            .find((line) => line.startsWith('data: '))!
            .slice(6),
        );
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      text += decoder.decode(value, { stream: true });
    }
  };
  return { next, close: () => reader.cancel() };
}

describe('real-time stream', () => {
  it('reaches the screens connected to another app instance (LISTEN/NOTIFY)', async () => {
    const other = await appWith({});
    try {
      const stream = await openStream(await other.listen({ port: 0, host: '127.0.0.1' }));
      await stream.next();
      const path = `/elsewhere-${randomUUID().slice(0, 8)}`;
      expect((await track(app, { session_id: sessionId(), page_path: path })).statusCode).toBe(202);
      for (;;) if ((await stream.next()).recent.some((item) => item.path === path)) break;
      await stream.close();
    } finally {
      await other.close();
    }
  });

  it('sends a snapshot on connect and a new visit within 2 seconds', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/backend/analytics/real-time/stream?area=public`, { headers: staff.authHeader });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const nextSnapshot = async () => {
      for (;;) {
        const end = text.indexOf('\n\n', text.indexOf('event: snapshot'));
        if (text.includes('event: snapshot') && end >= 0) {
          const start = text.indexOf('event: snapshot');
          const block = text.slice(start, end);
          text = text.slice(end + 2);
          return JSON.parse(
            block
              .split('\n')
              .find((line) => line.startsWith('data: '))!
              .slice(6),
          );
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
    };
    const first = await nextSnapshot();
    expect(first).toMatchObject({ area: 'public', activeUsers: expect.any(Object), recent: expect.any(Array) });
    const path = `/live-${randomUUID().slice(0, 8)}`;
    const sentAt = Date.now();
    await fetch(`${address}/backend/analytics/track-visit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME },
      body: JSON.stringify({ session_id: sessionId(), page_path: path }),
    });
    for (;;) {
      const snapshot = await nextSnapshot();
      if (snapshot.recent.some((item: { path: string }) => item.path === path)) break;
    }
    expect(Date.now() - sentAt).toBeLessThan(2000);
    await reader.cancel();
  });
});

describe('real-time snapshots', () => {
  it('are queried at most once per 250 ms per area however many batches are notified', async () => {
    const hub = await RealtimeHub.open(testDb(), { warn: () => {} });
    const delivered: number[] = [];
    try {
      hub.subscribe('staff', () => delivered.push(Date.now()));
      await waitFor(async () => delivered.length === 1);
      const started = Date.now();
      for (let index = 0; index < 40; index++) {
        await pool().query(`SELECT pg_notify($1, 'staff')`, [NOTIFY_CHANNEL]);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await new Promise((resolve) => setTimeout(resolve, 600));
      const refreshed = delivered.length - 1;
      expect(refreshed).toBeGreaterThanOrEqual(2);
      expect(refreshed).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 250) + 1);
    } finally {
      await hub.close();
    }
  });
});

describe('who may read analytics', () => {
  const range = 'startDate=2024-01-01&endDate=2024-01-07';
  const paths = [
    'active-users',
    `device-distribution?${range}`,
    `browser-distribution?${range}`,
    `page-views-over-time?${range}`,
    `popular-pages?${range}`,
    `referrers?${range}`,
    'real-time/stream',
  ];
  it('staff only over REST: anonymous 401, clients 403', async () => {
    for (const path of paths) {
      expect((await app.inject({ method: 'GET', url: `/backend/analytics/${path}` })).statusCode, path).toBe(401);
      expect((await app.inject({ method: 'GET', url: `/backend/analytics/${path}`, headers: client.authHeader })).statusCode, path).toBe(
        403,
      );
      if (path !== 'real-time/stream')
        expect((await app.inject({ method: 'GET', url: `/backend/analytics/${path}`, headers: staff.authHeader })).statusCode, path).toBe(
          200,
        );
    }
  });

  it('staff only over tRPC', async () => {
    const input = encodeURIComponent(JSON.stringify({ startDate: '2024-01-01', endDate: '2024-01-07' }));
    for (const procedure of ['deviceDistribution', 'browserDistribution', 'pageViewsOverTime', 'popularPages', 'referrers']) {
      const url = `/backend/trpc/analytics.${procedure}?input=${input}`;
      expect((await app.inject({ method: 'GET', url })).statusCode, procedure).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: client.authHeader })).statusCode, procedure).toBe(403);
      expect((await app.inject({ method: 'GET', url, headers: staff.authHeader })).statusCode, procedure).toBe(200);
    }
    for (const procedure of ['activeUsers', 'realtime']) {
      const url = `/backend/trpc/analytics.${procedure}?input=${encodeURIComponent('{}')}`;
      expect((await app.inject({ method: 'GET', url })).statusCode, procedure).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: client.authHeader })).statusCode, procedure).toBe(403);
      expect((await app.inject({ method: 'GET', url, headers: staff.authHeader })).statusCode, procedure).toBe(200);
    }
  });
});
