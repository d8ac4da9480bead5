// The tracker's contract with the API: one event per new path+query, the session kept in sessionStorage,
// the external referrer and UTM tags on the visit's first event, every payload valid for the shared schema,
// and no failure ever reaching the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackVisitSchema } from '@garage/shared/schemas/analytics';

let beacons: { url: string; body: Record<string, unknown> }[];
let fetches: { url: string; init: RequestInit }[];
let beaconResult: boolean | 'throw';

async function load() {
  vi.resetModules();
  return import('./page-view-tracker.ts');
}

beforeEach(() => {
  beacons = [];
  fetches = [];
  beaconResult = true;
  const session = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => session.get(key) ?? null,
    setItem: (key: string, value: string) => void session.set(key, value),
  });
  vi.stubGlobal('document', { referrer: 'https://www.google.com/search?q=brakes' });
  vi.stubGlobal('window', { screen: { width: 390, height: 844 } });
  vi.stubGlobal('navigator', {
    language: 'fr-FR',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
    sendBeacon: (url: string, blob: Blob) => {
      if (beaconResult === 'throw') throw new Error('blocked');
      void blob.text().then((text) => beacons.push({ url, body: JSON.parse(text) }));
      return beaconResult;
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    fetches.push({ url, init });
    throw new Error('offline');
  });
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('page-view tracker', () => {
  it('sends one event per new path and query, valid for the shared schema', async () => {
    const { sendPageView } = await load();
    sendPageView('/', '?utm_source=facebook&utm_medium=social&utm_campaign=winter');
    sendPageView('/', '?utm_source=facebook&utm_medium=social&utm_campaign=winter');
    sendPageView('/all-services', '');
    sendPageView('/all-services', '?tab=2');
    await settle();
    expect(beacons.map((beacon) => [beacon.body.page_path, beacon.body.is_entry])).toEqual([
      ['/', true],
      ['/all-services', false],
      ['/all-services', false],
    ]);
    const [first, second] = beacons;
    expect(first!.url).toMatch(/\/analytics\/track-visit$/);
    expect(first!.body).toMatchObject({
      eventType: 'pageview',
      referrer: 'https://www.google.com/search?q=brakes',
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'winter',
      screen_size: '390x844',
      language: 'fr-FR',
    });
    expect(second!.body.referrer).toBeUndefined();
    expect(second!.body.session_id).toBe(first!.body.session_id);
    for (const beacon of beacons) expect(trackVisitSchema.safeParse(beacon.body).success).toBe(true);
  });

  it('falls back to a keepalive fetch, and swallows every failure', async () => {
    const { sendPageView } = await load();
    beaconResult = false;
    expect(() => sendPageView('/login', '')).not.toThrow();
    await settle();
    expect(fetches).toHaveLength(1);
    expect(fetches[0]!.init).toMatchObject({ method: 'POST', keepalive: true });
    beaconResult = 'throw';
    expect(() => sendPageView('/privacy-policy', '')).not.toThrow();
  });

  it('clips what could exceed the schema limits', async () => {
    const { sendPageView } = await load();
    sendPageView(`/${'a'.repeat(700)}`, `?utm_source=${'x'.repeat(300)}`);
    await settle();
    expect(trackVisitSchema.safeParse(beacons[0]!.body).success).toBe(true);
  });
});
