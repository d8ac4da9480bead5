// The appointments feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { AppointmentsBadge } from './appointments-badge.tsx';
export { BookVisitSection } from './book-visit-section.tsx';
export { BookForVehicleButton, MyAppointmentsCard } from './my-appointments.tsx';
