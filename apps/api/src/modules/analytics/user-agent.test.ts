// User-agent parsing, bot detection and the optional GeoIP lookup (no database configured, or a wrong path:
// locations stay empty and the app keeps running).
import { describe, expect, it } from 'vitest';
import { openGeoIp } from './geoip.ts';
import { parseUserAgent } from './user-agent.ts';

describe('parseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
      'mobile',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
      'tablet',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      'Edge',
      'Windows',
      'desktop',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
      'Safari',
      'macOS',
      'desktop',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
      'mobile',
    ],
  ])('%s', (agent, browser, os, deviceType) => {
    expect(parseUserAgent(agent)).toEqual({ bot: false, browser, os, deviceType });
  });

  it('recognises crawlers and headless browsers as bots', () => {
    expect(parseUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').bot).toBe(true);
    expect(parseUserAgent('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)').bot).toBe(true);
    expect(
      parseUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36').bot,
    ).toBe(true);
  });

  it('knows nothing without a user agent', () => {
    expect(parseUserAgent(undefined)).toEqual({ bot: false, browser: null, os: null, deviceType: null });
  });
});

describe('openGeoIp', () => {
  it('leaves locations empty without a database', async () => {
    const lookup = await openGeoIp(undefined, () => {});
    expect(lookup('8.8.8.8')).toEqual({ country: null, region: null, city: null });
  });

  it('logs a database that cannot be opened and carries on without locations', async () => {
    const logged: string[] = [];
    const lookup = await openGeoIp('/nonexistent/GeoLite2-City.mmdb', (line) => logged.push(line));
    expect(logged[0]).toMatch(/GeoIP database \/nonexistent\/GeoLite2-City\.mmdb could not be opened/);
    expect(lookup('8.8.8.8')).toEqual({ country: null, region: null, city: null });
  });
});
