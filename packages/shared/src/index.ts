export * from './constants.ts';
export * from './messages.ts';
export * from './message-catalogue.ts';
export * from './branding.ts';
export * from './visit-rules.ts';
export * from './inventory-rules.ts';
export * from './money.ts';
export * from './tax-rules.ts';
export * from './tax-profiles.ts';
export * from './legal-identifiers.ts';
export * from './vin.ts';
export * from './plates.ts';
// The one DISTANCE_UNITS / DistanceUnit (KM | MI): imports (schemas/data-transfer.ts) use these too.
export {
  DISTANCE_UNITS,
  type DistanceUnit,
  KM_PER_MILE,
  defaultDistanceUnit,
  distanceUnitLabel,
  formatDistance,
  kmToUnit,
  unitToKm,
} from './distance.ts';
export * from './statutory-inspections.ts';
export * from './inspection-rules.ts';
export * from './inspection-template-rules.ts';
export * from './schemas/auth.ts';
export * from './schemas/users.ts';
export * from './schemas/vehicles.ts';
export * from './schemas/vehicle-spec.ts';
export * from './schemas/oil-changes.ts';
export * from './schemas/static-data.ts';
export * from './schemas/search.ts';
export * from './schemas/tasks.ts';
export * from './schemas/approvals.ts';
export * from './schemas/inspections.ts';
export * from './schemas/visits.ts';
export * from './schemas/payments.ts';
export * from './schemas/todos.ts';
export * from './schemas/contact.ts';
export * from './schemas/media.ts';
export * from './schemas/data-transfer.ts';
export * from './schemas/ratings.ts';
export * from './schemas/offering.ts';
export * from './schemas/setup.ts';
export * from './schemas/dashboard.ts';
export * from './schemas/analytics.ts';
export * from './schemas/profile.ts';
export * from './schemas/reports.ts';
export * from './schemas/reminders.ts';
export * from './schemas/appointments.ts';
export * from './schemas/inventory.ts';
export * from './schemas/tax.ts';
export * from './schemas/fiscal.ts';
