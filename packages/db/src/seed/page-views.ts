// About five weeks of demo page views shaped like a small garage's website: mostly the public site, busier
// on weekdays and in working hours, growing slightly; phones first; search and social referrers; a few
// client-area and staff visits; and a handful in the last half hour so the real-time screen is not empty.
// No country (the default install has no GeoIP database). demo.ts builds the rollups from these rows.
import type { Prisma } from '../generated/prisma/client.ts';
import { createRandom, type Random } from './ids.ts';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

type Weighted<T> = readonly (readonly [T, number])[];
function weighted<T>(random: Random, items: Weighted<T>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

// [browser, os, device, screen]
const AGENTS: Weighted<readonly [string, string, string, string]> = [
  [['Chrome', 'Android', 'mobile', '412x915'], 30],
  [['Safari', 'iOS', 'mobile', '390x844'], 20],
  [['Samsung Browser', 'Android', 'mobile', '360x780'], 6],
  [['Chrome', 'Windows', 'desktop', '1920x1080'], 18],
  [['Edge', 'Windows', 'desktop', '1536x864'], 7],
  [['Safari', 'macOS', 'desktop', '1440x900'], 7],
  [['Firefox', 'Windows', 'desktop', '1366x768'], 4],
  [['Firefox', 'Linux', 'desktop', '1920x1080'], 1],
  [['Safari', 'iOS', 'tablet', '820x1180'], 4],
  [['Chrome', 'Android', 'tablet', '800x1280'], 3],
];
const REFERRERS: Weighted<string | null> = [
  [null, 45],
  ['google.com', 32],
  ['facebook.com', 9],
  ['instagram.com', 6],
  ['bing.com', 3],
  ['maps.google.com', 3],
  ['yelp.com', 2],
];
const PUBLIC_NEXT: Weighted<string> = [
  ['/all-services', 45],
  ['/', 20],
  ['/login', 18],
  ['/privacy-policy', 5],
  ['/terms-of-service', 3],
  ['/not-a-page', 1],
];
const CLIENT_PAGES = ['/client/dashboard', '/client/overview', '/client/get-in-touch', '/client/profile'];
const STAFF_PAGES = ['/admin/dashboard/main-panel', '/admin/visits', '/admin/users', '/admin/todo', '/admin/dashboard/real-time'];
const LANGUAGES: Weighted<string> = [
  ['en-US', 45],
  ['fr-FR', 25],
  ['ar-MA', 20],
  ['en-GB', 6],
  ['es-ES', 4],
];
const ZONES: Weighted<string> = [
  ['Africa/Casablanca', 50],
  ['Europe/Paris', 30],
  ['America/New_York', 15],
  ['Europe/London', 5],
];
// Local working hours get most visits (the seed's clock is UTC; close enough for a demo).
const HOURS: Weighted<number> = Array.from(
  { length: 24 },
  (_, hour) => [hour, hour < 7 ? 1 : hour < 9 ? 4 : hour < 19 ? 10 : hour < 22 ? 5 : 2] as const,
);
const WEEKDAY_WEIGHT = [0.45, 1, 1.05, 1, 1.1, 1.15, 0.8]; // Sunday .. Saturday

function randomVisitorId(random: Random): bigint {
  return BigInt.asIntN(64, (BigInt(Math.floor(random.next() * 2 ** 32)) << 32n) | BigInt(Math.floor(random.next() * 2 ** 32)));
}

export function demoPageViews(now: Date, clientIds: string[]): Prisma.PageViewEventCreateManyInput[] {
  const random = createRandom(30);
  const events: Prisma.PageViewEventCreateManyInput[] = [];
  let sessionNumber = 0;

  const addSession = (start: number) => {
    sessionNumber += 1;
    const [browser, os, deviceType, screenSize] = weighted(random, AGENTS);
    const area = weighted<'public' | 'client' | 'staff'>(random, [
      ['public', 86],
      ['client', 10],
      ['staff', 4],
    ]);
    const sessionId = `demo-session-${sessionNumber}`;
    const visitorId = randomVisitorId(random);
    const language = weighted(random, LANGUAGES);
    const deviceTimezone = weighted(random, ZONES);
    const referrer = area === 'public' ? weighted(random, REFERRERS) : null;
    const campaign = area === 'public' && referrer === 'facebook.com' && random.chance(0.5);
    const userId = area === 'client' && clientIds.length ? random.pick(clientIds) : null;
    const views =
      area === 'staff'
        ? random.int(2, 6)
        : area === 'client'
          ? random.int(1, 4)
          : weighted(random, [
              [1, 40],
              [2, 30],
              [3, 18],
              [4, 8],
              [5, 4],
            ]);
    let path =
      area === 'public'
        ? weighted<string>(random, [
            ['/', 80],
            ['/all-services', 15],
            ['/privacy-policy', 5],
          ])
        : area === 'client'
          ? '/client/dashboard'
          : '/admin/dashboard/main-panel';
    let at = start;
    for (let view = 0; view < views && at <= now.getTime(); view++) {
      events.push({
        occurredAt: new Date(at),
        area,
        visitorId,
        isEntry: view === 0,
        userId,
        sessionId,
        eventType: 'pageview',
        pagePath: path,
        referrer: view === 0 ? referrer : null,
        browser,
        os,
        deviceType,
        screenSize,
        language,
        deviceTimezone,
        utmSource: view === 0 && campaign ? 'facebook' : null,
        utmMedium: view === 0 && campaign ? 'social' : null,
        utmCampaign: view === 0 && campaign ? 'winter-tyres' : null,
      });
      at += random.int(15, 150) * 1000;
      path = area === 'public' ? weighted(random, PUBLIC_NEXT) : random.pick(area === 'client' ? CLIENT_PAGES : STAFF_PAGES);
    }
  };

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let day = 35; day >= 0; day--) {
    const dayStart = today - day * DAY;
    const growth = 1 + (35 - day) / 70;
    const sessions = Math.round(random.int(22, 34) * WEEKDAY_WEIGHT[new Date(dayStart).getUTCDay()]! * growth);
    for (let s = 0; s < sessions; s++) {
      const start = dayStart + weighted(random, HOURS) * 3_600_000 + random.int(0, 59) * MINUTE;
      if (start < now.getTime() - 30 * MINUTE) addSession(start);
    }
  }
  // The last half hour: a few visitors right now.
  for (let s = 0; s < 9; s++) addSession(now.getTime() - random.int(1, 28) * MINUTE - random.int(0, 59) * 1000);
  return events.sort((a, b) => (a.occurredAt as Date).getTime() - (b.occurredAt as Date).getTime());
}
