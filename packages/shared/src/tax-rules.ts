// Taxes on a document (a visit's amount due, an invoice, a credit note): the one definition of how lines,
// rates and prices typed with or without tax become net amounts, tax per rate and totals. Amounts are
// integers in the currency's minor unit (cents, fils: money.ts), so every sum is exact; rounding happens
// only where a rule below says, always half away from zero (what "half up" means for negative amounts
// too, so a credit note is exactly the negative of what it credits).
//
// The rounding rule follows the shop's country profile (docs/invoicing.md "Rounding"):
// - PER_RATE (France, Morocco, other): the tax of each rate is computed once, on the sum of the lines at
//   that rate (EN 16931 BR-CO-17: "VAT category tax amount = taxable amount × rate, rounded"). Prices with
//   tax: the rate's gross sum is split, net = round(gross / (1 + rate)), tax = gross - net.
// - PER_LINE (Saudi Arabia, the Emirates): each line's tax is rounded (ZATCA shows a VAT amount on every
//   line); a rate's tax is the sum of its lines' taxes.
// Either way: total = net + tax; the sum of the rates' net and tax are the document's; the gross amount of
// prices typed with tax is never changed by rounding (the customer pays what the shop typed).

export const TAX_COUNTRY_PROFILES = ['FR', 'MA', 'SA', 'AE', 'OTHER'] as const;
export type TaxCountryProfile = (typeof TAX_COUNTRY_PROFILES)[number];

export type TaxRoundingRule = 'PER_RATE' | 'PER_LINE';

export const TAX_ROUNDING_RULE: Record<TaxCountryProfile, TaxRoundingRule> = {
  FR: 'PER_RATE',
  MA: 'PER_RATE',
  OTHER: 'PER_RATE',
  SA: 'PER_LINE',
  AE: 'PER_LINE',
};

/** 2000 = 20 %: a rate in hundredths of a percent, 0..10000. */
export const MAX_TAX_BASIS_POINTS = 10_000;

export interface TaxableLine {
  /** The line's amount as typed: with tax when pricesIncludeTax, else without. Minor units, may be negative. */
  amount: number;
  /** The line's rate in basis points (0 for no tax). */
  basisPoints: number;
}

export interface TaxedLine {
  net: number;
  tax: number;
  gross: number;
  basisPoints: number;
}

export interface RateTotal {
  basisPoints: number;
  net: number;
  tax: number;
  gross: number;
}

export interface DocumentTaxes {
  /** One per input line, in order. Under PER_RATE a line's tax is its share, for display; the rate's is exact. */
  lines: TaxedLine[];
  /** One per distinct rate present, highest rate first. */
  rates: RateTotal[];
  net: number;
  tax: number;
  gross: number;
}

export interface TaxOptions {
  pricesIncludeTax: boolean;
  rule: TaxRoundingRule;
}

/** Rounds half away from zero: 2.5 → 3, -2.5 → -3. */
export function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** Tax on a net amount at a rate: round(net × bp / 10000), exact in integers for any amount a shop types. */
export function taxOnNet(net: number, basisPoints: number): number {
  return roundHalfAway((net * basisPoints) / MAX_TAX_BASIS_POINTS);
}

/** The net part of a gross amount at a rate: round(gross × 10000 / (10000 + bp)). */
export function netOfGross(gross: number, basisPoints: number): number {
  return roundHalfAway((gross * MAX_TAX_BASIS_POINTS) / (MAX_TAX_BASIS_POINTS + basisPoints));
}

function splitLine(amount: number, basisPoints: number, pricesIncludeTax: boolean): TaxedLine {
  if (pricesIncludeTax) {
    const net = netOfGross(amount, basisPoints);
    return { net, tax: amount - net, gross: amount, basisPoints };
  }
  const tax = taxOnNet(amount, basisPoints);
  return { net: amount, tax, gross: amount + tax, basisPoints };
}

export function computeDocumentTaxes(lines: readonly TaxableLine[], options: TaxOptions): DocumentTaxes {
  const taxedLines = lines.map((line) => splitLine(line.amount, line.basisPoints, options.pricesIncludeTax));
  const byRate = new Map<number, RateTotal>();
  taxedLines.forEach((line, index) => {
    const total = byRate.get(line.basisPoints) ?? { basisPoints: line.basisPoints, net: 0, tax: 0, gross: 0 };
    if (options.rule === 'PER_LINE') {
      total.net += line.net;
      total.tax += line.tax;
      total.gross += line.gross;
    } else {
      // PER_RATE: sum what was typed, split once below.
      total.gross += lines[index]!.amount;
    }
    byRate.set(line.basisPoints, total);
  });
  if (options.rule === 'PER_RATE') {
    for (const total of byRate.values()) {
      const split = splitLine(total.gross, total.basisPoints, options.pricesIncludeTax);
      total.net = split.net;
      total.tax = split.tax;
      total.gross = split.gross;
    }
  }
  const rates = [...byRate.values()].sort((a, b) => b.basisPoints - a.basisPoints);
  const net = rates.reduce((sum, rate) => sum + rate.net, 0);
  const tax = rates.reduce((sum, rate) => sum + rate.tax, 0);
  return { lines: taxedLines, rates, net, tax, gross: net + tax };
}

/** "20 %", "5.5 %": a rate for people (the caller localises the number format where it shows it). */
export const basisPointsToPercent = (basisPoints: number) => basisPoints / 100;
