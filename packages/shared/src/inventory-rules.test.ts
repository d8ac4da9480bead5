import { describe, expect, it } from 'vitest';
import {
  averageCostAfterReceipt,
  hasAtMostDecimals,
  isValidBarcode,
  lineTotalCents,
  marginBasisPoints,
  markupBandFor,
  partSellingPriceCents,
  receivedOrderStatus,
  toMilli,
  wantedLineStock,
} from './inventory-rules.ts';

describe('lineTotalCents', () => {
  it('multiplies thousandths by cents and rounds half up once', () => {
    expect(lineTotalCents(1000, 1999)).toBe(1999);
    expect(lineTotalCents(1500, 1999)).toBe(2999); // 2998.5 -> 2999
    expect(lineTotalCents(250, 6000)).toBe(1500); // a quarter hour at 60.00
    expect(lineTotalCents(333, 100)).toBe(33); // 33.3 -> 33
    expect(lineTotalCents(0, 5000)).toBe(0);
  });
  it('stays exact at the limits', () => {
    expect(lineTotalCents(100_000_000, 10_000_000)).toBe(1_000_000_000_000);
  });
});

describe('quantities', () => {
  it('converts decimals to thousandths without binary noise', () => {
    expect(toMilli(0.1 + 0.2)).toBe(300);
    expect(toMilli(4.35)).toBe(4350);
  });
  it('counts decimals', () => {
    expect(hasAtMostDecimals(2, 0)).toBe(true);
    expect(hasAtMostDecimals(2.5, 0)).toBe(false);
    expect(hasAtMostDecimals(1.25, 2)).toBe(true);
    expect(hasAtMostDecimals(1.255, 2)).toBe(false);
    expect(hasAtMostDecimals(0.1 + 0.2, 1)).toBe(true);
  });
});

describe('wantedLineStock', () => {
  it('holds nothing for proposals, declined or cancelled work', () => {
    expect(wantedLineStock({ status: 'PENDING', approval: 'PENDING' })).toBe('QUOTED');
    expect(wantedLineStock({ status: 'PENDING', approval: 'DECLINED' })).toBe('QUOTED');
    expect(wantedLineStock({ status: 'CANCELLED', approval: null })).toBe('QUOTED');
  });
  it('reserves for approved or ordinary unfinished work and uses at completion', () => {
    expect(wantedLineStock({ status: 'PENDING', approval: null })).toBe('RESERVED');
    expect(wantedLineStock({ status: 'IN_PROGRESS', approval: 'APPROVED' })).toBe('RESERVED');
    expect(wantedLineStock({ status: 'REOPENED', approval: null })).toBe('RESERVED');
    expect(wantedLineStock({ status: 'COMPLETED', approval: 'APPROVED' })).toBe('USED');
  });
});

describe('markup', () => {
  const bands = [
    { upToCostCents: 5000, markupBasisPoints: 5000 },
    { upToCostCents: 1000, markupBasisPoints: 8000 },
    { upToCostCents: null, markupBasisPoints: 2500 },
  ];
  it('picks the smallest band at or above the cost, else the open one', () => {
    expect(markupBandFor(1000, bands)?.markupBasisPoints).toBe(8000);
    expect(markupBandFor(1001, bands)?.markupBasisPoints).toBe(5000);
    expect(markupBandFor(99_999, bands)?.markupBasisPoints).toBe(2500);
    expect(markupBandFor(99_999, bands.slice(0, 2))).toBeUndefined();
  });
  it('prices a part by its own price, else cost plus markup', () => {
    expect(partSellingPriceCents({ priceCents: 1234, costCents: 500 }, bands)).toBe(1234);
    expect(partSellingPriceCents({ priceCents: null, costCents: 999 }, bands)).toBe(1798); // 1798.2
    expect(partSellingPriceCents({ priceCents: null, costCents: 3333 }, bands)).toBe(5000); // 4999.5 -> 5000
    expect(partSellingPriceCents({ priceCents: null, costCents: 700 }, [])).toBe(700);
  });
});

describe('averageCostAfterReceipt', () => {
  it('weights the stock on hand and the receipt', () => {
    expect(averageCostAfterReceipt(10_000, 1000, 10_000, 2000)).toBe(1500);
    expect(averageCostAfterReceipt(3000, 1000, 1000, 2000)).toBe(1250);
  });
  it('lets the receipt set the cost when nothing (or less than nothing) was on hand', () => {
    expect(averageCostAfterReceipt(0, 1000, 5000, 1800)).toBe(1800);
    expect(averageCostAfterReceipt(-2000, 1000, 5000, 1800)).toBe(1800);
  });
});

describe('barcodes', () => {
  it('accepts GS1 codes with the right check digit', () => {
    expect(isValidBarcode('4006381333931')).toBe(true); // EAN-13
    expect(isValidBarcode('96385074')).toBe(true); // EAN-8
    expect(isValidBarcode('036000291452')).toBe(true); // UPC-A
  });
  it('refuses a wrong check digit, letters and odd lengths', () => {
    expect(isValidBarcode('4006381333932')).toBe(false);
    expect(isValidBarcode('40063813339a1')).toBe(false);
    expect(isValidBarcode('12345')).toBe(false);
  });
});

describe('orders and margins', () => {
  it('derives the receiving status', () => {
    expect(receivedOrderStatus([{ quantityMilli: 2000, receivedMilli: 0 }])).toBe('SENT');
    expect(
      receivedOrderStatus([
        { quantityMilli: 2000, receivedMilli: 2000 },
        { quantityMilli: 1000, receivedMilli: 0 },
      ]),
    ).toBe('PARTLY_RECEIVED');
    expect(receivedOrderStatus([{ quantityMilli: 2000, receivedMilli: 2000 }])).toBe('RECEIVED');
  });
  it('gives the margin in basis points of the price', () => {
    expect(marginBasisPoints(10_000, 6000)).toBe(4000);
    expect(marginBasisPoints(0, 0)).toBeNull();
  });
});
