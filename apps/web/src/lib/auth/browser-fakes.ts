// Test helpers: the browser pieces the auth code touches (localStorage, cookies, location, fetch,
// navigator), replaced by small in-memory fakes for vitest's node environment.
import { vi } from 'vitest';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token the browser can read (the signature is the server's business). */
export const tokenFor = (claims: object) => `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
export const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
export const USER = {
  id: 'u1',
  firstName: 'A',
  lastName: 'B',
  username: 'ab',
  email: null,
  role: 'EMPLOYEE',
  imageUrl: null,
  preferredLanguage: 'en',
  verified: true,
};
export const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function installBrowser() {
  const calls: { url: string; authorization: string | null }[] = [];
  const assign = vi.fn();
  let handler: Handler = () => json(404);
  const storage = new Map<string, string>();
  const cookies = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  vi.stubGlobal('document', {
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      const [name = '', value = ''] = (text.split(';')[0] ?? '').split('=');
      if (/Max-Age=0/.test(text)) cookies.delete(name);
      else cookies.set(name, value);
    },
  });
  vi.stubGlobal('window', {
    location: { origin: 'http://shop.test', protocol: 'http:', assign },
    addEventListener() {},
    removeEventListener() {},
  });
  vi.stubGlobal('navigator', {});
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    calls.push({ url: input, authorization: new Headers(init.headers).get('authorization') });
    return handler(input, init);
  });
  return {
    calls,
    assign,
    respond(next: Handler) {
      handler = next;
    },
  };
}
