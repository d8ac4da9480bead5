// The vehicles feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { OilStatusBadge } from './oil-status.tsx';
export { useStaticOptions } from './use-static-options.ts';
export { PlateText, VehicleCard } from './vehicle-card.tsx';
export { VehicleForm } from './vehicle-form.tsx';
export { VisitsCard } from './visit-list.tsx';
