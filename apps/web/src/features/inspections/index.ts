// The inspections feature's public entry (the technician's screens, issue #29): what other features use
// from it, re-exports only (src/feature-boundaries.test.ts).
export { StatusBadge as InspectionStatusBadge } from './status-badge.tsx';
export { inspectionPdfUrl } from './inspection-footer.tsx';
