// The ratings feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { MyRatingsCard } from './my-ratings-card.tsx';
export { RateVisitButton } from './rate-visit-button.tsx';
export { StarRow } from './stars.tsx';
export { TestimonialsSection } from './testimonials-section.tsx';
export { VisitRatingSection } from './visit-rating-section.tsx';
