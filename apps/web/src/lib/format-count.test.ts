import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

describe('formatCount', () => {
  const values = [0, 7, 18, 999, 1000, 4200, 12345, 999999, 1000000, 1234567, 98765432, Number.MAX_SAFE_INTEGER, 2.5, -4200];
  for (const language of ['en', 'fr', 'ar']) {
    it(`writes counts as Intl does in ${language}, with Latin digits`, () => {
      for (const value of values) expect(formatCount(value, language)).toBe(new Intl.NumberFormat(`${language}-u-nu-latn`).format(value));
    });
  }
});
