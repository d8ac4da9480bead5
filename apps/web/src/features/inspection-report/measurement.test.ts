import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatMeasurement } from './measurement.ts';

// The real texts' shape: "{{value}} {{unit}}" and the unit's short name.
const t = ((key: string, params?: Record<string, string>) =>
  key === 'inspection-report:valueWithUnit' ? `${params!.value} ${params!.unit}` : key.split('.').pop()) as unknown as TFunction;
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

describe('formatMeasurement', () => {
  it('writes the unit after the number with the decimals the unit is read with', () => {
    expect(plain(formatMeasurement(t, 'en', 1.6, 'MM'))).toBe('1.6 MM');
    expect(plain(formatMeasurement(t, 'en', 12.456, 'VOLT'))).toBe('12.46 VOLT');
    expect(plain(formatMeasurement(t, 'en', 540, 'AMP'))).toBe('540 AMP');
  });

  it('uses the language decimal sign with Latin digits, isolated from the text around it', () => {
    expect(plain(formatMeasurement(t, 'fr', 1.6, 'MM'))).toBe('1,6 MM');
    expect(plain(formatMeasurement(t, 'ar', 1.6, 'MM'))).toMatch(/^1.6 MM$/);
    expect(formatMeasurement(t, 'ar', 1.6, 'MM')).toMatch(/^\u2068.*\u2069$/);
  });

  it('writes a bare number when the item has no unit', () => {
    expect(plain(formatMeasurement(t, 'en', 3.25, null))).toBe('3.25');
  });
});
