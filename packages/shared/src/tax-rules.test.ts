// The one tax rule (tax-rules.ts), by properties over any lines, rates and prices (fast-check) and by worked
// examples a tax inspector would check by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_TAX_BASIS_POINTS,
  TAX_ROUNDING_RULE,
  computeDocumentTaxes,
  netOfGross,
  roundHalfAway,
  taxOnNet,
  type DocumentTaxes,
  type TaxableLine,
  type TaxRoundingRule,
} from './tax-rules.ts';
import { visitAmountDue, visitTaxes, visitTotalCents } from './visit-rules.ts';

/** Rates shops use, plus any rate at all, so both the common and the odd cases are drawn. */
const basisPoints = fc.oneof(
  fc.constantFrom(0, 210, 500, 550, 700, 1000, 1400, 1500, 2000),
  fc.integer({ min: 0, max: MAX_TAX_BASIS_POINTS }),
);
/** Amounts in minor units up to 10 million units of money, negative ones too (discounts, credit notes). */
const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
const line = fc.record({ amount, basisPoints });
const lines = fc.array(line, { maxLength: 30 });
const rule = fc.constantFrom<TaxRoundingRule>('PER_RATE', 'PER_LINE');
const options = fc.record({ pricesIncludeTax: fc.boolean(), rule });

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
/** -0 and 0 are the same amount of money. */
const plain = (value: number) => value + 0;

describe('tax rule properties', () => {
  it('net + tax = gross, for the document, each rate and each line', () => {
    fc.assert(
      fc.property(lines, options, (input, opts) => {
        const taxes = computeDocumentTaxes(input, opts);
        expect(taxes.net + taxes.tax).toBe(taxes.gross);
        for (const rate of taxes.rates) expect(rate.net + rate.tax).toBe(rate.gross);
        for (const taxed of taxes.lines) expect(taxed.net + taxed.tax).toBe(taxed.gross);
        expect(taxes.lines).toHaveLength(input.length);
      }),
    );
  });

  it('the rates add up to the document, one row per distinct rate, highest first', () => {
    fc.assert(
      fc.property(lines, options, (input, opts) => {
        const taxes = computeDocumentTaxes(input, opts);
        expect(sum(taxes.rates.map((rate) => rate.net))).toBe(taxes.net);
        expect(sum(taxes.rates.map((rate) => rate.tax))).toBe(taxes.tax);
        expect(sum(taxes.rates.map((rate) => rate.gross))).toBe(taxes.gross);
        const distinct = [...new Set(input.map((item) => item.basisPoints))].sort((a, b) => b - a);
        expect(taxes.rates.map((rate) => rate.basisPoints)).toEqual(distinct);
      }),
    );
  });

  it('prices typed with tax: the customer pays exactly what was typed, per rate and in all', () => {
    fc.assert(
      fc.property(lines, rule, (input, chosenRule) => {
        const taxes = computeDocumentTaxes(input, { pricesIncludeTax: true, rule: chosenRule });
        expect(taxes.gross).toBe(sum(input.map((item) => item.amount)));
        for (const rate of taxes.rates) {
          expect(rate.gross).toBe(sum(input.filter((item) => item.basisPoints === rate.basisPoints).map((item) => item.amount)));
        }
      }),
    );
  });

  it('prices typed without tax: the net is exactly what was typed', () => {
    fc.assert(
      fc.property(lines, rule, (input, chosenRule) => {
        const taxes = computeDocumentTaxes(input, { pricesIncludeTax: false, rule: chosenRule });
        expect(taxes.net).toBe(sum(input.map((item) => item.amount)));
      }),
    );
  });

  it('PER_LINE: the tax of a rate is the sum of its lines rounded one by one', () => {
    fc.assert(
      fc.property(lines, fc.boolean(), (input, pricesIncludeTax) => {
        const taxes = computeDocumentTaxes(input, { pricesIncludeTax, rule: 'PER_LINE' });
        for (const rate of taxes.rates) {
          const own = input.filter((item) => item.basisPoints === rate.basisPoints);
          const lineTaxes = own.map((item) =>
            pricesIncludeTax ? item.amount - netOfGross(item.amount, item.basisPoints) : taxOnNet(item.amount, item.basisPoints),
          );
          expect(rate.tax).toBe(sum(lineTaxes));
        }
      }),
    );
  });

  it('PER_RATE: the tax of a rate is its base times the rate, rounded once (within half a minor unit)', () => {
    fc.assert(
      fc.property(lines, fc.boolean(), (input, pricesIncludeTax) => {
        const taxes = computeDocumentTaxes(input, { pricesIncludeTax, rule: 'PER_RATE' });
        for (const rate of taxes.rates) {
          const typed = sum(input.filter((item) => item.basisPoints === rate.basisPoints).map((item) => item.amount));
          if (pricesIncludeTax) {
            const exactNet = (typed * MAX_TAX_BASIS_POINTS) / (MAX_TAX_BASIS_POINTS + rate.basisPoints);
            expect(Math.abs(rate.net - exactNet)).toBeLessThanOrEqual(0.5);
            expect(rate.gross).toBe(typed);
          } else {
            expect(rate.tax).toBe(roundHalfAway((typed * rate.basisPoints) / MAX_TAX_BASIS_POINTS));
            expect(Math.abs(rate.tax - (typed * rate.basisPoints) / MAX_TAX_BASIS_POINTS)).toBeLessThanOrEqual(0.5);
          }
        }
      }),
    );
  });

  it('the document tax stays within the rounding the rule allows: half a unit per rate, or per line', () => {
    fc.assert(
      fc.property(lines, options, (input, opts) => {
        const taxes = computeDocumentTaxes(input, opts);
        // The exact tax on the exact net of each rate (PER_LINE rounds each line, so it is measured per line).
        const exact = opts.pricesIncludeTax
          ? sum(input.map((item) => (item.amount * item.basisPoints) / (MAX_TAX_BASIS_POINTS + item.basisPoints)))
          : sum(input.map((item) => (item.amount * item.basisPoints) / MAX_TAX_BASIS_POINTS));
        const roundings = opts.rule === 'PER_LINE' ? input.length : taxes.rates.length;
        expect(Math.abs(taxes.tax - exact)).toBeLessThanOrEqual(0.5 * roundings + 1e-6);
      }),
    );
  });

  it('negating every line negates every total (a credit note is exactly the negative of what it credits)', () => {
    fc.assert(
      fc.property(lines, options, (input, opts) => {
        const taxes = computeDocumentTaxes(input, opts);
        const negated = computeDocumentTaxes(
          input.map((item) => ({ amount: -item.amount, basisPoints: item.basisPoints })),
          opts,
        );
        const flip = (document: DocumentTaxes) => ({
          net: plain(-document.net),
          tax: plain(-document.tax),
          gross: plain(-document.gross),
          rates: document.rates.map((rate) => ({
            basisPoints: rate.basisPoints,
            net: plain(-rate.net),
            tax: plain(-rate.tax),
            gross: plain(-rate.gross),
          })),
          lines: document.lines.map((taxed) => ({
            basisPoints: taxed.basisPoints,
            net: plain(-taxed.net),
            tax: plain(-taxed.tax),
            gross: plain(-taxed.gross),
          })),
        });
        const normalize = (document: DocumentTaxes) => flip(flip(document));
        expect(normalize(negated)).toEqual(flip(taxes));
      }),
    );
  });

  it('rounds half away from zero, symmetrically', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (whole) => {
        expect(plain(roundHalfAway(-(whole + 0.5)))).toBe(plain(-roundHalfAway(whole + 0.5)));
      }),
    );
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(roundHalfAway(2.4999)).toBe(2);
  });
});

describe('worked examples', () => {
  const fr = { pricesIncludeTax: false, rule: TAX_ROUNDING_RULE.FR };
  const sa = { pricesIncludeTax: false, rule: TAX_ROUNDING_RULE.SA };
  const three = (amount: number, bp: number): TaxableLine[] => [1, 2, 3].map(() => ({ amount, basisPoints: bp }));

  it('France (per rate): 3 × 0.10 excl. tax at 20 % is 0.06 either way; at 5.5 % it is 0.02, not 3 × 0.01', () => {
    // 0.30 × 20 % = 0.06 exactly, and each line's 0.02 also adds to 0.06: no rounding happens.
    expect(computeDocumentTaxes(three(10, 2000), fr)).toMatchObject({ net: 30, tax: 6, gross: 36 });
    // 0.30 × 5.5 % = 0.0165 → 0.02; per line 0.10 × 5.5 % = 0.0055 → 0.01, × 3 = 0.03 (what France does not do).
    expect(computeDocumentTaxes(three(10, 550), fr)).toMatchObject({ net: 30, tax: 2, gross: 32 });
    expect(computeDocumentTaxes(three(10, 550), { ...fr, rule: 'PER_LINE' }).tax).toBe(3);
  });

  it('France: 100.00 at 20 % + 50.00 at 5.5 % excl. tax = 172.75 due, one row per rate', () => {
    const taxes = computeDocumentTaxes(
      [
        { amount: 10_000, basisPoints: 2000 },
        { amount: 5_000, basisPoints: 550 },
      ],
      fr,
    );
    expect(taxes).toMatchObject({ net: 15_000, tax: 2_275, gross: 17_275 });
    expect(taxes.rates).toEqual([
      { basisPoints: 2000, net: 10_000, tax: 2_000, gross: 12_000 },
      { basisPoints: 550, net: 5_000, tax: 275, gross: 5_275 },
    ]);
  });

  it('France, prices with tax: 120.00 at 20 % is 100.00 + 20.00; 3 × 0.10 at 20 % splits once per rate', () => {
    const included = { pricesIncludeTax: true, rule: TAX_ROUNDING_RULE.FR };
    expect(computeDocumentTaxes([{ amount: 12_000, basisPoints: 2000 }], included)).toMatchObject({
      net: 10_000,
      tax: 2_000,
      gross: 12_000,
    });
    // 0.30 / 1.2 = 0.25 net, 0.05 tax; per line 0.10 / 1.2 = 0.0833 → 0.08 net, 0.02 tax, × 3 = 0.06.
    expect(computeDocumentTaxes(three(10, 2000), included)).toMatchObject({ net: 25, tax: 5, gross: 30 });
  });

  it('Saudi Arabia (per line): 3 × 0.10 SAR at 15 % is 3 × 0.02 = 0.06, where per rate would give 0.05', () => {
    // 0.10 × 15 % = 0.015 → 0.02 on each line (ZATCA prints a VAT amount per line).
    expect(computeDocumentTaxes(three(10, 1500), sa)).toMatchObject({ net: 30, tax: 6, gross: 36 });
    expect(computeDocumentTaxes(three(10, 1500), fr).tax).toBe(5);
  });

  it('Bahrain-style 3-decimal amounts are just minor units: 1.234 BHD at 10 % = 0.123 tax', () => {
    expect(computeDocumentTaxes([{ amount: 1_234, basisPoints: 1000 }], { pricesIncludeTax: false, rule: 'PER_RATE' })).toMatchObject({
      net: 1_234,
      tax: 123,
      gross: 1_357,
    });
  });

  it('a credit note of a document with a discount line: every figure negated', () => {
    const invoice: TaxableLine[] = [
      { amount: 10_000, basisPoints: 2000 },
      { amount: -1_005, basisPoints: 2000 },
      { amount: 333, basisPoints: 550 },
    ];
    const taxes = computeDocumentTaxes(invoice, fr);
    const credit = computeDocumentTaxes(
      invoice.map((item) => ({ ...item, amount: -item.amount })),
      fr,
    );
    expect([credit.net, credit.tax, credit.gross]).toEqual([-taxes.net, -taxes.tax, -taxes.gross]);
    // 89.95 × 20 % = 17.99; 3.33 × 5.5 % = 0.18315 → 0.18.
    expect(taxes).toMatchObject({ net: 9_328, tax: 1_799 + 18, gross: 9_328 + 1_817 });
  });
});

describe('a visit’s amount due (visit-rules.ts visitAmountDue)', () => {
  const task = (
    status: 'PENDING' | 'CANCELLED',
    lines: { totalCents: number; basisPoints: number | null }[],
    approval: 'PENDING' | null = null,
  ) => ({
    status,
    approval,
    soldForCents: lines.reduce((total, item) => total + item.totalCents, 0),
    lines,
  });

  it('prices with tax: the committed tasks’ total, as ever; without: that total plus its tax', () => {
    const tasks = [
      task('PENDING', [
        { totalCents: 10_000, basisPoints: 2000 },
        { totalCents: 5_000, basisPoints: 550 },
      ]),
      // Cancelled work and a proposal still waiting are not owed.
      task('CANCELLED', [{ totalCents: 99_999, basisPoints: 2000 }]),
      task('PENDING', [{ totalCents: 77_777, basisPoints: 2000 }], 'PENDING'),
    ];
    expect(visitAmountDue(tasks, { profile: 'FR', pricesIncludeTax: true })).toBe(15_000);
    expect(visitAmountDue(tasks, { profile: 'FR', pricesIncludeTax: false })).toBe(17_275);
    expect(visitTaxes(tasks, { profile: 'FR', pricesIncludeTax: false }).rates.map((rate) => rate.tax)).toEqual([2_000, 275]);
  });

  it('a line without a rate and a task without lines are untaxed', () => {
    const noLines = { status: 'PENDING' as const, approval: null, soldForCents: 4_000, lines: [] };
    const tasks = [noLines, task('PENDING', [{ totalCents: 1_000, basisPoints: null }])];
    expect(visitAmountDue(tasks, { profile: 'SA', pricesIncludeTax: false })).toBe(5_000);
  });

  it('with prices typed with tax, the amount due is the sum of the committed tasks whatever the lines', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ totalCents: amount, basisPoints: fc.option(basisPoints) }), { maxLength: 20 }), (lineList) => {
        const tasks = [task('PENDING', lineList)];
        expect(visitAmountDue(tasks, { profile: 'FR', pricesIncludeTax: true })).toBe(visitTotalCents(tasks));
      }),
    );
  });
});
