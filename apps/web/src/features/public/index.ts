// The public feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { PublicLayout } from './public-layout.tsx';
export { BrandMark } from './site-header.tsx';
