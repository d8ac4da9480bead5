// The tax feature's public entry: what other features use from it, re-exports only (src/feature-boundaries.test.ts).
// Line editors, part and catalogue forms pick a rate; the customer form shows a business customer's fields; the
// visit pages show the tax lines.
export { basisPointsFromPercentText, formatBasisPoints } from './percent.ts';
export { TaxRateSelect } from './tax-rate-select.tsx';
export { useRateFormat, useTaxRates, useTaxSettings } from './use-tax.ts';
export { type VisitTaxes, VisitTaxTotals } from './visit-tax-totals.tsx';
export { CustomerBillingFields } from './customer-billing-fields.tsx';
