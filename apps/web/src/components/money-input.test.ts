// What MoneyInput reads from and writes into its text box, per currency (minor units: @garage/shared/money).
import { describe, expect, it } from 'vitest';
import { minorFromText, textFromMinor } from './money-input.tsx';

describe('minorFromText', () => {
  it('reads the currency’s decimals: fils of KWD, cents of EUR, whole yen', () => {
    expect(minorFromText('12.345', 'KWD')).toBe(12345);
    expect(minorFromText('12,5', 'KWD')).toBe(12500);
    expect(minorFromText('89.50', 'EUR')).toBe(8950);
    expect(minorFromText('1 500', 'JPY')).toBe(1500);
  });
  it('gives undefined for nothing and NaN for more decimals than the currency has', () => {
    expect(minorFromText('  ', 'KWD')).toBeUndefined();
    expect(minorFromText('1.2345', 'KWD')).toBeNaN();
    expect(minorFromText('1.234', 'EUR')).toBeNaN();
    expect(minorFromText('1.5', 'JPY')).toBeNaN();
    expect(minorFromText('abc', 'EUR')).toBeNaN();
  });
});

describe('textFromMinor', () => {
  it('writes the amount with the currency’s digits, which reads back the same', () => {
    expect(textFromMinor(12345, 'KWD')).toBe('12.345');
    expect(textFromMinor(8950, 'EUR')).toBe('89.50');
    expect(textFromMinor(1500, 'JPY')).toBe('1500');
    expect(textFromMinor(undefined, 'EUR')).toBe('');
    for (const currency of ['KWD', 'EUR', 'JPY']) expect(minorFromText(textFromMinor(70005, currency), currency)).toBe(70005);
  });
});
