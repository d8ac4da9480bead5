// The server's drawing of the start screens (server-render.tsx), rendered for real: the app's tree, its
// translations and the boot data's branding, in each language; typed branding text stays text.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BootData } from '@garage/shared/boot-data';
import { drawStartScreen, drawingReady } from './server-render.tsx';

const merchant = { id: 'm1', name: 'atlas', displayName: 'Atlas <Auto> & Care', currency: 'USD', timezone: 'UTC', defaultLanguage: 'en' };
const boot = (language: BootData['language'], heroTitle?: string): BootData => ({
  language,
  merchant,
  branding: [
    ...(heroTitle ? [{ id: 'h1', type: 'HERO', language, status: 'ACTIVE', fields: [{ key: 'heroTitle', value: heroTitle }] }] : []),
    {
      id: 't1',
      type: 'MERCHANT_THEME_COLORS',
      language: 'common',
      status: 'ACTIVE',
      fields: [{ key: 'themeColors', value: JSON.stringify({ colorBrand: { 600: '#aa0011' } }) }],
    },
  ] as BootData['branding'],
});

describe('drawing the start screens on the server', () => {
  // The one-time loading (the screens' code and translations, transformed on the fly here) under a busy
  // machine's time, not the drawings' one-second limit.
  beforeAll(() => drawingReady, 60_000);

  it('draws /login in each language, with the translated heading and a form that signs in without the app', async () => {
    const english = await drawStartScreen('/login', boot('en'));
    expect(english?.html).toContain('>Sign in</h1>');
    // Sent before the app has started, it goes to POST /login, which signs in (apps/api login-form.ts).
    const submit = english?.html.match(/<button[^>]*type="submit"[^>]*>/)?.[0];
    expect(submit).toContain('data-testid="sign-in-submit"');
    expect(submit).not.toMatch(/\sdisabled(?=[\s=>])/);
    expect(english?.html).toMatch(/<form[^>]*method="post"[^>]*action="\/login"/);
    const arabic = await drawStartScreen('/login', boot('ar'));
    expect(arabic?.html).toContain('>تسجيل الدخول</h1>');
    const french = await drawStartScreen('/login', boot('fr'));
    expect(french?.html).toContain('>Connexion</h1>');
  });

  it("draws the home page's header and hero from the boot data, typed text escaped, and the theme as CSS variables", async () => {
    const drawn = await drawStartScreen('/', boot('en', '<script>alert(1)</script> Brakes & more'));
    expect(drawn?.html).toContain('&lt;script>alert(1)&lt;/script> Brakes &amp; more</h1>');
    expect(drawn?.html).not.toContain('<script>');
    expect(drawn?.html).toContain('Atlas &lt;Auto> &amp; Care');
    expect(drawn?.html).toContain('<header');
    expect(drawn?.cssVariables).toEqual({ '--brand-600': '#aa0011' });
  });

  it('draws the dark mode switch as the visitor has it', async () => {
    expect((await drawStartScreen('/login', boot('en'), { darkMode: true }))?.html).toMatch(
      /aria-pressed="true"[^>]*aria-label="Dark mode"/,
    );
    expect((await drawStartScreen('/login', boot('en')))?.html).toMatch(/aria-pressed="false"[^>]*aria-label="Dark mode"/);
  });

  it('draws only the start screens whose first paint needs nothing but the boot data', async () => {
    expect(await drawStartScreen('/admin/visits', boot('en'))).toBeNull();
    expect(await drawStartScreen('/all-services', boot('en'))).toBeNull();
  });

  it('keeps each drawing in its own language when several are asked at once', async () => {
    const drawings = await Promise.all(
      (['en', 'ar', 'fr', 'ar', 'en'] as const).map((language) => drawStartScreen('/login', boot(language))),
    );
    expect(drawings.map((drawing) => /<h1[^>]*>([^<]*)<\/h1>/.exec(drawing?.html ?? '')?.[1])).toEqual([
      'Sign in',
      'تسجيل الدخول',
      'Connexion',
      'تسجيل الدخول',
      'Sign in',
    ]);
  });
});
