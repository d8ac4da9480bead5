// The messages feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { UnreadMessagesBadge } from './unread-badge.tsx';
