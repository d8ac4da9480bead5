import { describe, expect, it } from 'vitest';
import {
  brandScaleFrom,
  completeSetupSchema,
  isCurrencyCode,
  isTimeZone,
  normalizeSetupCode,
  parseThemeColors,
  setupShopSchema,
  slugifyShopName,
} from '../index.ts';

describe('setup contract', () => {
  it('reads a setup code typed loosely', () => {
    expect(normalizeSetupCode(' k7qh-3mzp w9ta ')).toBe('K7QH3MZPW9TA');
    expect(completeSetupSchema.shape.setupCode.parse('ab-cd')).toBe('ABCD');
    expect(completeSetupSchema.shape.setupCode.safeParse(' - ').success).toBe(false);
  });

  it('derives the short name from the display name', () => {
    expect(slugifyShopName('Garage Élégance & Fils')).toBe('garage-elegance-fils');
    expect(slugifyShopName('ورشة كريم')).toBe('garage');
  });

  it('knows IANA zones and ISO 4217 currencies', () => {
    expect(isTimeZone('Africa/Casablanca')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isCurrencyCode('MAD')).toBe(true);
    expect(isCurrencyCode('EURO')).toBe(false);
    expect(isCurrencyCode('usd')).toBe(false);
  });

  it('normalises the shop: upper-case currency, optional fields dropped when empty, wa.me-ready WhatsApp', () => {
    const shop = setupShopSchema.parse({
      displayName: ' Karim Motors ',
      name: 'karim-motors',
      defaultLanguage: 'ar',
      currency: 'mad',
      timezone: 'Africa/Casablanca',
      phone: '',
      whatsapp: '+212 600 11 22 33',
      email: '',
      logoUrl: '',
    });
    expect(shop).toMatchObject({
      displayName: 'Karim Motors',
      currency: 'MAD',
      phone: undefined,
      email: undefined,
      logoUrl: undefined,
      primaryColor: '#1d4ed8',
    });
    expect(setupShopSchema.safeParse({ ...shop, name: 'Karim Motors' }).success).toBe(false);
    expect(setupShopSchema.safeParse({ ...shop, whatsapp: 'call me' }).success).toBe(false);
  });

  it('builds a valid theme scale around the chosen colour', () => {
    const scale = brandScaleFrom('#0f766e');
    expect(scale['600']).toBe('#0f766e');
    const theme = {
      colorBrand: scale,
      font: { fontFamily: 'Inter', fontWeightRegular: 400, fontWeightMedium: 500, fontWeightSemiBold: 600, fontWeightBold: 700 },
    };
    expect(parseThemeColors(JSON.stringify(theme))).not.toBeNull();
    // Lighter towards 0, darker towards 800.
    const lightness = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    expect(lightness(scale['0'])).toBeGreaterThan(lightness(scale['400']));
    expect(lightness(scale['800'])).toBeLessThan(lightness(scale['600']));
  });
});
