// The media feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { ClientVisitMediaSection, VisitMediaStrip } from './visit-media-strip.tsx';
