import { describe, expect, it } from 'vitest';
import { cleanTemplateItem, templateItemProblems, type TemplateItemRuleInput } from './inspection-template-rules.ts';

const tread: TemplateItemRuleInput = {
  kind: 'MEASUREMENT',
  unit: 'MM',
  minValue: 0,
  maxValue: 20,
  amberAt: 4,
  redAt: 2,
  lowerIsWorse: true,
};
const fields = (item: TemplateItemRuleInput) => templateItemProblems(item).map((problem) => `${problem.field}:${problem.code}`);

describe('templateItemProblems (a template item before it is stored)', () => {
  it('accepts a well-formed measurement, with and without thresholds', () => {
    expect(templateItemProblems(tread)).toEqual([]);
    expect(templateItemProblems({ kind: 'MEASUREMENT', unit: 'MM', minValue: 0, maxValue: 60 })).toEqual([]);
    expect(templateItemProblems({ kind: 'MEASUREMENT', unit: 'AMP' })).toEqual([]);
  });

  it('accepts higher-is-worse thresholds with red above amber (water in brake fluid)', () => {
    const water = { kind: 'MEASUREMENT', unit: 'PERCENT', minValue: 0, maxValue: 10, amberAt: 2, redAt: 3, lowerIsWorse: false } as const;
    expect(templateItemProblems(water)).toEqual([]);
    expect(fields({ ...water, amberAt: 3, redAt: 2 })).toEqual(['redAt:inspections.thresholdOrder']);
  });

  it('asks a measurement for its unit', () => {
    expect(templateItemProblems({ kind: 'MEASUREMENT', unit: null, amberAt: 4 })).toEqual([
      { field: 'unit', code: 'inspections.unitRequired', params: {} },
    ]);
  });

  it("keeps limits within the unit's physical range", () => {
    expect(templateItemProblems({ ...tread, minValue: -1, amberAt: null, redAt: null })).toEqual([
      { field: 'minValue', code: 'minValue', params: { fieldName: 'minValue', minValue: 0 } },
    ]);
    expect(templateItemProblems({ ...tread, maxValue: 101, amberAt: null, redAt: null })).toEqual([
      { field: 'maxValue', code: 'maxValue', params: { fieldName: 'maxValue', maxValue: 100 } },
    ]);
    expect(fields({ kind: 'MEASUREMENT', unit: 'VOLT', minValue: 40 })).toEqual(['minValue:maxValue']);
  });

  it('wants the minimum below the maximum (an empty limit is the unit one)', () => {
    expect(templateItemProblems({ ...tread, minValue: 20, maxValue: 20, amberAt: null, redAt: null })).toEqual([
      { field: 'maxValue', code: 'ageAbove', params: { fieldName: 'maxValue', minValue: 20 } },
    ]);
    expect(fields({ kind: 'MEASUREMENT', unit: 'BAR', minValue: 12 })).toEqual(['maxValue:ageAbove']);
  });

  it('keeps thresholds within the item limits, naming each one outside', () => {
    expect(templateItemProblems({ ...tread, amberAt: 25, redAt: -1 })).toEqual([
      { field: 'amberAt', code: 'inspections.thresholdRange', params: { minValue: 0, maxValue: 20 } },
      { field: 'redAt', code: 'inspections.thresholdRange', params: { minValue: 0, maxValue: 20 } },
    ]);
    // Without its own maximum the unit's bounds the threshold (12.4 V fits 0–36 V).
    expect(templateItemProblems({ kind: 'MEASUREMENT', unit: 'VOLT', amberAt: 12.4, redAt: 12 })).toEqual([]);
  });

  it('wants red beyond amber in the worse direction (equal thresholds would never show amber)', () => {
    expect(fields({ ...tread, amberAt: 2, redAt: 4 })).toEqual(['redAt:inspections.thresholdOrder']);
    expect(fields({ ...tread, amberAt: 3, redAt: 3 })).toEqual(['redAt:inspections.thresholdOrder']);
    // One threshold alone has no order to respect.
    expect(templateItemProblems({ ...tread, amberAt: null })).toEqual([]);
    expect(templateItemProblems({ ...tread, redAt: undefined })).toEqual([]);
  });

  it('never refuses a check for measurement fields it still carries: they are cleared', () => {
    const stale = { kind: 'CHECK', unit: 'MM', minValue: 30, maxValue: 2, amberAt: 50, redAt: 60, lowerIsWorse: false } as const;
    expect(templateItemProblems(stale)).toEqual([]);
    expect(cleanTemplateItem(stale)).toEqual({
      kind: 'CHECK',
      unit: null,
      minValue: null,
      maxValue: null,
      amberAt: null,
      redAt: null,
      lowerIsWorse: true,
    });
    expect(cleanTemplateItem(tread)).toBe(tread);
  });
});
