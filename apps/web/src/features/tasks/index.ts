// The tasks feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { TaskFields } from './task-fields.tsx';
export { VisitTasksSection } from './visit-tasks-section.tsx';
// The part finder (search or scan) of the task lines, also used by the catalogue items' default lines.
export { PartSearch, quantityFromText } from './task-lines-editor.tsx';
