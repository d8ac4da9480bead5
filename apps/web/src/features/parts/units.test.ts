import { describe, expect, it } from 'vitest';
import { formatQuantityNumber } from './units.ts';

describe('formatQuantityNumber', () => {
  it('rounds to the unit’s decimals: whole pieces, litres to the centilitre, kilograms to the gram', () => {
    expect(formatQuantityNumber(4, 'PIECE', 'en')).toBe('4');
    expect(formatQuantityNumber(0.1 + 0.2, 'LITRE', 'en')).toBe('0.3');
    expect(formatQuantityNumber(2.456, 'LITRE', 'en')).toBe('2.46');
    expect(formatQuantityNumber(1.2345, 'KILOGRAM', 'en')).toBe('1.235');
    expect(formatQuantityNumber(1.5, null, 'en')).toBe('1.5');
  });

  it('signs the ledger’s movements, never zero', () => {
    expect(formatQuantityNumber(5, 'PIECE', 'en', true)).toBe('+5');
    expect(formatQuantityNumber(-1, 'PIECE', 'en', true)).toBe('-1');
    expect(formatQuantityNumber(0, 'PIECE', 'en', true)).toBe('0');
  });

  it('writes Latin digits with each language’s separators', () => {
    expect(formatQuantityNumber(1234.5, 'METRE', 'en')).toBe('1,234.5');
    expect(formatQuantityNumber(1234.5, 'METRE', 'fr')).toBe('1\u202f234,5');
    expect(formatQuantityNumber(12.5, 'LITRE', 'ar')).toMatch(/^12[.٫]5$/);
  });
});
