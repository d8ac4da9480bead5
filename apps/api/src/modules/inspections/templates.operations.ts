// Inspection templates (issue #29): filled in by the templates brief.
export const inspectionTemplatesOperations = {};
