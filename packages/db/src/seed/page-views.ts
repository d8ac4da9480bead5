// About 30 days of demo page views with realistic device, browser and page mixes.
import type { Prisma } from '../generated/prisma/client.ts';
import { createRandom } from './ids.ts';

const DAY = 24 * 60 * 60 * 1000;

export function demoPageViews(now: Date, userIds: string[]): Prisma.PageViewEventCreateManyInput[] {
  const random = createRandom(30);
  const pages = ['/', '/', '/', '/all-services', '/login', '/client/overview', '/admin/visits', '/privacy-policy'];
  const devices = [
    ['Chrome', 'Android', 'mobile', '390x844'], ['Safari', 'iOS', 'mobile', '390x844'], ['Chrome', 'Windows', 'desktop', '1920x1080'],
    ['Firefox', 'Linux', 'desktop', '1440x900'], ['Safari', 'macOS', 'desktop', '1440x900'], ['Edge', 'Windows', 'desktop', '1366x768'],
    ['Chrome', 'Android', 'tablet', '800x1280'],
  ] as const;
  const events: Prisma.PageViewEventCreateManyInput[] = [];
  for (let day = 30; day >= 0; day--) {
    const sessions = random.int(8, 25);
    for (let s = 0; s < sessions; s++) {
      const [browser, os, deviceType, screenSize] = random.pick(devices);
      const sessionId = `demo-${day}-${s}`;
      const start = now.getTime() - day * DAY - random.int(0, 20) * 3600_000;
      const views = random.int(1, 4);
      for (let v = 0; v < views; v++) {
        events.push({
          occurredAt: new Date(Math.min(start + v * 45_000, now.getTime())),
          sessionId,
          userId: random.chance(0.2) ? random.pick(userIds) : null,
          pagePath: random.pick(pages),
          referrer: v === 0 && random.chance(0.4) ? random.pick(['https://www.google.com/', 'https://facebook.com/']) : null,
          browser,
          os,
          deviceType,
          screenSize,
          language: random.pick(['en', 'fr', 'ar']),
          country: random.pick(['US', 'FR', 'MA', 'CA']),
          deviceTimezone: 'UTC',
          utmSource: v === 0 && random.chance(0.2) ? 'newsletter' : null,
        });
      }
    }
  }
  return events;
}
