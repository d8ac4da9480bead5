// The reminders feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { RemindersBadge } from './reminders-badge.tsx';
export { MyRemindersCard, VehicleRemindersCard } from './vehicle-reminders.tsx';
