import { describe, expect, it } from 'vitest';
import { brandingInputSchema, mergeBranding, parseThemeColors } from './branding.ts';
import { renderCodedText } from './message-catalogue.ts';

const validTheme = JSON.stringify({
  colorBrand: { 0: '#ffffff', 200: '#cccccc', 400: '#999999', 600: '#666666', 800: '#333333' },
  font: { fontFamily: 'Inter', fontWeightRegular: 400, fontWeightMedium: 500, fontWeightSemiBold: 600, fontWeightBold: 700 },
});

describe('theme colours JSON', () => {
  it('accepts the documented shape', () => {
    expect(parseThemeColors(validTheme)?.colorBrand['600']).toBe('#666666');
  });
  it.each([
    ['not JSON', '{colorBrand'],
    ['a missing level', JSON.stringify({ ...JSON.parse(validTheme), colorBrand: { 0: '#fff000' } })],
    ['a non-hex colour', validTheme.replace('#999999', 'blue')],
    ['no font', JSON.stringify({ colorBrand: JSON.parse(validTheme).colorBrand })],
  ])('rejects %s', (_label, value) => {
    expect(parseThemeColors(value)).toBeNull();
    const result = brandingInputSchema.safeParse({
      type: 'MERCHANT_THEME_COLORS',
      language: 'common',
      fields: [{ key: 'themeColors', value }],
    });
    expect(result.success).toBe(false);
    expect(renderCodedText(result.error?.issues[0]?.message ?? '')).toBe('Invalid theme color JSON');
  });
});

describe('mergeBranding', () => {
  it('merges common entries with the current language, the language winning', () => {
    const entries = [
      { id: '1', type: 'HERO', language: 'en', status: 'ACTIVE', fields: [{ key: 'heroTitle', value: 'Hello' }] },
      { id: '2', type: 'HERO', language: 'fr', status: 'ACTIVE', fields: [{ key: 'heroTitle', value: 'Bonjour' }] },
      {
        id: '3',
        type: 'ASSETS',
        language: 'common',
        status: 'ACTIVE',
        fields: [
          { key: 'headerLogo', value: '/logo.svg' },
          { key: 'heroTitle', value: 'Common' },
        ],
      },
    ];
    expect(mergeBranding(entries, 'fr-FR')).toEqual({ headerLogo: '/logo.svg', heroTitle: 'Bonjour' });
    expect(mergeBranding(entries, 'ar')).toEqual({ headerLogo: '/logo.svg', heroTitle: 'Common' });
  });
});
