// Factur-X (ZUGFeRD 2) EN 16931 profile: the invoice or credit note as a UN/CEFACT Cross Industry Invoice
// (CII D16B), the XML embedded in the PDF/A-3 a French tax inspector and the buyer's software read
// (factur-x-pdf.ts embeds it). Built only from the frozen snapshot (InvoiceSnapshotV2): what was issued
// is what the XML says, whenever it is rendered.
//
// Amounts:
// - The XML carries NET amounts (EN 16931 has no "price with tax"): the snapshot's lines' `net` and its
//   rates' `net`/`tax` as tax-rules.ts computed them. With prices typed with tax under PER_RATE (France),
//   a rate's net is split once from the rate's gross sum, while each line's net is its own split "for
//   display": they may differ by a cent or so. BR-CO-10 (lines sum to BT-106) and BR-S-08 (a rate's basis is
//   the sum of its lines) need the lines to add up, so the difference is given to the largest line of that
//   rate (allocation, no tax computed here). Tax amounts are the snapshot's; BR-CO-17 (tax = basis × rate,
//   rounded) then holds to the cent, or within the schematron's 1.00 tolerance when the gross was typed.
// - A credit note is type 381 with POSITIVE amounts (the type says it credits; BR-27 forbids a negative
//   net price): the snapshot's negative amounts are turned around. A line whose net is negative on its
//   document (a discount line) gets a negative quantity and a positive price.
// - Minor units become decimals as the currency has them (2 for EUR), written from integers (no float).
import { calendarDateIn, currencyDecimals } from '@garage/shared';
import type { InvoiceLineV2, InvoicePartyV2, InvoiceSnapshotV2 } from '@garage/db/invoices';

/** BT-24: the EN 16931 core specification, what a Factur-X EN 16931 ("Comfort") invoice declares. */
export const EN16931_GUIDELINE_ID = 'urn:cen.eu:en16931:2017';
export const FACTUR_X_FILE_NAME = 'factur-x.xml';

const NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** UN/ECE Recommendation 20 unit codes for the snapshot's units (PartUnit, labour hours). */
export const UNIT_CODES: Record<string, string> = {
  PIECE: 'C62',
  SET: 'SET',
  LITRE: 'LTR',
  KILOGRAM: 'KGM',
  METRE: 'MTR',
  HOUR: 'HUR',
};

/** BT-120 default texts when an exempt / out-of-scope / reverse-charge rate has no reason of its own (BR-E-10, BR-O-10, BR-AE-10). */
const DEFAULT_EXEMPTION_REASONS: Record<string, string> = {
  E: 'Exonération de TVA',
  O: 'Hors du champ d’application de la TVA',
  AE: 'Autoliquidation',
};

export function unitCodeOf(line: Pick<InvoiceLineV2, 'unit' | 'kind'>): string {
  return UNIT_CODES[line.unit] ?? (line.kind === 'LABOUR' ? 'HUR' : 'C62');
}

/** An integer in 10^-decimals units as a plain decimal: (-1234, 2) → "-12.34". */
export function decimalOf(scaled: number, decimals: number): string {
  const sign = scaled < 0 ? '-' : '';
  const digits = String(Math.abs(scaled)).padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** "2026-11-29T10:00:00Z" → "20261129": the date in the shop's time zone, format 102. */
function date102(iso: string, timeZone: string): string {
  return calendarDateIn(new Date(iso), timeZone).replaceAll('-', '');
}

const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** A tiny XML writer: element(name, children or text, attributes); nulls are left out. */
type Node = string | null | undefined | false;
function el(name: string, content: Node | Node[], attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (Array.isArray(content)) return `<${name}${attrs}>${content.filter(Boolean).join('')}</${name}>`;
  return `<${name}${attrs}>${escapeXml(typeof content === 'string' ? content : '')}</${name}>`;
}
/** An element only when its text is present. */
const opt = (name: string, text: string | null | undefined, attributes?: Record<string, string>) =>
  text ? el(name, text, attributes) : null;

/** The XML's lines: the snapshot's, their nets made to add up to their rate's net (see the head comment). */
interface XmlLine {
  line: InvoiceLineV2;
  /** Net on the document's side (positive for an ordinary line of an invoice or a credit note). */
  net: number;
}

function reconcileLineNets(snapshot: InvoiceSnapshotV2, sign: number): XmlLine[] {
  const lines = snapshot.lines.map((line) => ({ line, net: line.net * sign }));
  const rateNets = new Map<number, number>();
  for (const rate of snapshot.taxes) rateNets.set(rate.basisPoints, (rateNets.get(rate.basisPoints) ?? 0) + rate.net * sign);
  for (const [basisPoints, rateNet] of rateNets) {
    const ofRate = lines.filter((entry) => entry.line.taxRate.basisPoints === basisPoints);
    if (ofRate.length === 0) continue;
    const difference = rateNet - ofRate.reduce((sum, entry) => sum + entry.net, 0);
    if (difference === 0) continue;
    const largest = ofRate.reduce((best, entry) => (Math.abs(entry.net) > Math.abs(best.net) ? entry : best));
    largest.net += difference;
  }
  return lines;
}

/** One BG-23 VAT breakdown: lines grouped by category and rate. */
interface TaxGroup {
  category: string;
  basisPoints: number;
  basis: number;
  tax: number;
  exemptionReason: string | null;
}

function taxGroups(snapshot: InvoiceSnapshotV2, lines: XmlLine[], sign: number): TaxGroup[] {
  const groups = new Map<string, TaxGroup>();
  for (const { line, net } of lines) {
    const { category, basisPoints } = line.taxRate;
    const key = `${category}:${basisPoints}`;
    const group = groups.get(key) ?? { category, basisPoints, basis: 0, tax: 0, exemptionReason: line.taxRate.exemptionReason };
    group.basis += net;
    groups.set(key, group);
  }
  // The tax of a rate is the snapshot's (tax-rules.ts), given to the first group at that rate: a non-zero
  // rate has one category (S); zero rates (Z, E, AE, O) carry no tax.
  const taxGiven = new Set<number>();
  for (const group of groups.values()) {
    if (group.basisPoints === 0 || taxGiven.has(group.basisPoints)) continue;
    taxGiven.add(group.basisPoints);
    group.tax = snapshot.taxes.filter((rate) => rate.basisPoints === group.basisPoints).reduce((sum, rate) => sum + rate.tax * sign, 0);
    const named = snapshot.taxes.find((rate) => rate.basisPoints === group.basisPoints && rate.category === group.category);
    group.exemptionReason ??= named?.exemptionReason ?? null;
  }
  return [...groups.values()].sort((a, b) => b.basisPoints - a.basisPoints || a.category.localeCompare(b.category));
}

const percentOf = (basisPoints: number) => decimalOf(basisPoints, 2);
const needsExemptionReason = (category: string) => category in DEFAULT_EXEMPTION_REASONS;

/**
 * BG-4 / BG-7: a trade party. `legalName` is the registered name (BT-27/BT-44); the shop's display name,
 * when different, is its trading name (BT-28). SIRET (scheme 0009) or else SIREN (0002) is the legal
 * registration (BT-30/BT-47); the VAT number is BT-31/BT-48.
 */
function tradeParty(party: InvoicePartyV2, fallbackCountry: string, options: { withIdentifiers: boolean }): string {
  const name = party.legalName || party.name;
  const ids = options.withIdentifiers ? party.identifiers : null;
  const legalId = ids?.siret
    ? { id: ids.siret.replace(/\s/g, ''), scheme: '0009' }
    : ids?.siren
      ? { id: ids.siren.replace(/\s/g, ''), scheme: '0002' }
      : null;
  const tradingName = party.legalName && party.name && party.name !== party.legalName ? party.name : null;
  const address = party.address;
  return [
    el('ram:Name', name),
    legalId || tradingName
      ? el('ram:SpecifiedLegalOrganization', [
          legalId && el('ram:ID', legalId.id, { schemeID: legalId.scheme }),
          opt('ram:TradingBusinessName', tradingName),
        ])
      : null,
    el('ram:PostalTradeAddress', [
      opt('ram:PostcodeCode', address?.postcode),
      opt('ram:LineOne', address?.line1),
      opt('ram:LineTwo', address?.line2),
      opt('ram:CityName', address?.city),
      el('ram:CountryID', address?.countryCode || fallbackCountry),
    ]),
    party.email ? el('ram:URIUniversalCommunication', [el('ram:URIID', party.email, { schemeID: 'EM' })]) : null,
    ids?.vatNumber ? el('ram:SpecifiedTaxRegistration', [el('ram:ID', ids.vatNumber.replace(/\s/g, ''), { schemeID: 'VA' })]) : null,
  ]
    .filter(Boolean)
    .join('');
}

/**
 * BT-146 net price and BT-149 base quantity for a line: the net divided by the quantity to 4 decimals when
 * that gives the line's net back (quantity × price, rounded), else the price of the whole quantity (base
 * quantity = quantity), so the line's arithmetic is exact either way.
 */
function netPriceOf(net: number, quantityMilli: number, decimals: number): { price: string; baseQuantityMilli: number | null } {
  const absNet = Math.abs(net);
  if (quantityMilli === 0) return { price: decimalOf(absNet, decimals), baseQuantityMilli: null };
  const toPriceUnits = 10 ** (4 - decimals); // minor unit → 10^-4 of the major unit
  const price4 = roundHalfAway((absNet * toPriceUnits * 1000) / quantityMilli);
  const back = roundHalfAway((price4 * quantityMilli) / (1000 * toPriceUnits));
  if (back === absNet) return { price: decimalOf(price4, 4), baseQuantityMilli: null };
  return { price: decimalOf(absNet, decimals), baseQuantityMilli: quantityMilli };
}

function lineItem({ line, net }: XmlLine, index: number, money: (minor: number) => string, decimals: number): string {
  const unitCode = unitCodeOf(line);
  const quantityMilli = Math.abs(line.quantityMilli) * (net < 0 ? -1 : 1);
  const { price, baseQuantityMilli } = netPriceOf(net, Math.abs(line.quantityMilli), decimals);
  const name = line.description || line.taskTitle;
  const { category, basisPoints } = line.taxRate;
  return el('ram:IncludedSupplyChainTradeLineItem', [
    el('ram:AssociatedDocumentLineDocument', [
      el('ram:LineID', String(index + 1)),
      line.taskTitle && line.taskTitle !== name ? el('ram:IncludedNote', [el('ram:Content', line.taskTitle)]) : null,
    ]),
    el('ram:SpecifiedTradeProduct', [opt('ram:SellerAssignedID', line.partNumber), el('ram:Name', name)]),
    el('ram:SpecifiedLineTradeAgreement', [
      el('ram:NetPriceProductTradePrice', [
        el('ram:ChargeAmount', price),
        baseQuantityMilli === null ? null : el('ram:BasisQuantity', decimalOf(baseQuantityMilli, 3), { unitCode }),
      ]),
    ]),
    el('ram:SpecifiedLineTradeDelivery', [el('ram:BilledQuantity', decimalOf(quantityMilli, 3), { unitCode })]),
    el('ram:SpecifiedLineTradeSettlement', [
      el('ram:ApplicableTradeTax', [
        el('ram:TypeCode', 'VAT'),
        el('ram:CategoryCode', category),
        // BR-O-05: an out-of-scope line states no rate.
        category === 'O' ? null : el('ram:RateApplicablePercent', percentOf(basisPoints)),
      ]),
      el('ram:SpecifiedTradeSettlementLineMonetarySummation', [el('ram:LineTotalAmount', money(net))]),
    ]),
  ]);
}

/** The Factur-X EN 16931 XML (factur-x.xml) of an invoice or a credit note. */
export function buildFacturXml(snapshot: InvoiceSnapshotV2): string {
  const isCreditNote = snapshot.kind === 'CREDIT_NOTE';
  const sign = isCreditNote ? -1 : 1;
  const decimals = currencyDecimals(snapshot.currency);
  const money = (minor: number) => decimalOf(minor, decimals);
  const timeZone = snapshot.shop.timezone;
  const sellerCountry = snapshot.seller.address?.countryCode || (snapshot.profile === 'OTHER' ? 'FR' : snapshot.profile);
  const lines = reconcileLineNets(snapshot, sign);
  const groups = taxGroups(snapshot, lines, sign);
  const lineTotal = lines.reduce((sum, entry) => sum + entry.net, 0);
  const taxTotal = groups.reduce((sum, group) => sum + group.tax, 0);
  const grandTotal = lineTotal + taxTotal;
  const prepaid = snapshot.paid * sign;
  const duePayable = grandTotal - prepaid;
  const issueDate = date102(snapshot.issuedAt, timeZone);
  const notes = [
    isCreditNote && snapshot.credits?.reason ? snapshot.credits.reason : null,
    snapshot.replaces ? `Remplace la facture ${snapshot.replaces.number}` : null,
    snapshot.footer,
  ].filter((note): note is string => Boolean(note));

  const xml = el(
    'rsm:CrossIndustryInvoice',
    [
      el('rsm:ExchangedDocumentContext', [el('ram:GuidelineSpecifiedDocumentContextParameter', [el('ram:ID', EN16931_GUIDELINE_ID)])]),
      el('rsm:ExchangedDocument', [
        el('ram:ID', snapshot.number),
        el('ram:TypeCode', isCreditNote ? '381' : '380'),
        el('ram:IssueDateTime', [el('udt:DateTimeString', issueDate, { format: '102' })]),
        ...notes.map((note) => el('ram:IncludedNote', [el('ram:Content', note)])),
      ]),
      el('rsm:SupplyChainTradeTransaction', [
        ...lines.map((entry, index) => lineItem(entry, index, money, decimals)),
        el('ram:ApplicableHeaderTradeAgreement', [
          el('ram:SellerTradeParty', [tradeParty(snapshot.seller, sellerCountry, { withIdentifiers: true })]),
          // A consumer's identifiers are not printed (they have none a tax authority knows); no address: the shop's country.
          el('ram:BuyerTradeParty', [tradeParty(snapshot.buyer, sellerCountry, { withIdentifiers: snapshot.buyer.isBusiness })]),
        ]),
        el('ram:ApplicableHeaderTradeDelivery', [
          // BT-72: the day the work was finished, when it was.
          snapshot.visit.completedAt
            ? el('ram:ActualDeliverySupplyChainEvent', [
                el('ram:OccurrenceDateTime', [el('udt:DateTimeString', date102(snapshot.visit.completedAt, timeZone), { format: '102' })]),
              ])
            : null,
        ]),
        el('ram:ApplicableHeaderTradeSettlement', [
          el('ram:InvoiceCurrencyCode', snapshot.currency),
          ...groups.map((group) =>
            el('ram:ApplicableTradeTax', [
              el('ram:CalculatedAmount', money(group.tax)),
              el('ram:TypeCode', 'VAT'),
              needsExemptionReason(group.category)
                ? el('ram:ExemptionReason', group.exemptionReason || DEFAULT_EXEMPTION_REASONS[group.category]!)
                : null,
              el('ram:BasisAmount', money(group.basis)),
              el('ram:CategoryCode', group.category),
              group.category === 'O' ? null : el('ram:RateApplicablePercent', percentOf(group.basisPoints)),
            ]),
          ),
          // BR-CO-25: an amount due needs a due date or terms: a garage's invoice is payable on receipt.
          el('ram:SpecifiedTradePaymentTerms', [
            el('ram:Description', 'Payable à réception'),
            el('ram:DueDateDateTime', [el('udt:DateTimeString', issueDate, { format: '102' })]),
          ]),
          el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
            el('ram:LineTotalAmount', money(lineTotal)),
            el('ram:TaxBasisTotalAmount', money(lineTotal)),
            el('ram:TaxTotalAmount', money(taxTotal), { currencyID: snapshot.currency }),
            el('ram:GrandTotalAmount', money(grandTotal)),
            el('ram:TotalPrepaidAmount', money(prepaid)),
            el('ram:DuePayableAmount', money(duePayable)),
          ]),
          snapshot.credits
            ? el('ram:InvoiceReferencedDocument', [
                el('ram:IssuerAssignedID', snapshot.credits.number),
                el('ram:FormattedIssueDateTime', [
                  el('qdt:DateTimeString', date102(snapshot.credits.issuedAt, timeZone), { format: '102' }),
                ]),
              ])
            : null,
        ]),
      ]),
    ],
    {
      'xmlns:rsm': NAMESPACES.rsm,
      'xmlns:qdt': NAMESPACES.qdt,
      'xmlns:ram': NAMESPACES.ram,
      'xmlns:udt': NAMESPACES.udt,
    },
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`;
}

/** Documents that carry a Factur-X: version 2 snapshots of the French profile (the e-invoicing reform's format). */
export function carriesFacturX(snapshot: { version: number; profile?: string }): snapshot is InvoiceSnapshotV2 {
  return snapshot.version === 2 && snapshot.profile === 'FR';
}
