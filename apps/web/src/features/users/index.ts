// The users feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { PersonalFields } from './personal-fields.tsx';
export { phoneOf, UserBadges } from './users-table.tsx';
