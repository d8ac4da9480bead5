// The setup feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { SetupNotice } from './setup-notice.tsx';
export { ShopDetailsCard } from './shop-details-card.tsx';
