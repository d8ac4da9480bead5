import type { InspectionTemplateView } from '@garage/shared/schemas/inspections';
import { describe, expect, it } from 'vitest';
import {
  bandSentence,
  colourBands,
  draftErrors,
  draftOf,
  draftPayload,
  emptyDraft,
  errorsOfItem,
  flatIndexes,
  moveEntry,
  newItem,
  parseNumber,
  type TemplateDraft,
} from './template-draft.ts';
import { itemRuleErrors } from './item-rules.ts';

const I1 = '0190a0a0-0000-7000-8000-000000000001';
const I2 = '0190a0a0-0000-7000-8000-000000000002';
const I3 = '0190a0a0-0000-7000-8000-000000000003';
const texts = (en: string) => ({ en, fr: '', ar: '' });

function storedTemplate(): InspectionTemplateView {
  const base = {
    key: null,
    unit: null,
    minValue: null,
    maxValue: null,
    amberAt: null,
    redAt: null,
    lowerIsWorse: true,
    photoRequired: false,
    offeringItem: null,
  };
  return {
    id: 't1',
    name: { en: 'Tyres', fr: 'Pneus' },
    description: null,
    sortOrder: 0,
    archived: false,
    itemCount: 3,
    usedCount: 0,
    version: 4,
    items: [
      // Out of order on purpose: the draft follows `position`.
      {
        ...base,
        id: I3,
        position: 2,
        section: { en: 'Brakes' },
        label: { en: 'Pads' },
        kind: 'MEASUREMENT',
        unit: 'MM',
        amberAt: 4,
        redAt: 2,
      },
      { ...base, id: I1, position: 0, section: { en: 'Tyres' }, label: { en: 'Front left' }, kind: 'CHECK' },
      { ...base, id: I2, position: 1, section: { en: 'Tyres' }, label: { en: 'Front right' }, kind: 'CHECK', key: 'tyre.fr' },
    ],
  };
}

describe('draftOf and draftPayload', () => {
  it('groups consecutive items of a section and keeps their order and ids', () => {
    const draft = draftOf(storedTemplate());
    expect(draft.sections.map((section) => section.name.en)).toEqual(['Tyres', 'Brakes']);
    expect(draft.sections[0]!.items.map((item) => item.id)).toEqual([I1, I2]);
    expect(draft.sections[1]!.items[0]!.amberAt).toBe('4');
    const payload = draftPayload(draft);
    expect(payload.items.map((item) => [item.id, item.section.en, item.label.en])).toEqual([
      [I1, 'Tyres', 'Front left'],
      [I2, 'Tyres', 'Front right'],
      [I3, 'Brakes', 'Pads'],
    ]);
    expect(payload.items[2]).toMatchObject({ kind: 'MEASUREMENT', unit: 'MM', amberAt: 4, redAt: 2, minValue: null });
    expect(payload.items[1]!.key).toBe('tyre.fr');
    expect(payload.description).toBeNull();
  });

  it('a copy has no ids, so saving it makes new items', () => {
    const payload = draftPayload(draftOf(storedTemplate(), true));
    expect(payload.items.every((item) => item.id === undefined)).toBe(true);
  });

  it('a check sends no unit, limits or thresholds even when some were typed before switching kind', () => {
    const draft = emptyDraft();
    draft.name = texts('Quick check');
    draft.sections[0]!.items[0] = { ...newItem('CHECK'), label: texts('Wipers'), unit: 'MM', amberAt: '3' };
    expect(draftPayload(draft).items[0]).toMatchObject({ kind: 'CHECK', unit: null, amberAt: null });
  });
});

describe('parseNumber', () => {
  it('reads a decimal point or comma, and tells none from a bad number', () => {
    expect(parseNumber('1,6')).toBe(1.6);
    expect(parseNumber(' 12.5 ')).toBe(12.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('12a')).toBeNaN();
  });
});

describe('draftErrors', () => {
  const valid = (): TemplateDraft => {
    const draft = draftOf(storedTemplate());
    return draft;
  };

  it('finds nothing in a valid template', () => {
    expect(draftErrors(valid())).toEqual({});
  });

  it('keys each problem by the item index of the flattened list, as the server does', () => {
    const draft = valid();
    draft.name = { en: '', fr: '', ar: '' };
    draft.sections[1]!.items[0]!.label = { en: '', fr: '', ar: '' };
    draft.sections[1]!.items[0]!.redAt = 'abc';
    draft.sections[0]!.items[1]!.key = 'Bad Key';
    const errors = draftErrors(draft);
    expect(errors.name).toBe('required|fieldName=name');
    expect(errors['items.2.label']).toBe('required|fieldName=label');
    expect(errors['items.2.redAt']).toMatch(/^number\|fieldName=redAt/);
    expect(errors['items.1.key']).toMatch(/^format\|fieldName=key/);
    expect(Object.keys(errorsOfItem(errors, 2)).sort()).toEqual(['label', 'redAt']);
  });

  it('applies the shared item rules at the right index', () => {
    const draft = valid();
    const pads = draft.sections[1]!.items[0]!;
    pads.unit = null;
    expect(draftErrors(draft, itemRuleErrors)['items.2.unit']).toBe('inspections.unitRequired');
    pads.unit = 'MM';
    // Lower is worse: red (5) must be below amber (4).
    pads.redAt = '5';
    expect(draftErrors(draft, itemRuleErrors)).toEqual({ 'items.2.redAt': 'inspections.thresholdOrder' });
    pads.redAt = '2';
    pads.maxValue = '500';
    expect(draftErrors(draft, itemRuleErrors)['items.2.maxValue']).toBe('maxValue|fieldName=maxValue&maxValue=100');
  });

  it('asks every section for a name and refuses a key used twice', () => {
    const draft = valid();
    draft.sections[1]!.name = { en: ' ', fr: '', ar: '' };
    draft.sections[0]!.items[0]!.key = 'tyre.fr';
    const errors = draftErrors(draft);
    expect(errors['items.2.section']).toBe('required|fieldName=section');
    expect(errors['items.1.key']).toBe('inspections.keyTaken');
    expect(errors['items.0.key']).toBeUndefined();
  });

  it('refuses a template without items', () => {
    const draft = valid();
    draft.sections = [];
    expect(draftErrors(draft).items).toBeDefined();
  });
});

describe('flatIndexes', () => {
  it('numbers items across sections in reading order', () => {
    const draft = draftOf(storedTemplate());
    const indexes = flatIndexes(draft);
    expect(draft.sections.flatMap((section) => section.items.map((item) => indexes.get(item.uid)))).toEqual([0, 1, 2]);
  });
});

describe('colourBands', () => {
  it('lower is worse: red below the red threshold, amber up to the amber one, green above', () => {
    expect(colourBands({ unit: 'MM', minValue: 0, maxValue: 10, amberAt: 4, redAt: 2, lowerIsWorse: true })).toEqual([
      { condition: 'URGENT', from: 0, to: 2 },
      { condition: 'SOON', from: 2, to: 4 },
      { condition: 'GOOD', from: 4, to: 10 },
    ]);
  });

  it('higher is worse: green, then amber, then red', () => {
    expect(colourBands({ unit: 'PERCENT', minValue: null, maxValue: null, amberAt: 2, redAt: 3, lowerIsWorse: false })).toEqual([
      { condition: 'GOOD', from: 0, to: 2 },
      { condition: 'SOON', from: 2, to: 3 },
      { condition: 'URGENT', from: 3, to: 100 },
    ]);
  });

  it('only one threshold gives two bands; none gives no preview', () => {
    expect(colourBands({ unit: 'VOLT', minValue: 0, maxValue: 16, amberAt: null, redAt: 12, lowerIsWorse: true })).toEqual([
      { condition: 'URGENT', from: 0, to: 12 },
      { condition: 'GOOD', from: 12, to: 16 },
    ]);
    expect(colourBands({ unit: 'MM', minValue: 0, maxValue: 10, amberAt: null, redAt: null, lowerIsWorse: true })).toBeNull();
    expect(colourBands({ unit: 'MM', minValue: 10, maxValue: 5, amberAt: 4, redAt: 2, lowerIsWorse: true })).toBeNull();
  });

  it('matches the words of the preview', () => {
    expect(bandSentence({ amberAt: 4, redAt: 2, lowerIsWorse: true })).toEqual([
      { key: 'preview.belowRed', value: 2 },
      { key: 'preview.belowAmber', value: 4 },
      { key: 'preview.elseGreen' },
    ]);
    expect(bandSentence({ amberAt: 2, redAt: null, lowerIsWorse: false }).map((part) => part.key)).toEqual([
      'preview.aboveAmber',
      'preview.elseGreen',
    ]);
  });
});

describe('moveEntry', () => {
  it('moves one entry and leaves the list as is when the move goes out of range', () => {
    expect(moveEntry(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveEntry(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
