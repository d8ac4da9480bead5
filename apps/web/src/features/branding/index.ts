// The branding feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { brandingKeys, fetchMerchant, type Merchant } from './branding-api.ts';
export { BrandingProvider, prefetchBranding, seedBranding, useBranding } from './branding-context.tsx';
export { storeMerchant } from './merchant-storage.ts';
export { firstFieldValue, mergeBrandingEntries } from './merge-branding.ts';
export { buildRuntimeTheme } from './theme.ts';
