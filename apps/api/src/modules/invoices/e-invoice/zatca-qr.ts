// The ZATCA QR code (Saudi Arabia, e-invoicing phase 1 "generation"): every tax invoice and simplified tax
// invoice prints a QR code holding, in TLV (tag, length, value) then base64:
//   1 seller's name, 2 seller's VAT registration number, 3 time stamp of the invoice (ISO 8601),
//   4 invoice total with VAT, 5 VAT total.
// Each field: 1 byte tag, 1 byte length of the UTF-8 value, the value. Phase 2 ("integration") adds
// tags 6-9 (XML hash, ECDSA signature, public key, stamp signature) made by the cryptographic stamp of a
// CSID-onboarded device: see clearance.ts and docs/invoicing.md "Clearance".
//
// Writing TLV is a few lines, so no ZATCA library: @axenda/zatca and the like add little and lag behind.
// The QR image itself comes from qrcode-generator (MIT, no dependencies, synchronous SVG).
import { currencyDecimals } from '@garage/shared';
import type { InvoiceSnapshotV2 } from '@garage/db/invoices';
import qrcode from 'qrcode-generator';
import { decimalOf } from './factur-x.ts';

export interface ZatcaQrFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, UTC, to the second: "2026-11-29T10:05:00Z". */
  timestamp: string;
  /** "1150.00": the total with VAT, in the currency's decimals. */
  total: string;
  /** "150.00". */
  vatTotal: string;
}

/** A value is at most 255 bytes (its length is one byte): longer names are cut at a character boundary. */
function utf8Upto255(value: string): Buffer {
  let bytes = Buffer.from(value, 'utf8');
  let text = value;
  while (bytes.length > 255) {
    text = Array.from(text).slice(0, -1).join('');
    bytes = Buffer.from(text, 'utf8');
  }
  return bytes;
}

/** The QR's five fields as the snapshot gives them. A credit note shows its amounts as positive figures. */
export function zatcaQrFields(snapshot: InvoiceSnapshotV2): ZatcaQrFields {
  const decimals = currencyDecimals(snapshot.currency);
  return {
    sellerName: snapshot.seller.legalName || snapshot.seller.name,
    vatNumber: snapshot.seller.identifiers?.vatNumber?.replace(/\s/g, '') ?? '',
    timestamp: new Date(snapshot.issuedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    total: decimalOf(Math.abs(snapshot.grossTotal), decimals),
    vatTotal: decimalOf(Math.abs(snapshot.taxTotal), decimals),
  };
}

export function encodeZatcaTlv(fields: ZatcaQrFields): Buffer {
  const values = [fields.sellerName, fields.vatNumber, fields.timestamp, fields.total, fields.vatTotal];
  return Buffer.concat(
    values.map((value, index) => {
      const bytes = utf8Upto255(value);
      return Buffer.concat([Buffer.from([index + 1, bytes.length]), bytes]);
    }),
  );
}

/** The QR code's content: the TLV in base64. */
export function zatcaQrBase64(snapshot: InvoiceSnapshotV2): string {
  return encodeZatcaTlv(zatcaQrFields(snapshot)).toString('base64');
}

/** Reads a QR content back (tests, and anyone checking what a printed invoice says). */
export function decodeZatcaQr(base64: string): ZatcaQrFields {
  const bytes = Buffer.from(base64, 'base64');
  const values = new Map<number, string>();
  for (let offset = 0; offset < bytes.length; ) {
    const tag = bytes[offset]!;
    const length = bytes[offset + 1];
    if (length === undefined || offset + 2 + length > bytes.length) throw new Error('ZATCA QR: truncated TLV');
    values.set(tag, bytes.subarray(offset + 2, offset + 2 + length).toString('utf8'));
    offset += 2 + length;
  }
  return {
    sellerName: values.get(1) ?? '',
    vatNumber: values.get(2) ?? '',
    timestamp: values.get(3) ?? '',
    total: values.get(4) ?? '',
    vatTotal: values.get(5) ?? '',
  };
}

/**
 * The QR code as an SVG document (black modules on white, a 4-module quiet zone, scalable: the PDF sizes
 * it). Error correction M: a printed, folded invoice still scans.
 */
export function zatcaQrSvg(snapshot: InvoiceSnapshotV2): string {
  const code = qrcode(0, 'M');
  code.addData(zatcaQrBase64(snapshot), 'Byte');
  code.make();
  const svg = code.createSvgTag({ cellSize: 4, margin: 16, scalable: true });
  // A standalone SVG file needs the namespace declaration (the library writes inline-HTML markup).
  return svg.includes('xmlns=') ? svg : svg.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ');
}

/** Documents that print the ZATCA QR: version 2 snapshots of the Saudi profile. */
export function carriesZatcaQr(snapshot: { version: number; profile?: string }): snapshot is InvoiceSnapshotV2 {
  return snapshot.version === 2 && snapshot.profile === 'SA';
}
