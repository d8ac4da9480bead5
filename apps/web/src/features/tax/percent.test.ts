import { describe, expect, it } from 'vitest';
import { basisPointsFromPercentText, formatBasisPoints, percentTextFromBasisPoints } from './percent.ts';

describe('basisPointsFromPercentText', () => {
  it('reads a comma or a point as the decimal separator', () => {
    expect(basisPointsFromPercentText('5,5')).toBe(550);
    expect(basisPointsFromPercentText('5.5')).toBe(550);
    expect(basisPointsFromPercentText(' 20 % ')).toBe(2000);
    expect(basisPointsFromPercentText('2,10')).toBe(210);
    expect(basisPointsFromPercentText('0')).toBe(0);
    expect(basisPointsFromPercentText('100')).toBe(10_000);
  });

  it('refuses what is not a rate', () => {
    for (const text of ['', 'abc', '5,555', '-5', '100.01', '1,2,3', '5.']) expect(basisPointsFromPercentText(text)).toBeNaN();
  });
});

describe('formatBasisPoints', () => {
  it('shows the percentage in the language, with Latin digits', () => {
    expect(formatBasisPoints(2000, 'en')).toBe('20%');
    expect(formatBasisPoints(550, 'fr').replace(/\s/g, ' ')).toBe('5,5 %');
    expect(formatBasisPoints(2000, 'ar')).toMatch(/20/);
    expect(percentTextFromBasisPoints(550)).toBe('5.5');
  });
});
