import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STATUTORY_INSPECTION_RULES,
  addYears,
  nextStatutoryInspection,
  resolveStatutoryRule,
  statutoryCycleDate,
} from './statutory-inspections.ts';

const FR = STATUTORY_INSPECTION_RULES.FR!;
const MA = STATUTORY_INSPECTION_RULES.MA!;
const GB = STATUTORY_INSPECTION_RULES.GB!;
const countryDefault = { statutoryInspectionEnabled: true, statutoryFirstAfterYears: null, statutoryEveryYears: null };

describe('nextStatutoryInspection', () => {
  it('France: contrôle technique at 4 years, then every 2', () => {
    expect(nextStatutoryInspection('2021-03-10', FR, '2022-01-01')).toBe('2025-03-10');
    expect(nextStatutoryInspection('2021-03-10', FR, '2025-03-10')).toBe('2025-03-10');
    expect(nextStatutoryInspection('2021-03-10', FR, '2025-03-11')).toBe('2027-03-10');
    expect(nextStatutoryInspection('2021-03-10', FR, '2027-03-11')).toBe('2029-03-10');
  });

  it('Morocco: visite technique yearly from year 5', () => {
    expect(nextStatutoryInspection('2020-06-01', MA, '2021-01-01')).toBe('2025-06-01');
    expect(nextStatutoryInspection('2020-06-01', MA, '2025-06-02')).toBe('2026-06-01');
  });

  it('United Kingdom: MOT at 3 years, then yearly', () => {
    expect(nextStatutoryInspection('2022-09-01', GB, '2023-01-01')).toBe('2025-09-01');
    expect(nextStatutoryInspection('2022-09-01', GB, '2025-09-02')).toBe('2026-09-01');
  });

  it('counts each cycle from the registration day (29 February)', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(nextStatutoryInspection('2020-02-29', FR, '2024-03-01')).toBe('2026-02-28');
  });

  it('is the first cycle day on or after today, for any dates', () => {
    const day = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2060-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const rule = fc.record({ firstAfterYears: fc.integer({ min: 0, max: 20 }), thenEveryYears: fc.integer({ min: 1, max: 10 }) });
    fc.assert(
      fc.property(day, day, rule, (registered, today, r) => {
        const due = nextStatutoryInspection(registered, r, today);
        expect(due >= today).toBe(true);
        // It is a cycle day, and the cycle before it (if any) is before today.
        const cycles = Array.from({ length: 80 }, (_, n) => statutoryCycleDate(registered, r, n));
        const index = cycles.indexOf(due);
        expect(index).toBeGreaterThanOrEqual(0);
        if (index > 0) expect(cycles[index - 1]! < today).toBe(true);
      }),
    );
  });
});

describe('resolveStatutoryRule', () => {
  it("uses the country's rule, none for a country without one", () => {
    expect(resolveStatutoryRule('FR', countryDefault)).toEqual(FR);
    expect(resolveStatutoryRule('gb', countryDefault)).toEqual(GB);
    expect(resolveStatutoryRule('DE', countryDefault)).toBeNull();
    expect(resolveStatutoryRule(null, countryDefault)).toBeNull();
  });

  it("applies the shop's own years over the country's", () => {
    expect(resolveStatutoryRule('FR', { ...countryDefault, statutoryEveryYears: 1 })).toEqual({ ...FR, thenEveryYears: 1 });
    expect(resolveStatutoryRule('DE', { ...countryDefault, statutoryFirstAfterYears: 3, statutoryEveryYears: 2 })).toEqual({
      firstAfterYears: 3,
      thenEveryYears: 2,
      nameKey: 'generic',
    });
    // Half a rule in a country without one is no rule.
    expect(resolveStatutoryRule('DE', { ...countryDefault, statutoryEveryYears: 2 })).toBeNull();
  });

  it('switched off: no rule at all', () => {
    expect(resolveStatutoryRule('FR', { ...countryDefault, statutoryInspectionEnabled: false })).toBeNull();
  });
});
