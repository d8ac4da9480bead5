// Who issues a document: the shop's name, contact lines per language, brand colour and logo, read from the
// merchant and its ACTIVE branding (loadShopIdentity, packages/db/src/invoices.ts). `brandedFrame()` turns it
// into the frame renderBrandedPdf prints; an invoice keeps the identity in its snapshot instead (the shop as
// it was on the day of issue).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db, FileStorage } from '@garage/db';
import { loadShopIdentity, type ShopIdentity } from '@garage/db/invoices';
import type { BrandedDocument, ShopLine } from './render-pdf.ts';
import { pdfDirection, pdfFormatter, type PdfFormatter, type PdfLanguage } from './format.ts';

export { loadShopIdentity, type ShopContact, type ShopIdentity } from '@garage/db/invoices';

/** Address, phone and e-mail lines for the page header (phones and e-mails read left to right). */
export function shopLines(identity: Pick<ShopIdentity, 'contact'>, lang: PdfLanguage): ShopLine[] {
  const contact = identity.contact[lang];
  const lines: ShopLine[] = [];
  if (contact.address) lines.push(...contact.address.split('\n').map((text) => ({ text })));
  if (contact.phone) lines.push({ text: contact.phone, ltr: true });
  if (contact.email) lines.push({ text: contact.email, ltr: true });
  return lines;
}

const LOGO_EXTENSIONS = { '.png': 'png', '.jpg': 'jpg', '.jpeg': 'jpg', '.gif': 'gif', '.svg': 'svg', '.webp': 'webp' } as const;
const MEDIA_URL = /^\/backend\/media\/([0-9a-f-]{36})\/file$/i;
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/**
 * The logo's bytes: an uploaded file (/backend/media/<id>/file, from storage) or a file of the web app
 * (/brand/logo.svg: the built app, else its public folder in development). Anything else (another site's
 * address) is skipped: rendering a document never fetches from the network. Null when it cannot be read.
 */
export async function loadLogo(
  deps: { db: Db; storage: FileStorage; webDistDir: string },
  logoUrl: string | null,
): Promise<BrandedDocument['logo'] | null> {
  if (!logoUrl) return null;
  try {
    const media = MEDIA_URL.exec(logoUrl);
    if (media) {
      const file = await deps.db.mediaFile.findUnique({
        where: { id: media[1]! },
        select: { storageKey: true, name: true, mimeType: true },
      });
      const extension = file && logoExtension(file.storageKey);
      if (!file || !extension) return null;
      const opened = await deps.storage.open(file.storageKey);
      if (!opened || opened.sizeBytes > MAX_LOGO_BYTES) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      return { bytes: Buffer.concat(chunks), extension };
    }
    if (logoUrl.startsWith('/') && !logoUrl.includes('..')) {
      const extension = logoExtension(logoUrl);
      if (!extension) return null;
      for (const root of [deps.webDistDir, path.join(deps.webDistDir, '..', 'public')]) {
        const bytes = await readFile(path.join(root, logoUrl)).catch(() => null);
        if (bytes && bytes.length <= MAX_LOGO_BYTES) return { bytes, extension };
      }
    }
  } catch {
    // A missing or unreadable logo never blocks a document: it prints without one.
  }
  return null;
}

function logoExtension(name: string) {
  const extension = path.extname(name).toLowerCase() as keyof typeof LOGO_EXTENSIONS;
  return LOGO_EXTENSIONS[extension] ?? null;
}

/** Words of the frame itself, per language. */
export const PDF_FRAME_LABELS: Record<PdfLanguage, { page: string; generatedOn: string }> = {
  en: { page: 'Page {page} of {total}', generatedOn: 'Generated on {date}' },
  fr: { page: 'Page {page} sur {total}', generatedOn: 'Généré le {date}' },
  ar: { page: 'صفحة {page} من {total}', generatedOn: 'أُنشئ في {date}' },
};

/**
 * The branded frame for a document printed now (reports): the shop as it is today, "Generated on <date>"
 * in the footer, and the formatter for the shop's currency and time zone in that language:
 *   const { document, format } = await brandedFrame(deps, { lang, title, subtitle });
 *   renderBrandedPdf({ document, body, data: { rows: rows.map((r) => [r.name, format.money(r.cents)]) } });
 */
export async function brandedFrame(
  deps: { db: Db; storage: FileStorage; webDistDir: string },
  options: { lang: PdfLanguage; title: string; subtitle?: string; now?: Date },
): Promise<{ document: BrandedDocument; format: PdfFormatter }> {
  const identity = await loadShopIdentity(deps.db);
  const format = pdfFormatter(options.lang, identity.currency, identity.timezone);
  const logo = await loadLogo(deps, identity.logoUrl);
  const document: BrandedDocument = {
    lang: options.lang,
    dir: pdfDirection(options.lang),
    title: options.title,
    subtitle: options.subtitle,
    shop: { name: identity.name, lines: shopLines(identity, options.lang) },
    color: identity.color,
    footer: PDF_FRAME_LABELS[options.lang].generatedOn.replace('{date}', format.dateTime(options.now ?? new Date())),
    pageLabel: PDF_FRAME_LABELS[options.lang].page,
    ...(logo ? { logo } : {}),
  };
  return { document, format };
}
