import { describe, expect, it } from 'vitest';
import { formatCompactMoney, formatMoney, formatMoneyRange, isolateLtr } from './money.ts';

describe('formatMoney', () => {
  it('shows the currency in the UI language, without decimals when whole', () => {
    expect(formatMoney(2550, 'USD', 'en')).toBe('$25.50');
    expect(formatMoney(4000, 'USD', 'en')).toBe('$40');
    expect(formatMoney(4000, 'EUR', 'fr')).toBe('40\u00a0€');
  });
  it('uses Latin digits in Arabic', () => {
    expect(formatMoney(8900, 'USD', 'ar')).toMatch(/89/);
    expect(formatMoney(8900, 'USD', 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });
  it('shows the currency’s own decimals: three for KWD, none for JPY', () => {
    expect(formatMoney(12345, 'KWD', 'en')).toBe('KWD\u00a012.345');
    expect(formatMoney(12000, 'KWD', 'en')).toBe('KWD\u00a012');
    expect(formatMoney(12340, 'BHD', 'fr')).toMatch(/^12,340\s/);
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1500, 'XOF', 'fr')).toMatch(/^1\s500\s/);
    expect(formatMoneyRange(12345, 20000, 'OMR', 'en')).toMatch(/12\.345.*–.*20$/);
    expect(formatCompactMoney(1_234_500, 'KWD', 'en')).toMatch(/1\.2K/);
    expect(formatCompactMoney(1_234_500, 'JPY', 'en')).toMatch(/1\.2M/);
  });
  it('falls back to the code for an unknown currency', () => {
    expect(formatMoney(150, 'XXXX', 'en')).toBe('1.50 XXXX');
  });
  it('writes a range as two prices, or one when both ends are equal', () => {
    expect(formatMoneyRange(2550, 4000, 'USD', 'en')).toBe('$25.50 – $40');
    expect(formatMoneyRange(4000, 4000, 'USD', 'en')).toBe('$40');
  });
  it('isolates left to right', () => {
    expect(isolateLtr('$40')).toBe('\u2066$40\u2069');
  });
});
