// The landing page restates two small rules of @garage/shared/branding to stay free of zod; these tests
// keep the copies in agreement with the originals and pin the CSS-safety of the runtime theme.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@garage/shared/messages';
import { mergeBranding, parseThemeColors, type BrandingEntry } from '@garage/shared/branding';
import { firstFieldValue, mergeBrandingEntries } from './merge-branding.ts';
import { buildRuntimeTheme } from './theme.ts';

const entry = (type: string, language: string, fields: Record<string, string>): BrandingEntry => ({
  id: `${type}-${language}`,
  type,
  language,
  status: 'ACTIVE',
  fields: Object.entries(fields).map(([key, value]) => ({ key, value })),
});

const theme = {
  colorBrand: { 0: '#fff1f2', 200: '#fecdd3', 400: '#fb7185', 600: '#e11d48', 800: '#881337' },
  font: { fontFamily: 'Cairo Variable', fontWeightRegular: 400, fontWeightMedium: 500, fontWeightSemiBold: 600, fontWeightBold: 800 },
};

const entries = [
  entry('MERCHANT_THEME_COLORS', 'common', { themeColors: JSON.stringify(theme) }),
  entry('THEME_PALETTE', 'common', { lightest: '#ffffff', dark: '#111111', darkest: 'red; background: url(x)' }),
  entry('HERO', 'en', { heroTitle: 'Hello' }),
  entry('HERO', 'fr', { heroTitle: 'Bonjour' }),
  entry('CONTACT', 'common', { contactTitle: 'Common title' }),
  entry('CONTACT', 'fr', { contactTitle: 'Titre' }),
];

describe('runtime branding', () => {
  it('merges common and current-language entries exactly like @garage/shared', () => {
    for (const language of ['en', 'fr', 'ar', 'fr-CA']) {
      expect(mergeBrandingEntries(entries, language)).toEqual(mergeBranding(entries, language));
    }
    expect(mergeBrandingEntries(entries, 'fr')).toMatchObject({ heroTitle: 'Bonjour', contactTitle: 'Titre' });
  });

  it('turns a theme the shared schema accepts into CSS variables', () => {
    const json = firstFieldValue(entries, 'MERCHANT_THEME_COLORS')!;
    expect(parseThemeColors(json)).not.toBeNull();
    const { variables, warning } = buildRuntimeTheme(json, mergeBrandingEntries(entries, 'en'));
    expect(warning).toBeUndefined();
    expect(variables).toMatchObject({
      '--brand-0': '#fff1f2',
      '--brand-600': '#e11d48',
      '--brand-800': '#881337',
      '--brand-font-family': "'Cairo Variable'",
      '--brand-font-weight-bold': '800',
      '--theme-lightest': '#ffffff',
      '--theme-dark': '#111111',
    });
  });

  it('never lets a branding value inject CSS', () => {
    const hostile = JSON.stringify({
      colorBrand: { 600: 'red;}body{display:none' },
      font: { fontFamily: "x'); }* {color:red", fontWeightBold: '700;x' },
    });
    const { variables } = buildRuntimeTheme(hostile, { darkest: 'red; background: url(x)' });
    expect(variables).toEqual({});
  });

  it('warns with the invalid-theme-colour text and keeps the default theme for unparsable JSON', () => {
    const { variables, warning } = buildRuntimeTheme('{"colorBrand": ', {});
    expect(parseThemeColors('{"colorBrand": ')).toBeNull();
    expect(warning).toBe(MESSAGES.invalidThemeColors);
    expect(variables).toEqual({});
  });
});
