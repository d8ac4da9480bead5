// User agent → browser, OS and device type (ua-parser-js 1.x, MIT: version 2 is AGPL), and bot detection
// (isbot's maintained list). Results are remembered per user-agent string: a site sees few distinct ones,
// and parsing costs ~35 µs.
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';

export interface ParsedAgent {
  bot: boolean;
  browser: string | null;
  os: string | null;
  deviceType: string | null;
}

const CACHE_MAX = 2000;
const cache = new Map<string, ParsedAgent>();

const cleanBrowser = (name: string | undefined) => (name ? name.replace(/^Mobile /, '').replace(/ (Mobile|WebView)$/, '') : null);
const cleanOs = (name: string | undefined) => (name === 'Mac OS' ? 'macOS' : (name ?? null));

/** desktop unless the parser recognised a phone, tablet or other device; null when nothing is known. */
function deviceOf(result: UAParser.IResult): string | null {
  const type = result.device.type;
  if (type === 'mobile' || type === 'tablet') return type;
  if (type) return 'other';
  return result.os.name || result.browser.name ? 'desktop' : null;
}

export function parseUserAgent(userAgent: string | undefined): ParsedAgent {
  if (!userAgent) return { bot: false, browser: null, os: null, deviceType: null };
  const known = cache.get(userAgent);
  if (known) return known;
  const result = new UAParser(userAgent).getResult();
  const parsed: ParsedAgent = {
    bot: isbot(userAgent),
    browser: cleanBrowser(result.browser.name)?.slice(0, 50) ?? null,
    os: cleanOs(result.os.name)?.slice(0, 50) ?? null,
    deviceType: deviceOf(result),
  };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(userAgent, parsed);
  return parsed;
}
