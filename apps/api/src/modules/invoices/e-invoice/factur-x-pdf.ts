// The Factur-X PDF: the invoice's PDF written as PDF/A-3b by Typst with factur-x.xml embedded
// (AFRelationship /Alternative: the XML is the same invoice, machine-readable), plus the XMP metadata that
// tells a reader it is a Factur-X (fx: DocumentType, DocumentFileName, Version, ConformanceLevel) and the
// PDF/A extension schema that declares those properties (PDF/A forbids undeclared XMP properties).
//
// Typst writes the PDF/A structure, the embedded file and its own XMP (pdfaid part 3, conformance B) but
// cannot take custom XMP. We add ours with an INCREMENTAL UPDATE (ISO 32000-1 §7.5.6, allowed by PDF/A):
// the XMP stream object is written again, with the same object number, after the end of Typst's file, with
// an xref section for that one object and a trailer pointing back (/Prev) to Typst's. Typst's bytes stay
// untouched, no PDF library is needed (pdf-lib would rewrite every object, and it is unmaintained since
// 2021), and the result is still a pure function of the snapshot. It relies on what Typst 0.14 writes (a
// classic xref table and trailer, an uncompressed catalogue); appendXmp throws if that changes, and the
// e-invoice tests read the result back with poppler (pdfinfo -meta, pdfdetach).
import type { InvoiceSnapshotV2 } from '@garage/db/invoices';
import { renderBrandedPdf, type RenderBrandedPdfOptions } from '../../../lib/pdf/render-pdf.ts';
import { buildFacturXml, FACTUR_X_FILE_NAME } from './factur-x.ts';

export const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The fx: properties (Factur-X 1.0 §"XMP"): credit notes are "INVOICE" documents too. */
const FACTUR_X_DESCRIPTION = [
  `<rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">`,
  '<fx:DocumentType>INVOICE</fx:DocumentType>',
  `<fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>`,
  '<fx:Version>1.0</fx:Version>',
  '<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>',
  '</rdf:Description>',
].join('');

const extensionProperty = (name: string, description: string) =>
  `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType>` +
  `<pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;

/** The PDF/A extension schema declaring the fx: properties (one more item of Typst's pdfaExtension:schemas bag). */
const FACTUR_X_EXTENSION_SCHEMA = [
  '<rdf:li rdf:parseType="Resource">',
  '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>',
  `<pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>`,
  '<pdfaSchema:prefix>fx</pdfaSchema:prefix>',
  '<pdfaSchema:property><rdf:Seq>',
  extensionProperty('DocumentFileName', 'The name of the embedded XML document'),
  extensionProperty('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'),
  extensionProperty('Version', 'The actual version of the standard applying to the embedded XML document'),
  extensionProperty('ConformanceLevel', 'The conformance level of the embedded XML document'),
  '</rdf:Seq></pdfaSchema:property>',
  '</rdf:li>',
].join('');

/** Typst's XMP with the Factur-X description and its extension schema added. */
export function withFacturXmp(xmp: string): string {
  const bagEnd = '</rdf:Bag></pdfaExtension:schemas>';
  const rdfEnd = '</rdf:RDF>';
  if (!xmp.includes(bagEnd) || !xmp.includes(rdfEnd)) throw new Error('Factur-X: the PDF/A XMP has no pdfaExtension:schemas bag to extend');
  return xmp.replace(bagEnd, `${FACTUR_X_EXTENSION_SCHEMA}${bagEnd}`).replace(rdfEnd, `${FACTUR_X_DESCRIPTION}${rdfEnd}`);
}

/** The text of `objectNumber 0 obj … endobj` (the last definition, as a reader takes it). */
function objectText(pdf: string, objectNumber: number): string {
  const start = pdf.lastIndexOf(`\n${objectNumber} 0 obj`);
  const end = start < 0 ? -1 : pdf.indexOf('endobj', start);
  if (end < 0) throw new Error(`Factur-X: object ${objectNumber} not found in the PDF`);
  return pdf.slice(start, end);
}

/** Replaces the document's XMP metadata stream by `edit(old XMP)`, as an incremental update. */
export function appendXmp(pdf: Buffer, edit: (xmp: string) => string): Buffer {
  // latin1: one character per byte, so string offsets are byte offsets.
  const text = pdf.toString('latin1');
  const tail = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  const trailerStart = text.lastIndexOf('trailer');
  if (!tail || trailerStart < 0) throw new Error('Factur-X: the PDF has no classic trailer (an xref stream?)');
  const trailer = text.slice(trailerStart, tail.index);
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  const root = /\/Root (\d+) 0 R/.exec(trailer)?.[1];
  const info = /\/Info (\d+ 0 R)/.exec(trailer)?.[1];
  const id = /\/ID (\[[^\]]*\])/.exec(trailer)?.[1];
  if (!size || !root) throw new Error('Factur-X: the PDF trailer has no /Size or /Root');
  const metadataNumber = Number(/\/Metadata (\d+) 0 R/.exec(objectText(text, Number(root)))?.[1]);
  if (!metadataNumber) throw new Error('Factur-X: the PDF catalogue has no /Metadata');
  const metadataObject = objectText(text, metadataNumber);
  const streamStart = metadataObject.indexOf('stream') + 'stream'.length;
  const streamEnd = metadataObject.lastIndexOf('endstream');
  if (/\/Filter/.test(metadataObject.slice(0, streamStart))) throw new Error('Factur-X: the XMP stream is compressed');
  const oldXmp = Buffer.from(
    metadataObject
      .slice(streamStart, streamEnd)
      .replace(/^\r?\n/, '')
      .replace(/\r?\n$/, ''),
    'latin1',
  ).toString('utf8');
  const xmp = Buffer.from(edit(oldXmp), 'utf8');

  const separator = text.endsWith('\n') ? '' : '\n';
  const objectOffset = pdf.length + Buffer.byteLength(separator, 'latin1');
  const head = Buffer.from(
    `${separator}${metadataNumber} 0 obj\n<<\n  /Length ${xmp.length}\n  /Type /Metadata\n  /Subtype /XML\n>>\nstream\n`,
    'latin1',
  );
  const objectEnd = Buffer.from('\nendstream\nendobj\n', 'latin1');
  const xrefOffset = pdf.length + head.length + xmp.length + objectEnd.length;
  const trailerEntries = [`/Size ${size}`, `/Root ${root} 0 R`, info ? `/Info ${info}` : null, id ? `/ID ${id}` : null, `/Prev ${tail[1]}`];
  const xref = Buffer.from(
    [
      'xref',
      `${metadataNumber} 1`,
      // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, n, CR LF.
      `${String(objectOffset).padStart(10, '0')} 00000 n\r`,
      'trailer',
      '<<',
      ...trailerEntries.filter(Boolean).map((entry) => `  ${entry}`),
      '>>',
      'startxref',
      String(xrefOffset),
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
  return Buffer.concat([pdf, head, xmp, objectEnd, xref]);
}

/** Typst's render options that make the invoice PDF a Factur-X container (PDF/A-3b, factur-x.xml embedded). */
export function facturXOutput(snapshot: InvoiceSnapshotV2): NonNullable<RenderBrandedPdfOptions['output']> {
  return {
    pdfStandard: 'a-3b',
    // The issue time: PDF/A needs a date, and the same snapshot must keep giving the same bytes.
    date: new Date(snapshot.issuedAt),
    attachments: [
      {
        name: FACTUR_X_FILE_NAME,
        text: buildFacturXml(snapshot),
        mimeType: 'text/xml',
        description: 'Factur-X invoice (EN 16931)',
        relationship: 'alternative',
      },
    ],
  };
}

/**
 * The invoice or credit note PDF as a Factur-X: renders `options` (the usual branded document) as PDF/A-3b
 * with the snapshot's factur-x.xml attached, then adds the Factur-X XMP. invoice-pdf.ts calls it instead of
 * renderBrandedPdf for snapshots where carriesFacturX(snapshot).
 */
export async function renderFacturXPdf(snapshot: InvoiceSnapshotV2, options: Omit<RenderBrandedPdfOptions, 'output'>): Promise<Buffer> {
  const pdf = await renderBrandedPdf({ ...options, output: facturXOutput(snapshot) });
  return appendXmp(pdf, withFacturXmp);
}
