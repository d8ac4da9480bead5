// The client-portal feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { Breadcrumbs, type Crumb } from './breadcrumbs.tsx';
export { MyTaskView } from './my-task-view.tsx';
export { MyVisitView } from './my-visit-view.tsx';
