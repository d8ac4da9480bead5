import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISTANCE_UNITS, KM_PER_MILE, defaultDistanceUnit, distanceUnitLabel, formatDistance, kmToUnit, unitToKm } from './distance.ts';

describe('distance conversions', () => {
  it('stores whole kilometres and converts miles with the international mile', () => {
    expect(DISTANCE_UNITS).toEqual(['KM', 'MI']);
    expect(KM_PER_MILE).toBe(1.609344);
    expect(unitToKm(10_000, 'MI')).toBe(16_093);
    expect(kmToUnit(16_093, 'MI')).toBe(10_000);
    expect(unitToKm(12_345, 'KM')).toBe(12_345);
    expect(kmToUnit(12_345, 'KM')).toBe(12_345);
    expect(unitToKm(0, 'MI')).toBe(0);
  });

  it('round-trips every integer mile value exactly (typed miles come back as typed)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (miles) => kmToUnit(unitToKm(miles, 'MI'), 'MI') === miles),
      { numRuns: 20_000 },
    );
    // The whole range an odometer can show, not only a sample.
    for (let miles = 0; miles <= 1_000_000; miles++) {
      if (kmToUnit(unitToKm(miles, 'MI'), 'MI') !== miles) throw new Error(`${miles} mi does not round-trip`);
    }
  });

  it('round-trips every integer kilometre value in KM', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (km) => kmToUnit(unitToKm(km, 'KM'), 'KM') === km));
  });
});

describe('formatDistance', () => {
  it('shows the value in the unit with its label and Latin digits', () => {
    expect(formatDistance(12_345, 'KM', 'en')).toBe('12,345 km');
    expect(formatDistance(12_345, 'MI', 'en')).toBe('7,671 mi');
    expect(formatDistance(12_345, 'KM', 'fr')).toMatch(/^12\s345\skm$/u);
    const arabic = formatDistance(12_345, 'KM', 'ar');
    expect(arabic).toContain('12,345');
    expect(arabic).not.toMatch(/[\u0660-\u0669]/u);
  });

  it('falls back to plain digits for an unknown locale tag', () => {
    expect(formatDistance(100, 'KM', 'not a locale!')).toBe('100 km');
  });
});

describe('distanceUnitLabel', () => {
  it('is the short unit as the language writes it', () => {
    expect(distanceUnitLabel('KM')).toBe('km');
    expect(distanceUnitLabel('MI', 'en')).toBe('mi');
    expect(distanceUnitLabel('KM', 'fr')).toBe('km');
    expect(distanceUnitLabel('KM', 'ar')).toBe('كم');
    expect(distanceUnitLabel('MI', 'not a locale!')).toBe('mi');
  });
});

describe('defaultDistanceUnit', () => {
  it('uses miles in GB, US, LR and MM and kilometres elsewhere', () => {
    for (const country of ['GB', 'US', 'LR', 'MM', 'gb']) expect(defaultDistanceUnit(country)).toBe('MI');
    for (const country of ['FR', 'MA', 'DE', '', null, undefined]) expect(defaultDistanceUnit(country)).toBe('KM');
  });
});
