// The invoices feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { ClientInvoiceSection } from './client-invoice-section.tsx';
export { VisitInvoicesSection } from './visit-invoices-section.tsx';
