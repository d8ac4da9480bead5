// Inspections (issue #29): filled in by the lifecycle brief.
export const inspectionsOperations = {};
export const myInspectionsOperations = {};
