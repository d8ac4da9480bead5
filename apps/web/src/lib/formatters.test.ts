// Dates and times as the screens write them.
import { describe, expect, it } from 'vitest';
import { keepTimeTogether } from './formatters.ts';

describe('keepTimeTogether', () => {
  const at = (language: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date('2026-11-25T14:34:00Z'),
    );

  it('binds the time to its day period, in English and in Arabic, and leaves the rest breakable', () => {
    expect(keepTimeTogether(at('en'))).toMatch(/2:34\u00a0PM$/);
    expect(keepTimeTogether(at('ar'))).toMatch(/2:34\u00a0م$/);
    expect(keepTimeTogether(at('ar'))).toContain('، 2:34');
  });

  it('changes nothing in a 24-hour time', () => {
    expect(keepTimeTogether(at('fr'))).toBe(at('fr'));
  });
});
