import { describe, expect, it } from 'vitest';
import { blockingItem, checkMeasurement, parseMeasurement, sectionsOf } from './item-rules.ts';
import { reducedSize } from './photo-resize.ts';

const tread = { unit: 'MM' as const, minValue: 0, maxValue: 20, amberAt: 3, redAt: 1.6, lowerIsWorse: true };

describe('parseMeasurement', () => {
  it('reads what a phone keypad types, with a point or a comma', () => {
    expect(parseMeasurement('1.6')).toBe(1.6);
    expect(parseMeasurement(' 1,6 ')).toBe(1.6);
    expect(parseMeasurement('12')).toBe(12);
    expect(parseMeasurement('')).toBeNull();
    expect(parseMeasurement('  ')).toBeNull();
    expect(parseMeasurement('1.6mm')).toBeNaN();
    expect(parseMeasurement('.')).toBeNaN();
    expect(parseMeasurement('1.2.3')).toBeNaN();
  });
});

describe('checkMeasurement', () => {
  it('colours a value by the thresholds at once (lower is worse)', () => {
    expect(checkMeasurement(tread, 8)).toEqual({ ok: true, condition: 'GOOD' });
    expect(checkMeasurement(tread, 2.5)).toEqual({ ok: true, condition: 'SOON' });
    expect(checkMeasurement(tread, 1.2)).toEqual({ ok: true, condition: 'URGENT' });
  });

  it('colours by thresholds where higher is worse (water in brake fluid)', () => {
    const water = { unit: 'PERCENT' as const, minValue: 0, maxValue: 10, amberAt: 2, redAt: 3, lowerIsWorse: false };
    expect(checkMeasurement(water, 1)).toEqual({ ok: true, condition: 'GOOD' });
    expect(checkMeasurement(water, 2.5)).toEqual({ ok: true, condition: 'SOON' });
    expect(checkMeasurement(water, 3.5)).toEqual({ ok: true, condition: 'URGENT' });
  });

  it('refuses a value outside the item’s limits, naming them', () => {
    expect(checkMeasurement(tread, 25)).toEqual({ ok: false, minValue: 0, maxValue: 20 });
    expect(checkMeasurement(tread, -1)).toEqual({ ok: false, minValue: 0, maxValue: 20 });
    expect(checkMeasurement(tread, 20)).toEqual({ ok: true, condition: 'GOOD' });
  });

  it('leaves the colour to the technician when the item has no thresholds', () => {
    expect(checkMeasurement({ ...tread, amberAt: null, redAt: null }, 5)).toEqual({ ok: true, condition: null });
  });
});

describe('sectionsOf', () => {
  it('groups items by section in template order, in the screen’s language', () => {
    const item = (position: number, en: string, ar: string) => ({ position, section: { en, ar } });
    const sections = sectionsOf([item(3, 'Brakes', 'المكابح'), item(1, 'Tyres', 'الإطارات'), item(2, 'Tyres', 'الإطارات')], 'ar');
    expect(sections.map((section) => [section.key, section.items.map((entry) => entry.position)])).toEqual([
      ['الإطارات', [1, 2]],
      ['المكابح', [3]],
    ]);
  });
});

describe('blockingItem', () => {
  const items = [
    { id: 'a', position: 1, condition: 'GOOD' as const, photoRequired: true, photoCount: 0 },
    { id: 'b', position: 2, condition: 'URGENT' as const, photoRequired: false, photoCount: 0 },
    { id: 'c', position: 3, condition: 'SOON' as const, photoRequired: true, photoCount: 0 },
    { id: 'd', position: 4, condition: null, photoRequired: false, photoCount: 0 },
  ];
  it('finds the item a refusal of Complete is about', () => {
    expect(blockingItem(items, 'inspections.photoRequired')).toBe('c');
    expect(blockingItem(items, 'inspections.unanswered')).toBe('d');
    expect(blockingItem(items, 'inspections.notInProgress')).toBeNull();
    expect(blockingItem([{ ...items[2]!, photoCount: 1 }], 'inspections.photoRequired')).toBeNull();
  });
});

describe('reducedSize', () => {
  it('brings a 12 MP photo’s long edge down to the limit, keeping its shape, and never enlarges', () => {
    expect(reducedSize(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(reducedSize(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(reducedSize(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });
});
