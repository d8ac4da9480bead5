// Inspection figures and measurement history (issue #29): filled in by the figures brief.
export const inspectionFiguresOperations = {};
