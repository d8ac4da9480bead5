import { describe, expect, it } from 'vitest';
import { currencyDecimals, formatMinorPlain, majorToMinor, minorPerMajor, minorToMajor, parseMajorToMinor } from './money.ts';
import { validateImportRow } from './schemas/data-transfer.ts';

describe('currencyDecimals', () => {
  it('knows the 3-decimal, 0-decimal and 2-decimal currencies, in any case', () => {
    expect(['KWD', 'BHD', 'OMR', 'JOD', 'TND'].map(currencyDecimals)).toEqual([3, 3, 3, 3, 3]);
    expect(['JPY', 'XOF', 'KRW', 'CLP'].map(currencyDecimals)).toEqual([0, 0, 0, 0]);
    expect(['EUR', 'MAD', 'SAR', 'AED', 'USD'].map(currencyDecimals)).toEqual([2, 2, 2, 2, 2]);
    expect(currencyDecimals('kwd')).toBe(3);
    expect([minorPerMajor('KWD'), minorPerMajor('EUR'), minorPerMajor('JPY')]).toEqual([1000, 100, 1]);
  });
});

describe('minor and major units', () => {
  it('converts with the currency’s factor', () => {
    expect(minorToMajor(12345, 'KWD')).toBe(12.345);
    expect(minorToMajor(12345, 'EUR')).toBe(123.45);
    expect(minorToMajor(12345, 'JPY')).toBe(12345);
    expect(majorToMinor(12.345, 'BHD')).toBe(12345);
    expect(majorToMinor(123.45, 'MAD')).toBe(12345);
    expect(majorToMinor(0.1 + 0.2, 'SAR')).toBe(30);
  });

  it('prints plain decimals with exactly the currency’s digits', () => {
    expect(formatMinorPlain(12345, 'KWD')).toBe('12.345');
    expect(formatMinorPlain(12000, 'OMR')).toBe('12.000');
    expect(formatMinorPlain(5, 'KWD')).toBe('0.005');
    expect(formatMinorPlain(12345, 'EUR')).toBe('123.45');
    expect(formatMinorPlain(12345, 'JPY')).toBe('12345');
    expect(formatMinorPlain(-250, 'MAD')).toBe('-2.50');
  });

  it('round-trips every amount through the plain text', () => {
    for (const currency of ['KWD', 'BHD', 'OMR', 'JPY', 'XOF', 'EUR', 'MAD', 'SAR']) {
      for (const minor of [0, 1, 7, 99, 100, 999, 1000, 12345, 987654321]) {
        expect(parseMajorToMinor(formatMinorPlain(minor, currency), currency)).toBe(minor);
        expect(majorToMinor(minorToMajor(minor, currency), currency)).toBe(minor);
      }
    }
  });
});

describe('parseMajorToMinor', () => {
  it('reads what people type, with a comma or a point', () => {
    expect(parseMajorToMinor('12.345', 'KWD')).toBe(12345);
    expect(parseMajorToMinor('12,5', 'KWD')).toBe(12500);
    expect(parseMajorToMinor(' 7 ', 'OMR')).toBe(7000);
    expect(parseMajorToMinor('89.5', 'EUR')).toBe(8950);
    expect(parseMajorToMinor('1500', 'JPY')).toBe(1500);
    expect(parseMajorToMinor('.5', 'SAR')).toBe(50);
  });

  it('refuses more decimals than the currency has, and what is not a number', () => {
    expect(parseMajorToMinor('1.2345', 'KWD')).toBeNull();
    expect(parseMajorToMinor('1.234', 'EUR')).toBeNull();
    expect(parseMajorToMinor('1.5', 'JPY')).toBeNull();
    expect(parseMajorToMinor('1,5', 'XOF')).toBeNull();
    expect(parseMajorToMinor('', 'EUR')).toBeNull();
    expect(parseMajorToMinor('abc', 'EUR')).toBeNull();
    expect(parseMajorToMinor('1e3', 'EUR')).toBeNull();
  });
});

describe('amounts of an imported visit (validateImportRow)', () => {
  const options = { defaultCountryCode: '+965', distanceUnit: 'KM' as const };
  const visitRow = { visitDate: '2026-03-10', visitTotal: '12.345', visitPaid: '10' };

  it('reads them with the shop’s decimals', () => {
    expect(validateImportRow(visitRow, { ...options, currency: 'KWD' }).record.visit).toMatchObject({
      totalCents: 12_345,
      paidCents: 10_000,
    });
    expect(validateImportRow({ ...visitRow, visitTotal: '1500' }, { ...options, currency: 'JPY' }).record.visit).toMatchObject({
      totalCents: 1_500,
      paidCents: 10,
    });
    expect(validateImportRow({ ...visitRow, visitTotal: '12.34' }, options).record.visit).toMatchObject({ totalCents: 1_234 });
  });
});
