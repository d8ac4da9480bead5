import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderCodedText } from './message-catalogue.ts';
import {
  checkDigitStatus,
  expectedCheckDigit,
  normaliseVin,
  optionalVinSchema,
  vinCountry,
  vinFromScan,
  vinModelYear,
  vinProblem,
  vinSchema,
} from './vin.ts';

const VIN_CHARACTERS = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];
const vinBody = fc.array(fc.constantFrom(...VIN_CHARACTERS), { minLength: 17, maxLength: 17 }).map((chars) => chars.join(''));
const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${expectedCheckDigit(vin)}${vin.slice(9)}`;

describe('check digit (ISO 3779, North America)', () => {
  it('accepts real VINs whose check digit is right', () => {
    // Honda Accord 2003, Acura Legend 1993, the bus of NHTSA's own vPIC example (an X check digit),
    // Chevrolet Malibu 2006 and Tahoe 2003.
    for (const vin of ['1HGCM82633A004352', 'JH4KA7561PC008269', '1M8GDM9AXKP042788', '1G1ZT53826F109149', '1GNEK13ZX3R298984'])
      expect(expectedCheckDigit(vin), vin).toBe(vin[8]);
    expect(checkDigitStatus('1HGCM82633A004352')).toBe('valid');
    expect(checkDigitStatus('1M8GDM9AXKP042788')).toBe('valid');
  });

  it('finds a wrong check digit in North American VINs (these circulate as examples, with a wrong digit)', () => {
    expect(expectedCheckDigit('5YJ3E1EA7KF317000')).toBe('2');
    expect(checkDigitStatus('5YJ3E1EA7KF317000')).toBe('invalid');
    expect(checkDigitStatus('1FTFW1ET5DFC10312')).toBe('invalid');
    expect(checkDigitStatus('1FTFW1ET9DFC10312')).toBe('valid');
    expect(checkDigitStatus('1HGCM82643A004352')).toBe('invalid');
  });

  it('does not check elsewhere: position 9 is the maker’s own character outside North America', () => {
    // A German BMW (its computed digit is 7) and a European Volkswagen with a Z at position 9.
    expect(checkDigitStatus('WBA3A5C51CF256651')).toBe('not-applicable');
    expect(checkDigitStatus('WVWZZZ1KZAW000000')).toBe('not-applicable');
    expect(checkDigitStatus('JH4KA7561PC008269')).toBe('not-applicable');
  });

  it('property: any VIN given its computed digit is valid, and changing that digit makes it invalid', () => {
    fc.assert(
      fc.property(vinBody, fc.constantFrom('1', '2', '3', '4', '5'), fc.constantFrom(...'0123456789X'), (body, first, other) => {
        const vin = withCheckDigit(`${first}${body.slice(1)}`.replace(/[IOQ]/g, 'A'));
        expect(checkDigitStatus(vin)).toBe('valid');
        fc.pre(other !== vin[8]);
        expect(checkDigitStatus(`${vin.slice(0, 8)}${other}${vin.slice(9)}`)).toBe('invalid');
      }),
    );
  });
});

describe('shape', () => {
  it('normalises what people type: case, spaces, dashes', () => {
    expect(normaliseVin(' 1hgcm8-2633 a004352 ')).toBe('1HGCM82633A004352');
  });

  it('refuses a wrong length and the letters I, O, Q', () => {
    expect(vinProblem('1HGCM82633A00435')).toBe('length');
    expect(vinProblem('1HGCM82633A0043521')).toBe('length');
    expect(vinProblem('1HGCM82633AO04352')).toBe('forbiddenLetters');
    expect(vinProblem('IHGCM82633A004352')).toBe('forbiddenLetters');
    expect(vinProblem('1HGCM82633Q004352')).toBe('forbiddenLetters');
    expect(vinProblem('1HGCM82633A00435É')).toBe('characters');
    expect(vinProblem('1HGCM82633A004352')).toBeNull();
  });

  it('property: every 17-character string of allowed characters passes, any I, O or Q is refused', () => {
    fc.assert(
      fc.property(vinBody, fc.integer({ min: 0, max: 16 }), fc.constantFrom('I', 'O', 'Q'), (body, at, letter) => {
        const clean = body.replace(/[IOQ]/g, '7');
        expect(vinProblem(clean)).toBeNull();
        expect(vinProblem(`${clean.slice(0, at)}${letter}${clean.slice(at + 1)}`)).toBe('forbiddenLetters');
      }),
    );
  });

  it('vinSchema answers message codes the catalogue renders', () => {
    const short = vinSchema.safeParse('1HGCM82633A00435');
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('vin.length');
    expect(renderCodedText('vin.length')).toBe('A VIN is exactly 17 characters');
    const withO = vinSchema.safeParse('1HGCM82633AO04352');
    expect(withO.error?.issues[0]?.message).toBe('vin.forbiddenLetters');
    expect(vinSchema.parse('1hgcm82633a004352')).toBe('1HGCM82633A004352');
    // An invalid check digit is not a refusal.
    expect(vinSchema.parse('5YJ3E1EA7KF317000')).toBe('5YJ3E1EA7KF317000');
  });

  it('the form field is optional: empty or spaces mean no VIN', () => {
    expect(optionalVinSchema.parse('')).toBeNull();
    expect(optionalVinSchema.parse('  ')).toBeNull();
    expect(optionalVinSchema.parse(null)).toBeNull();
    expect(optionalVinSchema.parse(undefined)).toBeUndefined();
    expect(optionalVinSchema.parse('wvw zzz 1kz aw000000')).toBe('WVWZZZ1KZAW000000');
    expect(optionalVinSchema.safeParse('WVWZZZ1KZ').success).toBe(false);
  });
});

describe('model year (position 10)', () => {
  const now = new Date('2026-06-01');
  it('North America: position 7 tells the cycle', () => {
    expect(vinModelYear('1HGCM82633A004352', now)).toEqual({ year: 2003, certain: true });
    expect(vinModelYear('5YJ3E1EA2KF317000', now)).toEqual({ year: 2019, certain: true });
    expect(vinModelYear('1M8GDM9AXKP042788', now)).toEqual({ year: 1989, certain: true });
  });
  it('elsewhere: the most recent year the code can mean, marked probable; none when not encoded', () => {
    expect(vinModelYear('WVWZZZ1KZAW000000', now)).toEqual({ year: 2010, certain: false });
    expect(vinModelYear('WBA3A5C51CF256651', now)).toEqual({ year: 2012, certain: false });
    // 'Y' is 2000 or 2030: 2030 is after next year, so 2000.
    expect(vinModelYear('VF1AAAAAAYA000000', now)).toEqual({ year: 2000, certain: false });
    expect(vinModelYear('ZFA31200000000000', now)).toBeNull();
    expect(vinModelYear('VF3LCYHZZ00000000', now)).toBeNull();
    // Built to the US rule (right check digit): position 7 tells the cycle, 1993 for this Acura Legend.
    expect(vinModelYear('JH4KA7561PC008269', now)).toEqual({ year: 1993, certain: false });
  });
});

describe('country (ISO 3780 ranges)', () => {
  it.each([
    ['1HGCM82633A004352', 'US'],
    ['2T1BURHE0JC043821', 'CA'],
    ['3VWFE21C04M000000', 'MX'],
    ['JTDKB20U093000000', 'JP'],
    ['KMHCT41DAEU000000', 'KR'],
    ['LVSHCAMB1CE000000', 'CN'],
    ['MA3FJEB1S00000000', 'IN'],
    ['SALLAAA1000000000', 'GB'],
    ['VF1RFB00X56000000', 'FR'],
    ['VSSZZZ6JZ9R000000', 'ES'],
    ['WVWZZZ1KZAW000000', 'DE'],
    ['YV1MS382000000000', 'SE'],
    ['MD2A11CZ000000000', 'IN'],
    ['ZFA31200000000000', 'IT'],
    ['9BWZZZ377VT004251', 'BR'],
    ['UU1HSDACN00000000', 'RO'],
    ['TMBJJ7NE0J0000000', 'CZ'],
  ])('%s → %s', (vin, country) => {
    expect(vinCountry(vin)).toBe(country);
  });
  it('an unlisted range is null, not a guess', () => {
    expect(vinCountry('6FPAAAJGCM0000000')).toBeNull();
    expect(vinCountry('MHFAAAAAAAA000000')).toBeNull();
  });
});

describe('scanned barcodes', () => {
  it('drops the leading I of a Code 39 VIN label only when the rest is a VIN', () => {
    expect(vinFromScan('I1HGCM82633A004352')).toBe('1HGCM82633A004352');
    expect(vinFromScan('1HGCM82633A004352')).toBe('1HGCM82633A004352');
    expect(vinFromScan(' 1hgcm82633a004352\n')).toBe('1HGCM82633A004352');
    expect(vinFromScan('IHGCM82633A004352')).toBeNull();
    expect(vinFromScan('4006381333931')).toBeNull();
  });
});
