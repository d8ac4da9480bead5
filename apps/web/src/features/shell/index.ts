// The shell feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { formatPageTitle, pageTitleKey } from './page-titles.ts';
