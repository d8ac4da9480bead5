// Invoice PDF rendering time and size, no database: a fixture snapshot (8 tasks, 2 payments, the demo
// shop's logo) printed in en, fr and ar. The first render includes starting the renderer process and loading the fonts.
// Run: cd apps/api && pnpm exec tsx bench/invoice-pdf.ts [renders=20] [outDir]
// With outDir, the three PDFs are written there (look at them: pdftoppm -png -r 60 invoice-ar.pdf x).
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderInvoicePdf } from '../src/modules/invoices/invoice-pdf.ts';
import type { InvoiceSnapshot } from '@garage/db/invoices';
import type { PdfLanguage } from '../src/lib/pdf/format.ts';

const renders = Number(process.argv[2] ?? 20);
const outDir = process.argv[3];

const snapshot: InvoiceSnapshot = {
  version: 1,
  number: 'INV-2026-000123',
  issuedAt: '2026-11-24T09:30:00.000Z',
  replaces: { id: '00000000-0000-7000-8000-000000000001', number: 'INV-2026-000101', issuedAt: '2026-11-20T10:00:00.000Z' },
  shop: {
    name: 'Atlas Auto Care',
    currency: 'USD',
    timezone: 'Africa/Casablanca',
    color: '#1d4ed8',
    logoUrl: '/brand/logo.svg',
    contact: {
      en: { address: '42 Industrial Avenue, Springfield', phone: '+1 555 010 0200', email: 'hello@atlas-auto.example' },
      fr: { address: '42 avenue de l’Industrie, Springfield', phone: '+1 555 010 0200', email: 'bonjour@atlas-auto.example' },
      ar: { address: '42 شارع الصناعة، سبرينغفيلد', phone: '+1 555 010 0200', email: 'hello@atlas-auto.example' },
    },
  },
  customer: { name: 'Nadia El Amrani', email: 'nadia@example.com', phone: '+212 612345678' },
  vehicle: { plateNumber: '12345-A-6', brand: 'Toyota', model: 'Corolla', year: 2020, type: 'CAR' },
  visit: {
    id: '00000000-0000-7000-8000-000000000002',
    name: 'Brakes and 60,000 km service',
    visitDate: '2026-11-18T08:00:00.000Z',
    completedAt: '2026-11-21T16:00:00.000Z',
  },
  lines: [
    { title: 'Front brake pads', description: 'Ceramic pads, both sides', service: 'REPAIR', amountCents: 123_450 },
    { title: 'تغيير زيت المحرك', description: '5W-30, 4.5 L', service: 'MAINTENANCE', amountCents: 45_000 },
    { title: 'Oil filter', description: null, service: 'MAINTENANCE', amountCents: 1_500 },
    { title: 'Wiper blades', description: null, service: 'MAINTENANCE', amountCents: 9_900 },
    { title: 'Brake fluid flush', description: 'DOT 4', service: 'MAINTENANCE', amountCents: 8_000 },
    { title: 'Safety inspection', description: '32-point check', service: 'INSPECTION', amountCents: 0 },
    { title: 'Cabin air filter', description: null, service: 'MAINTENANCE', amountCents: 2_500 },
    { title: 'Wheel alignment', description: null, service: 'REPAIR', amountCents: 6_000 },
  ],
  payments: [
    { date: '2026-11-18T08:10:00.000Z', method: 'CASH', kind: 'payment', amountCents: 50_000 },
    { date: '2026-11-21T16:05:00.000Z', method: 'CREDIT_CARD', kind: 'payment', amountCents: 100_000 },
  ],
  totalCents: 196_350,
  paidCents: 150_000,
  balanceCents: 46_350,
  currency: 'USD',
};

const logo = { bytes: readFileSync(new URL('../../web/public/brand/logo.svg', import.meta.url)), extension: 'svg' as const };
const languages: PdfLanguage[] = ['en', 'fr', 'ar'];

let start = performance.now();
const first = await renderInvoicePdf(snapshot, 'en', logo);
console.log(`first render (fonts loaded): ${(performance.now() - start).toFixed(0)} ms, ${first.length} bytes`);

for (const lang of languages) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < renders; i++) {
    start = performance.now();
    const pdf = await renderInvoicePdf(snapshot, lang, logo);
    times.push(performance.now() - start);
    size = pdf.length;
    if (outDir && i === 0) writeFileSync(path.join(outDir, `invoice-${lang}.pdf`), pdf);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!;
  console.log(`${lang}: ${renders} renders, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${size} bytes`);
}
console.log(
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
