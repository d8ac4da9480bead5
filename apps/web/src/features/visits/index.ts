// The visits feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { CustomerPicker, type PickedCustomer } from './customer-picker.tsx';
export { VehicleInspectionsCard } from './visit-inspections-section.tsx';
