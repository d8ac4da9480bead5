import { describe, expect, it } from 'vitest';
import { applyOrder, categoryPatchSchema, currencySchema, itemInputSchema, priceRange } from './offering.ts';

describe('priceRange', () => {
  it('is the lowest and highest visible price in their currency', () => {
    expect(
      priceRange([
        { priceCents: 500, currency: 'EUR', visible: true },
        { priceCents: 100, currency: 'EUR', visible: false },
        { priceCents: 900, currency: 'EUR', visible: true },
      ]),
    ).toEqual({ minPriceCents: 500, maxPriceCents: 900, priceCurrency: 'EUR' });
  });
  it('has no range without visible items or across currencies', () => {
    const none = { minPriceCents: null, maxPriceCents: null, priceCurrency: null };
    expect(priceRange([])).toEqual(none);
    expect(priceRange([{ priceCents: 100, currency: 'EUR', visible: false }])).toEqual(none);
    expect(
      priceRange([
        { priceCents: 100, currency: 'EUR', visible: true },
        { priceCents: 200, currency: 'USD', visible: true },
      ]),
    ).toEqual(none);
  });
});

describe('applyOrder', () => {
  it('reorders everything when everything is sent', () => {
    expect(applyOrder(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual(['c', 'a', 'b']);
  });
  it('moves the sent ids within the places they held and leaves the others', () => {
    expect(applyOrder(['a', 'b', 'c', 'd'], ['c', 'a'])).toEqual(['c', 'b', 'a', 'd']);
  });
  it('refuses an unknown id', () => {
    expect(applyOrder(['a', 'b'], ['a', 'x'])).toBeNull();
  });
});

describe('catalogue input', () => {
  const valid = { categoryId: '0190a4b4-0000-7000-8000-000000000001', title: { en: 'Oil change' }, priceCents: 0, currency: 'eur' };
  it('accepts a free item and upper-cases the currency', () => {
    expect(itemInputSchema.parse(valid)).toMatchObject({ priceCents: 0, currency: 'EUR' });
  });
  it.each([
    [{ ...valid, priceCents: -1 }, 'priceCents', 'minValue|fieldName=price&minValue=0'],
    [{ ...valid, currency: 'ZZZ' }, 'currency', 'format|fieldName=currency'],
    [{ ...valid, currency: undefined }, 'currency', 'required|fieldName=currency'],
    [{ ...valid, categoryId: undefined }, 'categoryId', 'required|fieldName=categoryId'],
    [{ ...valid, title: { en: ' ', fr: '' } }, 'title', 'required|fieldName=title'],
    [{ ...valid, durationMinutes: -5 }, 'durationMinutes', 'minValue|fieldName=durationMinutes&minValue=0'],
  ])('rejects %j', (input, field, message) => {
    const result = itemInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((candidate) => candidate.path.join('.') === field);
    expect(issue?.message).toBe(message);
  });
  it('a patch keeps only what was sent', () => {
    expect(categoryPatchSchema.parse({ visible: false })).toEqual({ visible: false });
  });
  it('knows currency codes', () => {
    expect(currencySchema.parse(' mad ')).toBe('MAD');
    expect(currencySchema.safeParse('XYZW').success).toBe(false);
  });
});
