// The contact feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts). The home page loads it lazily, when its contact section scrolls into view.
export { ContactForm } from './contact-form.tsx';
