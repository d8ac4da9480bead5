// The inspection-report feature's public entry (issue #29): the customer-facing report (lazily loaded) and
// the colours of a result, re-exports only (src/feature-boundaries.test.ts).
export { InspectionReports } from './lazy-reports.tsx';
export { CONDITION_STYLE, ConditionChips, ConditionMark } from './condition.tsx';
export { formatMeasurement } from './measurement.ts';
