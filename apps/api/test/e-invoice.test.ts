// E-invoices (modules/invoices/e-invoice): the Factur-X XML validated against the official Factur-X 1.0.9
// EN 16931 XSD (test/fixtures/factur-x, README there) plus the EN 16931 arithmetic rules the schematron
// checks (BR-CO-10..17, BR-S-08), the Factur-X PDF read back with poppler (pdfdetach, pdfinfo -meta), and
// the ZATCA QR decoded back (from its base64 and from the SVG image). Snapshots are built by hand with the
// one tax rule (tax-rules.ts), as the issue would build them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvoiceLineV2, InvoicePartyV2, InvoiceSnapshotV2 } from '@garage/db/invoices';
import { computeDocumentTaxes, roundHalfAway, TAX_ROUNDING_RULE, type TaxCountryProfile } from '@garage/shared';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { renderBrandedPdf, renderPdf, stopPdfRenderer, type BrandedDocument } from '../src/lib/pdf/render-pdf.ts';
import { clearanceProviderFor } from '../src/modules/invoices/e-invoice/clearance.ts';
import { appendXmp, renderFacturXPdf, withFacturXmp } from '../src/modules/invoices/e-invoice/factur-x-pdf.ts';
import { buildFacturXml, carriesFacturX, decimalOf } from '../src/modules/invoices/e-invoice/factur-x.ts';
import { carriesZatcaQr, decodeZatcaQr, zatcaQrBase64, zatcaQrFields, zatcaQrSvg } from '../src/modules/invoices/e-invoice/zatca-qr.ts';

afterAll(() => stopPdfRenderer());

// ─── Snapshots by hand ──────────────────────────────────────────────────────────────────────────────────

interface RateSpec {
  name: string;
  basisPoints: number;
  category: string;
  exemptionReason?: string;
}
const VAT20: RateSpec = { name: 'TVA 20 %', basisPoints: 2000, category: 'S' };
const VAT55: RateSpec = { name: 'TVA 5,5 %', basisPoints: 550, category: 'S' };
const EXEMPT: RateSpec = { name: 'Exonéré', basisPoints: 0, category: 'E', exemptionReason: 'Exonération TVA, article 261-4-4° du CGI' };
const SA15: RateSpec = { name: 'ضريبة القيمة المضافة 15٪', basisPoints: 1500, category: 'S' };

interface LineSpec {
  description: string;
  kind?: InvoiceLineV2['kind'];
  unit?: string;
  quantityMilli: number;
  /** Minor units, as typed (with tax when the shop types prices with tax). */
  unitPrice: number;
  rate: RateSpec;
  partNumber?: string;
}

const FR_SELLER: InvoicePartyV2 = {
  name: 'Garage du Centre',
  legalName: 'Garage du Centre SARL',
  address: { line1: '12 rue de la République', line2: null, postcode: '69002', city: 'Lyon', countryCode: 'FR' },
  identifiers: {
    siren: '732829320',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    rcs: 'RCS Lyon 732 829 320',
    shareCapital: '10 000 €',
    ice: null,
    fiscalId: null,
    tradeRegister: null,
    patente: null,
    commercialRegistration: null,
    other: [],
  },
  email: 'contact@garage-du-centre.fr',
  phone: '+33 4 72 00 00 00',
};

const CONSUMER: InvoiceSnapshotV2['buyer'] = {
  name: 'Camille Martin',
  legalName: null,
  address: null,
  identifiers: null,
  email: 'camille@example.fr',
  phone: null,
  isBusiness: false,
};

const FLEET: InvoiceSnapshotV2['buyer'] = {
  name: 'Transports Rapides',
  legalName: 'Transports Rapides SAS',
  address: { line1: '5 avenue Jean Jaurès', line2: 'Bâtiment B & C', postcode: '75019', city: 'Paris', countryCode: 'FR' },
  identifiers: {
    ...FR_SELLER.identifiers!,
    siren: '552100554',
    siret: '55210055400013',
    vatNumber: 'FR40552100554',
    rcs: null,
    shareCapital: null,
  },
  email: null,
  phone: null,
  isBusiness: true,
};

function makeSnapshot(options: {
  profile?: TaxCountryProfile;
  pricesIncludeTax: boolean;
  currency?: string;
  lines: LineSpec[];
  buyer?: InvoiceSnapshotV2['buyer'];
  seller?: InvoicePartyV2;
  paid?: number;
  number?: string;
  issuedAt?: string;
}): InvoiceSnapshotV2 {
  const profile = options.profile ?? 'FR';
  const rule = TAX_ROUNDING_RULE[profile];
  const amounts = options.lines.map((line) => roundHalfAway((line.quantityMilli * line.unitPrice) / 1000));
  const taxes = computeDocumentTaxes(
    options.lines.map((line, index) => ({ amount: amounts[index]!, basisPoints: line.rate.basisPoints })),
    { pricesIncludeTax: options.pricesIncludeTax, rule },
  );
  const lines: InvoiceLineV2[] = options.lines.map((line, index) => ({
    taskTitle: 'Révision',
    service: 'SERVICE',
    kind: line.kind ?? 'PART',
    description: line.description,
    partNumber: line.partNumber ?? null,
    quantityMilli: line.quantityMilli,
    unit: line.unit ?? 'PIECE',
    unitPrice: line.unitPrice,
    amount: amounts[index]!,
    net: taxes.lines[index]!.net,
    tax: taxes.lines[index]!.tax,
    gross: taxes.lines[index]!.gross,
    taxRate: {
      id: null,
      name: line.rate.name,
      basisPoints: line.rate.basisPoints,
      category: line.rate.category,
      exemptionReason: line.rate.exemptionReason ?? null,
    },
  }));
  const rateSpecs = new Map(options.lines.map((line) => [line.rate.basisPoints, line.rate]));
  const paid = options.paid ?? 0;
  const currency = options.currency ?? 'EUR';
  return {
    version: 2,
    kind: 'INVOICE',
    number: options.number ?? 'INV-2026-000042',
    issuedAt: options.issuedAt ?? '2026-11-28T23:30:00.000Z', // 29 November in Paris
    profile,
    pricesIncludeTax: options.pricesIncludeTax,
    rounding: rule,
    currency,
    shop: {
      name: 'Garage du Centre',
      currency,
      timezone: profile === 'SA' ? 'Asia/Riyadh' : 'Europe/Paris',
      color: '#1d4ed8',
      logoUrl: null,
      contact: {
        en: { address: null, phone: null, email: null },
        fr: { address: null, phone: null, email: null },
        ar: { address: null, phone: null, email: null },
      },
    },
    seller: options.seller ?? FR_SELLER,
    buyer: options.buyer ?? CONSUMER,
    vehicle: { plateNumber: 'AB-123-CD', brand: 'Renault', model: 'Clio', year: 2019, type: 'CAR' },
    visit: { id: 'visit-1', name: 'Révision', visitDate: '2026-11-27T08:00:00.000Z', completedAt: '2026-11-28T16:00:00.000Z' },
    lines,
    taxes: taxes.rates.map((rate) => {
      const spec = rateSpecs.get(rate.basisPoints)!;
      return { id: null, name: spec.name, category: spec.category, exemptionReason: spec.exemptionReason ?? null, ...rate };
    }),
    netTotal: taxes.net,
    taxTotal: taxes.tax,
    grossTotal: taxes.gross,
    payments: paid ? [{ date: '2026-11-28T17:00:00.000Z', method: 'CARD', kind: 'payment', amount: paid }] : [],
    paid,
    balance: taxes.gross - paid,
    replaces: null,
    credits: null,
    footer: 'Pénalités de retard : trois fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.',
  };
}

/** The credit note of a whole invoice: every amount the exact negative (what the issue does). */
function creditNoteOf(invoice: InvoiceSnapshotV2): InvoiceSnapshotV2 {
  const negate = <T extends { net: number; tax: number; gross: number }>(entry: T) => ({
    ...entry,
    net: -entry.net,
    tax: -entry.tax,
    gross: -entry.gross,
  });
  return {
    ...invoice,
    kind: 'CREDIT_NOTE',
    number: 'AV-2026-000003',
    issuedAt: '2026-12-02T09:00:00.000Z',
    lines: invoice.lines.map((line) => ({ ...negate(line), amount: -line.amount })),
    taxes: invoice.taxes.map(negate),
    netTotal: -invoice.netTotal,
    taxTotal: -invoice.taxTotal,
    grossTotal: -invoice.grossTotal,
    payments: [],
    paid: 0,
    balance: -invoice.grossTotal,
    credits: { id: 'invoice-1', number: invoice.number, issuedAt: invoice.issuedAt, reason: 'Erreur de client sur la facture', full: true },
  };
}

// Prices typed WITH tax (a French garage's counter prices), two rates. Three lines of 10.01 € at 20 %:
// each line's net is 8.34 (8.3417), the others' nets are exact, so the lines at 20 % add up to 143.32
// while the rate's net is 143.33 (171.99 / 1.2 = 143.325): the XML must reconcile.
const FR_WITH_TAX = makeSnapshot({
  pricesIncludeTax: true,
  lines: [
    { description: 'Filtre à huile', quantityMilli: 1000, unitPrice: 1001, rate: VAT20, partNumber: 'FH-209' },
    { description: 'Filtre à air', quantityMilli: 1000, unitPrice: 1001, rate: VAT20 },
    { description: 'Joint de vidange', quantityMilli: 1000, unitPrice: 1001, rate: VAT20 },
    { description: 'Huile 5W30', unit: 'LITRE', quantityMilli: 4000, unitPrice: 1299, rate: VAT20 },
    { description: 'Main-d’œuvre vidange', kind: 'LABOUR', unit: 'HOUR', quantityMilli: 1500, unitPrice: 6000, rate: VAT20 },
    { description: 'Travaux de rénovation énergétique', kind: 'FLAT', quantityMilli: 1000, unitPrice: 21100, rate: VAT55 },
  ],
  paid: 5000,
});

// Prices typed WITHOUT tax, a business buyer (SIRET, VAT number, address), an exempt line and a discount.
const FR_BUSINESS = makeSnapshot({
  pricesIncludeTax: false,
  buyer: FLEET,
  lines: [
    { description: 'Plaquettes de frein AV', quantityMilli: 2000, unitPrice: 4550, rate: VAT20, partNumber: 'PF-88' },
    { description: 'Liquide de frein', unit: 'LITRE', quantityMilli: 750, unitPrice: 1333, rate: VAT20 },
    { description: 'Remise flotte', kind: 'FLAT', quantityMilli: 1000, unitPrice: -1000, rate: VAT20 },
    { description: 'Câble de frein', unit: 'METRE', quantityMilli: 1250, unitPrice: 799, rate: VAT55 },
    { description: 'Formation sécurité', kind: 'FLAT', quantityMilli: 1000, unitPrice: 15000, rate: EXEMPT },
  ],
});

const FR_CREDIT_NOTE = creditNoteOf(FR_WITH_TAX);

// A shop outside VAT (no VAT number, "TVA non applicable"): every line out of scope (O), a zero-rated one (Z).
const OUT_OF_SCOPE: RateSpec = {
  name: 'Non soumis',
  basisPoints: 0,
  category: 'O',
  exemptionReason: 'TVA non applicable, art. 293 B du CGI',
};
const FR_NO_VAT = makeSnapshot({
  pricesIncludeTax: true,
  seller: { ...FR_SELLER, identifiers: { ...FR_SELLER.identifiers!, vatNumber: null } },
  lines: [
    { description: 'Diagnostic', kind: 'FLAT', quantityMilli: 1000, unitPrice: 4000, rate: OUT_OF_SCOPE },
    { description: 'Balais d’essuie-glace', quantityMilli: 2000, unitPrice: 1250, rate: OUT_OF_SCOPE },
  ],
});

// ─── Reading the XML back (our own output: regular enough for patterns) ────────────────────────────────

const SCHEMA_DIR = new URL('./fixtures/factur-x/', import.meta.url);
const MAIN_SCHEMA = 'Factur-X_EN16931.xsd';

async function validateAgainstFacturXsd(xml: string) {
  const schemaFiles = readdirSync(SCHEMA_DIR).filter((file) => file.endsWith('.xsd'));
  return validateXML({
    xml: { fileName: 'factur-x.xml', contents: xml },
    schema: { fileName: MAIN_SCHEMA, contents: readFileSync(new URL(MAIN_SCHEMA, SCHEMA_DIR), 'utf8') },
    preload: schemaFiles
      .filter((file) => file !== MAIN_SCHEMA)
      .map((file) => ({ fileName: file, contents: readFileSync(new URL(file, SCHEMA_DIR), 'utf8') })),
  });
}

const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]!);
const one = (xml: string, tag: string) => {
  const values = all(xml, tag);
  expect(values, tag).toHaveLength(1);
  return values[0]!;
};
const blocks = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1]!);
/** "12.34" → 1234 (2-decimal amounts), exact. */
const cents = (text: string) => {
  expect(text).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(text) * 100);
};
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The EN 16931 calculation rules a validator's schematron applies to amounts, on the XML. */
function checkEn16931Arithmetic(xml: string) {
  const lineItems = blocks(xml, 'ram:IncludedSupplyChainTradeLineItem');
  expect(lineItems.length).toBeGreaterThan(0);
  const settlement = blocks(xml, 'ram:ApplicableHeaderTradeSettlement')[0]!;
  const summation = blocks(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation')[0]!;
  const lineTotal = cents(one(summation, 'ram:LineTotalAmount'));
  const taxBasis = cents(one(summation, 'ram:TaxBasisTotalAmount'));
  const taxTotal = cents(one(summation, 'ram:TaxTotalAmount'));
  const grandTotal = cents(one(summation, 'ram:GrandTotalAmount'));
  const prepaid = cents(one(summation, 'ram:TotalPrepaidAmount'));
  const due = cents(one(summation, 'ram:DuePayableAmount'));

  const lines = lineItems.map((item) => {
    const [category] = all(item, 'ram:CategoryCode');
    const [rate] = all(item, 'ram:RateApplicablePercent');
    const quantity = Number(one(item, 'ram:BilledQuantity'));
    const price = Number(one(item, 'ram:ChargeAmount'));
    const [basisQuantity] = all(item, 'ram:BasisQuantity');
    const net = cents(one(item, 'ram:LineTotalAmount'));
    // BR-27: the net price is never negative; the line's net = quantity × price / base quantity (rounded).
    expect(price).toBeGreaterThanOrEqual(0);
    expect(Math.round((quantity * price * 100) / Number(basisQuantity ?? 1))).toBe(net);
    return { category: category!, rate: rate ?? null, net };
  });
  // BR-CO-10: the sum of the lines' net amounts.
  expect(sum(lines.map((line) => line.net))).toBe(lineTotal);
  // BR-CO-13: no document allowances or charges.
  expect(taxBasis).toBe(lineTotal);

  const breakdowns = blocks(settlement, 'ram:ApplicableTradeTax').map((block) => ({
    category: one(block, 'ram:CategoryCode'),
    rate: all(block, 'ram:RateApplicablePercent')[0] ?? null,
    basis: cents(one(block, 'ram:BasisAmount')),
    tax: cents(one(block, 'ram:CalculatedAmount')),
    reason: all(block, 'ram:ExemptionReason')[0] ?? null,
  }));
  for (const breakdown of breakdowns) {
    // BR-S-08 / BR-E-08...: a category's basis is the sum of its lines at that rate.
    const ofGroup = lines.filter((line) => line.category === breakdown.category && line.rate === breakdown.rate);
    expect(ofGroup.length, `${breakdown.category} ${breakdown.rate}`).toBeGreaterThan(0);
    expect(sum(ofGroup.map((line) => line.net))).toBe(breakdown.basis);
    // BR-CO-17: tax = basis × rate, rounded to the cent (the schematron tolerates 1.00; we hold to 0.01).
    const expected = Math.round((breakdown.basis * Number(breakdown.rate ?? 0)) / 100);
    expect(Math.abs(breakdown.tax - expected), `${breakdown.category} ${breakdown.rate}`).toBeLessThanOrEqual(1);
    // BR-E-10: exempt categories say why.
    if (breakdown.category === 'E') expect(breakdown.reason).toBeTruthy();
  }
  // Every line is in a breakdown.
  for (const line of lines) expect(breakdowns.some((b) => b.category === line.category && b.rate === line.rate)).toBe(true);
  // BR-CO-14, BR-CO-15, BR-CO-16.
  expect(sum(breakdowns.map((b) => b.tax))).toBe(taxTotal);
  expect(grandTotal).toBe(taxBasis + taxTotal);
  expect(due).toBe(grandTotal - prepaid);
  return { lineTotal, taxTotal, grandTotal, prepaid, due, breakdowns, lines };
}

// ─── Factur-X XML ───────────────────────────────────────────────────────────────────────────────────────

describe('Factur-X XML (EN 16931 CII)', () => {
  it.each([
    ['an invoice with prices typed with tax, two rates, a consumer', FR_WITH_TAX],
    ['an invoice with prices without tax, a business buyer, an exempt line and a discount', FR_BUSINESS],
    ['a credit note', FR_CREDIT_NOTE],
    ['an invoice of a shop outside VAT (category O)', FR_NO_VAT],
  ])('%s is valid against the official Factur-X EN 16931 XSD', async (_name, snapshot) => {
    const result = await validateAgainstFacturXsd(buildFacturXml(snapshot));
    expect(result.errors.map((error) => error.message)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('the XSD check is real: a document missing a required element is refused', async () => {
    const broken = buildFacturXml(FR_BUSINESS).replace(/<ram:InvoiceCurrencyCode>EUR<\/ram:InvoiceCurrencyCode>/, '');
    const result = await validateAgainstFacturXsd(broken);
    expect(result.valid).toBe(false);
    expect(result.errors.map((error) => error.message).join('\n')).toMatch(/InvoiceCurrencyCode/);
  });

  it('prices with tax: the XML carries the net amounts, the snapshot’s totals, and lines that add up to each rate', () => {
    // The case the reconciliation is for: the lines' own nets do not add up to the 20 % rate's net.
    const rate20 = FR_WITH_TAX.taxes.find((rate) => rate.basisPoints === 2000)!;
    const linesAt20 = FR_WITH_TAX.lines.filter((line) => line.taxRate.basisPoints === 2000);
    expect(sum(linesAt20.map((line) => line.net))).not.toBe(rate20.net);

    const xml = buildFacturXml(FR_WITH_TAX);
    const totals = checkEn16931Arithmetic(xml);
    expect(totals.lineTotal).toBe(FR_WITH_TAX.netTotal);
    expect(totals.taxTotal).toBe(FR_WITH_TAX.taxTotal);
    expect(totals.grandTotal).toBe(FR_WITH_TAX.grossTotal);
    expect(totals.prepaid).toBe(5000);
    expect(totals.due).toBe(FR_WITH_TAX.balance);
    expect(totals.breakdowns).toEqual([
      { category: 'S', rate: '20.00', basis: rate20.net, tax: rate20.tax, reason: null },
      { category: 'S', rate: '5.50', basis: 20000, tax: 1100, reason: null },
    ]);
  });

  it('says what the document is: guideline, number, type, dates in the shop’s zone, currency', () => {
    const xml = buildFacturXml(FR_WITH_TAX);
    expect(xml).toContain('<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toMatch(/<rsm:ExchangedDocument><ram:ID>INV-2026-000042<\/ram:ID><ram:TypeCode>380<\/ram:TypeCode>/);
    // Issued 23:30 UTC on the 28th = the 29th in Paris.
    expect(xml).toContain('<ram:IssueDateTime><udt:DateTimeString format="102">20261129</udt:DateTimeString></ram:IssueDateTime>');
    expect(xml).toContain('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">');
    // BR-CO-25: payable on receipt, the due date is the issue date.
    expect(xml).toContain('<ram:DueDateDateTime><udt:DateTimeString format="102">20261129</udt:DateTimeString></ram:DueDateDateTime>');
    // The legal mentions travel as a note.
    expect(xml).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €.');
  });

  it('seller and business buyer: legal names, SIRET (0009), VAT numbers, addresses; a consumer: name and country only', () => {
    const xml = buildFacturXml(FR_BUSINESS);
    const seller = blocks(xml, 'ram:SellerTradeParty')[0]!;
    expect(one(seller, 'ram:Name')).toBe('Garage du Centre SARL');
    expect(seller).toContain('<ram:ID schemeID="0009">73282932000074</ram:ID>');
    expect(seller).toContain('<ram:TradingBusinessName>Garage du Centre</ram:TradingBusinessName>');
    expect(seller).toContain('<ram:ID schemeID="VA">FR44732829320</ram:ID>');
    expect(seller).toContain('<ram:PostcodeCode>69002</ram:PostcodeCode><ram:LineOne>12 rue de la République</ram:LineOne>');
    expect(seller).toContain('<ram:CountryID>FR</ram:CountryID>');
    const buyer = blocks(xml, 'ram:BuyerTradeParty')[0]!;
    expect(one(buyer, 'ram:Name')).toBe('Transports Rapides SAS');
    expect(buyer).toContain('<ram:ID schemeID="0009">55210055400013</ram:ID>');
    expect(buyer).toContain('<ram:ID schemeID="VA">FR40552100554</ram:ID>');
    expect(buyer).toContain('<ram:LineTwo>Bâtiment B &#38; C</ram:LineTwo>'); // escaped

    const consumer = blocks(buildFacturXml(FR_WITH_TAX), 'ram:BuyerTradeParty')[0]!;
    expect(one(consumer, 'ram:Name')).toBe('Camille Martin');
    expect(consumer).not.toContain('schemeID="0009"');
    expect(consumer).not.toContain('schemeID="VA"');
    expect(consumer).toContain('<ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>');
  });

  it('lines: unit codes (UN/ECE rec. 20), quantities, net prices, VAT category and rate; a discount has a negative quantity', () => {
    const xml = buildFacturXml(FR_BUSINESS);
    const totals = checkEn16931Arithmetic(xml);
    expect(totals.lineTotal).toBe(FR_BUSINESS.netTotal);
    expect(totals.grandTotal).toBe(FR_BUSINESS.grossTotal);
    const items = blocks(xml, 'ram:IncludedSupplyChainTradeLineItem');
    expect(items.map((item) => /<ram:BilledQuantity unitCode="([A-Z0-9]+)">([^<]+)</.exec(item)!.slice(1))).toEqual([
      ['C62', '2.000'],
      ['LTR', '0.750'],
      ['C62', '-1.000'],
      ['MTR', '1.250'],
      ['C62', '1.000'],
    ]);
    expect(items.map((item) => one(item, 'ram:ChargeAmount'))).toEqual(['45.5000', '13.3333', '10.0000', '7.9920', '150.0000']);
    expect(items.map((item) => one(item, 'ram:LineTotalAmount'))).toEqual(['91.00', '10.00', '-10.00', '9.99', '150.00']);
    expect(items[0]).toContain('<ram:SellerAssignedID>PF-88</ram:SellerAssignedID>');
    expect(items[4]).toContain('<ram:CategoryCode>E</ram:CategoryCode><ram:RateApplicablePercent>0.00</ram:RateApplicablePercent>');
    expect(totals.breakdowns.find((b) => b.category === 'E')).toEqual({
      category: 'E',
      rate: '0.00',
      basis: 15000,
      tax: 0,
      reason: 'Exonération TVA, article 261-4-4° du CGI',
    });
    // Labour in hours.
    expect(buildFacturXml(FR_WITH_TAX)).toContain('<ram:BilledQuantity unitCode="HUR">1.500</ram:BilledQuantity>');
  });

  it('a credit note: type 381, positive amounts equal to the invoice’s, the credited invoice referenced', () => {
    const invoiceXml = buildFacturXml(FR_WITH_TAX);
    const xml = buildFacturXml(FR_CREDIT_NOTE);
    expect(xml).toMatch(/<rsm:ExchangedDocument><ram:ID>AV-2026-000003<\/ram:ID><ram:TypeCode>381<\/ram:TypeCode>/);
    expect(xml).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>INV-2026-000042</ram:IssuerAssignedID>' +
        '<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20261129</qdt:DateTimeString></ram:FormattedIssueDateTime>' +
        '</ram:InvoiceReferencedDocument>',
    );
    expect(xml).toContain('Erreur de client sur la facture');
    const credit = checkEn16931Arithmetic(xml);
    const invoice = checkEn16931Arithmetic(invoiceXml);
    expect(credit.lineTotal).toBe(invoice.lineTotal);
    expect(credit.taxTotal).toBe(invoice.taxTotal);
    expect(credit.grandTotal).toBe(invoice.grandTotal);
    expect(credit.breakdowns).toEqual(invoice.breakdowns);
    expect(credit.prepaid).toBe(0);
    expect(credit.due).toBe(invoice.grandTotal);
    expect(credit.lines.every((line) => line.net > 0)).toBe(true);
  });

  it('outside VAT: category O without a rate (BR-O-05), the reason given, no tax, no seller VAT number', () => {
    const xml = buildFacturXml(FR_NO_VAT);
    const totals = checkEn16931Arithmetic(xml);
    expect(totals.breakdowns).toEqual([
      { category: 'O', rate: null, basis: 6500, tax: 0, reason: 'TVA non applicable, art. 293 B du CGI' },
    ]);
    expect(totals.grandTotal).toBe(6500);
    expect(xml).not.toContain('RateApplicablePercent');
    expect(xml).not.toContain('schemeID="VA"');
  });

  it('amounts are written from integers: 0-, 2- and 3-decimal currencies', () => {
    expect(decimalOf(1234, 2)).toBe('12.34');
    expect(decimalOf(-5, 2)).toBe('-0.05');
    expect(decimalOf(0, 2)).toBe('0.00');
    expect(decimalOf(1234, 3)).toBe('1.234');
    expect(decimalOf(1234, 0)).toBe('1234');
  });

  it('only French version 2 documents carry a Factur-X, only Saudi ones the ZATCA QR', () => {
    expect(carriesFacturX(FR_WITH_TAX)).toBe(true);
    expect(carriesFacturX({ version: 1 })).toBe(false);
    expect(carriesFacturX({ ...FR_WITH_TAX, profile: 'MA' })).toBe(false);
    expect(carriesZatcaQr({ ...FR_WITH_TAX, profile: 'SA' })).toBe(true);
    expect(carriesZatcaQr(FR_WITH_TAX)).toBe(false);
  });
});

// ─── The Factur-X PDF, read back with poppler ──────────────────────────────────────────────────────────

function poppler(tool: 'pdfdetach' | 'pdfinfo', args: string[]): string {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(`${tool} is missing: install poppler-utils (apt-get install poppler-utils) to run the e-invoice PDF tests`);
  }
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

const FRAME: BrandedDocument = {
  lang: 'fr',
  dir: 'ltr',
  title: 'Facture INV-2026-000042',
  shop: { name: 'Garage du Centre', lines: [] },
  color: '#1d4ed8',
  pageLabel: 'Page {page} sur {total}',
};
const BODY = '#kv-block(data.title, data.items)';
const BODY_DATA = { title: 'Totaux', items: [{ label: 'Total TTC', value: '453,53 €', ltr: true }] };

describe('Factur-X PDF (PDF/A-3b, factur-x.xml embedded, Factur-X XMP)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'e-invoice-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('embeds factur-x.xml byte for byte and declares PDF/A-3 and Factur-X EN 16931 in its metadata', async () => {
    const pdf = await renderFacturXPdf(FR_WITH_TAX, { document: FRAME, body: BODY, data: BODY_DATA });
    const path = join(dir, 'invoice.pdf');
    writeFileSync(path, pdf);

    expect(poppler('pdfdetach', ['-list', path])).toMatch(/^1 embedded files\n1: factur-x\.xml\n$/);
    const saved = join(dir, 'saved.xml');
    poppler('pdfdetach', ['-save', '1', '-o', saved, path]);
    expect(readFileSync(saved, 'utf8')).toBe(buildFacturXml(FR_WITH_TAX));

    const meta = poppler('pdfinfo', ['-meta', path]);
    expect(meta).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(meta).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(meta).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
    expect(meta).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(meta).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(meta).toContain('<fx:Version>1.0</fx:Version>');
    expect(meta).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    // The extension schema that declares the fx: properties, inside Typst's pdfaExtension bag.
    expect(meta).toMatch(/<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#<\/pdfaSchema:namespaceURI>/);
    for (const property of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) {
      expect(meta).toContain(`<pdfaProperty:name>${property}</pdfaProperty:name>`);
    }
    // The XMP stays well-formed XML.
    const parsed = await validateXML({ xml: { fileName: 'xmp.xml', contents: meta.trim() }, normalization: 'format' });
    expect(parsed.errors).toEqual([]);

    // The embedded file is the Alternative form of the invoice, listed in the catalogue's AF array.
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);

    const info = poppler('pdfinfo', [path]);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^CreationDate:\s+Sat Nov 28 23:30:00 2026 UTC$/m);
    expect(info).toMatch(/^Title:\s+Facture INV-2026-000042$/m);
  });

  it('the same snapshot gives the same bytes; a credit note carries its own XML', async () => {
    const first = await renderFacturXPdf(FR_CREDIT_NOTE, { document: FRAME, body: BODY, data: BODY_DATA });
    const second = await renderFacturXPdf(FR_CREDIT_NOTE, { document: FRAME, body: BODY, data: BODY_DATA });
    expect(first.equals(second)).toBe(true);
    const path = join(dir, 'credit-note.pdf');
    writeFileSync(path, first);
    const saved = join(dir, 'credit-note.xml');
    poppler('pdfdetach', ['-save', '1', '-o', saved, path]);
    expect(readFileSync(saved, 'utf8')).toContain('<ram:TypeCode>381</ram:TypeCode>');
  });

  it('other PDFs are unchanged: no PDF/A, no attachment, no date', async () => {
    const pdf = await renderBrandedPdf({ document: FRAME, body: BODY, data: BODY_DATA });
    const path = join(dir, 'plain.pdf');
    writeFileSync(path, pdf);
    expect(poppler('pdfdetach', ['-list', path])).toBe('0 embedded files\n');
    expect(poppler('pdfinfo', ['-meta', path])).not.toContain('pdfaid');
    expect(poppler('pdfinfo', [path])).not.toMatch(/^CreationDate:/m);
  });

  it('refuses a PDF it cannot update rather than writing a broken one', () => {
    expect(() => appendXmp(Buffer.from('%PDF-1.7\nnot a pdf'), withFacturXmp)).toThrow(/trailer/);
    expect(() => withFacturXmp('<x:xmpmeta><rdf:RDF></rdf:RDF></x:xmpmeta>')).toThrow(/pdfaExtension/);
  });
});

// ─── ZATCA QR ───────────────────────────────────────────────────────────────────────────────────────────

const SA_SELLER: InvoicePartyV2 = {
  name: 'ورشة الرياض',
  legalName: 'شركة ورشة الرياض للسيارات',
  address: { line1: 'طريق الملك فهد', line2: null, postcode: '12271', city: 'الرياض', countryCode: 'SA' },
  identifiers: {
    ...FR_SELLER.identifiers!,
    siren: null,
    siret: null,
    rcs: null,
    shareCapital: null,
    vatNumber: '310122393500003',
    commercialRegistration: '1010010000',
  },
  email: null,
  phone: null,
};

const SA_INVOICE = makeSnapshot({
  profile: 'SA',
  currency: 'SAR',
  pricesIncludeTax: true,
  seller: SA_SELLER,
  number: 'INV-2026-000007',
  issuedAt: '2026-11-29T07:15:30.000Z',
  lines: [
    { description: 'زيت محرك', unit: 'LITRE', quantityMilli: 5000, unitPrice: 3450, rate: SA15 },
    { description: 'أجور العمل', kind: 'LABOUR', unit: 'HOUR', quantityMilli: 1000, unitPrice: 11500, rate: SA15 },
  ],
});

describe('ZATCA QR (phase 1 TLV)', () => {
  it('holds the seller, the VAT number, the time, the total and the VAT, as TLV in base64', () => {
    const base64 = zatcaQrBase64(SA_INVOICE);
    expect(decodeZatcaQr(base64)).toEqual({
      sellerName: 'شركة ورشة الرياض للسيارات',
      vatNumber: '310122393500003',
      timestamp: '2026-11-29T07:15:30Z',
      total: decimalOf(SA_INVOICE.grossTotal, 2),
      vatTotal: decimalOf(SA_INVOICE.taxTotal, 2),
    });
    expect(SA_INVOICE.grossTotal).toBe(28750);
    expect(decodeZatcaQr(base64).total).toBe('287.50');
    // Layout: tag 1, length in BYTES of the UTF-8 name (Arabic letters are 2 bytes), then the name.
    const bytes = Buffer.from(base64, 'base64');
    const nameBytes = Buffer.from('شركة ورشة الرياض للسيارات', 'utf8');
    expect([bytes[0], bytes[1]]).toEqual([1, nameBytes.length]);
    expect(bytes.subarray(2, 2 + nameBytes.length).equals(nameBytes)).toBe(true);
    expect(bytes[2 + nameBytes.length]).toBe(2);
    expect(bytes[3 + nameBytes.length]).toBe(15);
  });

  it('a known vector: the TLV of fixed fields', () => {
    // Fields from ZATCA's QR code guideline example (seller "Bobs Records", VAT 310122393500003).
    const base64 = Buffer.concat([
      Buffer.from([1, 12]),
      Buffer.from('Bobs Records'),
      Buffer.from([2, 15]),
      Buffer.from('310122393500003'),
      Buffer.from([3, 20]),
      Buffer.from('2022-04-25T15:30:00Z'),
      Buffer.from([4, 7]),
      Buffer.from('1000.00'),
      Buffer.from([5, 6]),
      Buffer.from('150.00'),
    ]).toString('base64');
    expect(decodeZatcaQr(base64)).toEqual({
      sellerName: 'Bobs Records',
      vatNumber: '310122393500003',
      timestamp: '2022-04-25T15:30:00Z',
      total: '1000.00',
      vatTotal: '150.00',
    });
  });

  it('a credit note shows its amounts as positive figures', () => {
    const fields = zatcaQrFields(creditNoteOf(SA_INVOICE));
    expect(fields.total).toBe('287.50');
    expect(fields.vatTotal).toBe(decimalOf(SA_INVOICE.taxTotal, 2));
  });

  it('a seller name longer than 255 bytes is cut at a character boundary', () => {
    const long = 'ش'.repeat(200); // 400 bytes
    const fields = decodeZatcaQr(zatcaQrBase64({ ...SA_INVOICE, seller: { ...SA_SELLER, legalName: long } }));
    expect(fields.sellerName).toBe('ش'.repeat(127));
    expect(fields.vatNumber).toBe('310122393500003');
  });

  it('the SVG scans back to the same content', async () => {
    const svg = zatcaQrSvg(SA_INVOICE);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
      .resize(600, 600, { kernel: 'nearest' })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(code?.data).toBe(zatcaQrBase64(SA_INVOICE));
  });
});

describe('ZATCA QR printed in a PDF', () => {
  it('Typst draws the SVG and the printed page scans back to the QR content', async () => {
    const pdf = await renderPdf({
      source: '#set page(width: 80mm, height: 80mm, margin: 10mm)\n#image(bytes(sys.inputs.qr), format: "svg", width: 40mm)',
      inputs: { qr: zatcaQrSvg(SA_INVOICE) },
    });
    const dir = mkdtempSync(join(tmpdir(), 'zatca-qr-'));
    try {
      const pdfPath = join(dir, 'qr.pdf');
      writeFileSync(pdfPath, pdf);
      const result = spawnSync('pdftoppm', ['-r', '200', '-png', '-singlefile', pdfPath, join(dir, 'page')], { encoding: 'utf8' });
      if (result.error)
        throw new Error('pdftoppm is missing: install poppler-utils (apt-get install poppler-utils) to run the e-invoice PDF tests');
      expect(result.status, result.stderr).toBe(0);
      const { data, info } = await sharp(join(dir, 'page.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
      expect(decodeZatcaQr(code!.data)).toEqual(zatcaQrFields(SA_INVOICE));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('clearance (phase 2 seam)', () => {
  it('no provider is configured yet: nothing is sent', async () => {
    const provider = clearanceProviderFor('SA');
    expect(provider.name).toBe('none');
    await expect(provider.submit({ invoiceId: 'x', snapshot: SA_INVOICE })).resolves.toEqual({ status: 'NOT_APPLICABLE' });
  });
});
