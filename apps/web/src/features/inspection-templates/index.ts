// The inspection templates feature's public entry, re-exports only (src/feature-boundaries.test.ts). Its
// screens are loaded lazily by router.tsx; other features link to TEMPLATES_PATH.
export { TEMPLATES_PATH } from './paths.ts';
