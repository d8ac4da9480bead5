import { describe, expect, it } from 'vitest';
import { guessStartingLanguage } from './boot-data.ts';
import { FALLBACK_LANGUAGE } from './constants.ts';

describe('guessStartingLanguage (what the web app will start in)', () => {
  it("takes the visitor's stored choice first", () => {
    expect(guessStartingLanguage('fr', 'en-US,en;q=0.9')).toBe('fr');
  });

  it('ignores a choice that is not a supported language', () => {
    expect(guessStartingLanguage('de', 'ar-MA')).toBe('ar');
  });

  it('takes the first supported browser language by preference, regions ignored', () => {
    expect(guessStartingLanguage(undefined, 'de-DE,fr-CA;q=0.8,en;q=0.9')).toBe('en');
    expect(guessStartingLanguage(undefined, 'es, fr;q=0.5, ar;q=0.5')).toBe('fr');
    expect(guessStartingLanguage(undefined, 'en;q=0, fr;q=0.1')).toBe('fr');
  });

  it('falls back when nothing matches or nothing is sent', () => {
    expect(guessStartingLanguage(undefined, 'de, es;q=0.9')).toBe(FALLBACK_LANGUAGE);
    expect(guessStartingLanguage(undefined, undefined)).toBe(FALLBACK_LANGUAGE);
    expect(guessStartingLanguage('', '*')).toBe(FALLBACK_LANGUAGE);
  });
});
