// A measurement as a reader sees it: "1.6 mm", "12.45 V", "80 %", in the UI language with Latin digits
// (like the app's other numbers) and as many decimals as the unit is read with (UNIT_LIMITS).
import { UNIT_LIMITS, type InspectionUnit } from '@garage/shared/inspection-rules';
import type { TFunction } from 'i18next';

export function formatMeasurement(t: TFunction, language: string, value: number, unit: InspectionUnit | null): string {
  const decimals = unit ? UNIT_LIMITS[unit].decimals : 3;
  const number = new Intl.NumberFormat(`${language.slice(0, 2)}-u-nu-latn`, { maximumFractionDigits: decimals }).format(value);
  // A first-strong isolate (U+2068 … U+2069): "1.6 mm" reads left to right, "1.6 مم" right to left, and
  // neither is reordered by the text around it.
  return `\u2068${unit ? t('inspection-report:valueWithUnit', { value: number, unit: t(`inspection-report:units.${unit}`) }) : number}\u2069`;
}
