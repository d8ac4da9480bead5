import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LATIN_ALIASES,
  mirrorPlateKey,
  normalizePlate,
  PLATE_KEY_DROPPED,
  plateCountryForCurrency,
  plateFormatHint,
  plateInOrder,
  tidyPlateInput,
} from './plates.ts';
import { plateNumberSchema } from './schemas/vehicles.ts';

/** Every spelling in a group must give one key, and that key. */
const sameKey = (key: string, spellings: string[]) => {
  for (const spelling of spellings) expect(normalizePlate(spelling), JSON.stringify(spelling)).toBe(key);
};

describe('normalizePlate: one key across scripts', () => {
  it('gives the Moroccan plate of the issue one key however it is typed', () => {
    sameKey('12345ا6', [
      '12345 أ 6',
      '12345-أ-6',
      '12345 a 6',
      '١٢٣٤٥ أ ٦',
      '12345|A|6',
      '12345 | أ | 6',
      '12345/a/6',
      '12345.A.6',
      '۱۲۳۴۵ ا ۶',
    ]);
  });

  it('keeps the Arabic letter as the key of the Moroccan series letters and accepts their Latin forms', () => {
    sameKey('123ب45', ['123 ب 45', '123 b 45', '123 B 45']);
    sameKey('123د45', ['123 د 45', '123 d 45']);
    sameKey('123ه45', ['123 هـ 45', '123 ه 45', '123 h 45', '123 H 45', '123 ة 45', '123 ھ 45']);
    sameKey('123و45', ['123 و 45', '123 w 45', '123 W 45', '123 o 45', '123 u 45']);
    sameKey('123ط45', ['123 ط 45', '123 t 45']);
    sameKey('123ى45', ['123 ي 45', '123 ى 45', '123 y 45', '123 ی 45']);
    sameKey('123م45', ['123 م 45', '123 m 45', '123 z 45']);
  });

  it('reads E as the Saudi ع, not the ه some Moroccan sources write (the Saudi table wins a conflict)', () => {
    expect(normalizePlate('123 e 45')).toBe('123ع45');
    expect(normalizePlate('123 e 45')).not.toBe(normalizePlate('123 هـ 45'));
    // J is the Saudi ح: the Moroccan local-authority ج keeps no Latin alias.
    expect(normalizePlate('J 123')).toBe('ح123');
    expect(normalizePlate('ج 123')).toBe('ج123');
  });

  it('leaves the Moroccan WW series Latin but reads a lone W as و', () => {
    expect(normalizePlate('WW 123456')).toBe('WW123456');
    expect(normalizePlate('ww-123456')).toBe('WW123456');
    expect(normalizePlate('123456 WW')).toBe('123456WW');
    expect(normalizePlate('W 18 1234')).toBe('و181234');
    expect(normalizePlate('WWW 1')).toBe('WWW1');
  });

  it('maps every letter of the Saudi table both ways', () => {
    // biome-ignore format: the table as printed
    const saudi: [string, string][] = [
      ['ا', 'A'], ['ب', 'B'], ['ح', 'J'], ['د', 'D'], ['ر', 'R'], ['س', 'S'], ['ص', 'X'], ['ط', 'T'], ['ع', 'E'],
      ['ق', 'G'], ['ك', 'K'], ['ل', 'L'], ['م', 'Z'], ['ن', 'N'], ['هـ', 'H'], ['و', 'U'], ['ى', 'V'],
    ];
    expect(saudi).toHaveLength(17);
    for (const [arabic, latin] of saudi) {
      const key = normalizePlate(`1234 ${latin}`);
      expect(normalizePlate(`١٢٣٤ ${arabic}`), `${arabic} / ${latin}`).toBe(key);
      expect(normalizePlate(`1234 ${latin.toLowerCase()}`)).toBe(key);
      expect(key).toBe(`1234${arabic.replace('ـ', '')}`);
    }
    sameKey('1234ابح', ['1234 ABJ', '١٢٣٤ ا ب ح', '1234 أبح', '١٢٣٤ABJ']);
  });

  it('reads Gulf plates in Latin letters with either digits', () => {
    // UAE, Qatar, Kuwait, Bahrain, Oman: Latin letters and digits, the digits often typed in Arabic-Indic.
    sameKey('ا12345', ['A 12345', 'a ١٢٣٤٥', 'A-12345']);
    sameKey('1234567', ['12/34567', '١٢/٣٤٥٦٧', '123 4567', '۱۲۳۴۵۶۷']);
    sameKey('CC1234', ['CC 1234', 'cc-1234']);
  });

  it('turns every digit of both Arabic-Indic sets into 0-9', () => {
    expect(normalizePlate('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizePlate('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });

  it('drops separators, tatweel, bidi and zero-width marks, diacritics and every kind of space', () => {
    sameKey('12345ا6', [
      '12345\u00a0أ\u00a06',
      '\u200f12345 \u200eأ\u200e 6',
      '12345\u061cأ\u202f6',
      '12345_أ_6',
      '12345·أ·6',
      '12345–أ–6',
      '12345 أَ 6',
      '12345 ا\u0654 6', // hamza written as a combining mark
      '\u202b12345 أ 6\u202c',
    ]);
    for (const dropped of PLATE_KEY_DROPPED) expect(normalizePlate(`1${dropped}2`), dropped.codePointAt(0)!.toString(16)).toBe('12');
  });

  it('unifies the alef variants, so the Saudi A and the Moroccan a are one letter', () => {
    sameKey('ا1', ['أ1', 'إ1', 'آ1', 'ا1', 'ٱ1', 'a1', 'A1']);
  });

  it('upper-cases other Latin letters and leaves other scripts as typed', () => {
    expect(normalizePlate('cfipq 1')).toBe('CFIPQ1');
    expect(normalizePlate('Ж 12')).toBe('Ж12');
  });

  it('gives a Latin plate and its Arabic spelling one key: the accepted consequence', () => {
    expect(normalizePlate('AB123')).toBe(normalizePlate('اب123'));
    expect(normalizePlate('AB-123-CD')).toBe(normalizePlate('اب 123 Cد'));
    // Letters sharing an Arabic key collide too (O and U are both و).
    expect(normalizePlate('AB 123 OD')).toBe(normalizePlate('AB 123 UD'));
  });

  it('is stable: the key of a key is itself, and tidying what is typed never changes the key', () => {
    const alphabet = [...'0123456789٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹abcdwxyzABCDEOUWWWأإآاهةھىيیکبدوطحـ -|/.·_\u200e\u200f\u00a0'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 20 }), (characters) => {
        const plate = characters.join('');
        const key = normalizePlate(plate);
        expect(normalizePlate(key)).toBe(key);
        expect(normalizePlate(tidyPlateInput(plate))).toBe(key);
      }),
    );
  });

  it('maps only single Latin capitals to single Arabic letters', () => {
    for (const [latin, arabic] of Object.entries(LATIN_ALIASES)) {
      expect(latin).toMatch(/^[A-Z]$/);
      expect([...arabic]).toHaveLength(1);
    }
  });
});

describe('mirrorPlateKey: the Arabic line of a Saudi plate read right to left', () => {
  it('turns the key of the Latin line into the key of the Arabic reading and back', () => {
    expect(mirrorPlateKey(normalizePlate('1234 ABJ'))).toBe(normalizePlate('ح ب ا ١٢٣٤'));
    expect(mirrorPlateKey(normalizePlate('ح ب ا ١٢٣٤'))).toBe(normalizePlate('1234 ABJ'));
    expect(mirrorPlateKey('')).toBe('');
    expect(mirrorPlateKey('12345')).toBe('12345');
  });
});

describe('the plate as typed', () => {
  it('saves the usual separators as one space and drops copied bidi marks', () => {
    expect(tidyPlateInput('12345-أ-6')).toBe('12345 أ 6');
    expect(tidyPlateInput(' 12345 | أ | 6 ')).toBe('12345 أ 6');
    expect(tidyPlateInput('AB-123-CD')).toBe('AB 123 CD');
    expect(tidyPlateInput('\u200f12345\u200e/أ/6')).toBe('12345 أ 6');
    expect(plateNumberSchema.parse('12345-أ-6')).toBe('12345 أ 6');
    expect(plateNumberSchema.parse('12345·أ·6')).toBe('12345 أ 6');
  });

  it('keeps SPEC §5: letters and digits only, max 20 counted after tidying', () => {
    expect(plateNumberSchema.safeParse('12345#6').success).toBe(false);
    expect(plateNumberSchema.safeParse('---').success).toBe(false);
    expect(plateNumberSchema.safeParse('').success).toBe(false);
    // 20 characters once the separator runs are single spaces, 26 as typed: accepted.
    expect(plateNumberSchema.parse('1234 - 5678 - 9012 - 3456')).toBe('1234 5678 9012 3456');
    expect(plateNumberSchema.safeParse('123456789012345678901').success).toBe(false);
  });
});

describe('plateFormatHint', () => {
  it('suggests the format of the shop country, and nothing for other countries', () => {
    expect(plateFormatHint('MA')).toBe('12345 | أ\u200e | 6');
    expect(plateFormatHint('sa')).toContain('١٢٣٤');
    expect(plateFormatHint('AE')).toBe('A 12345');
    expect(plateFormatHint('FR')).toBe('AB-123-CD');
    expect(plateFormatHint('GB')).toBe('AB12 CDE');
    expect(plateFormatHint('US')).toBeNull();
    expect(plateFormatHint(null)).toBeNull();
  });

  it('reads the country from the shop currency', () => {
    expect(plateCountryForCurrency('MAD')).toBe('MA');
    expect(plateCountryForCurrency('sar')).toBe('SA');
    expect(plateCountryForCurrency('GBP')).toBe('GB');
    expect(plateCountryForCurrency('USD')).toBeNull();
  });
});

describe('plateInOrder', () => {
  it('marks each Arabic run so the digits after it stay where they were typed, and the key ignores the mark', () => {
    expect(plateInOrder('12345 أ 6')).toBe('12345 أ\u200e 6');
    expect(plateInOrder('AB 123 CD')).toBe('AB 123 CD');
    expect(normalizePlate(plateInOrder('12345 أ 6'))).toBe(normalizePlate('12345 أ 6'));
  });
});
