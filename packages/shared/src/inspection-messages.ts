// The API's answers about inspections (issue #29), apart from their schemas: message-catalogue.ts gathers every
// message for every page, the sign-in page included, and must not pull the inspection schemas with them.
/** API answers about inspections (English; the web shows its own translations of the same keys). */
export const INSPECTION_MESSAGES = {
  templateNotFound: 'Inspection template not found',
  notFound: 'Inspection not found',
  itemNotFound: 'Inspection item not found',
  templateArchived: 'This template is archived; choose another one',
  templateEmpty: 'A template needs at least one item',
  checkTakesCondition: 'This item is a condition check: choose good, soon or urgent',
  measurementTakesValue: 'This item is a measurement: enter a number',
  valueRange: 'Enter a value between {minValue} and {maxValue} {unit}',
  thresholdRange: 'Thresholds must lie between the item limits ({minValue} to {maxValue})',
  thresholdOrder: 'The red threshold must be beyond the amber one (below it when lower is worse)',
  unitRequired: 'A measurement needs a unit',
  notInProgress: 'This inspection is completed; reopen it to change results',
  alreadySent: 'This inspection was sent to the customer; it is kept as sent',
  unanswered: '{count} items have no result yet: choose a result or mark them not checked',
  photoRequired: '"{item}" is flagged and needs a photo',
  tooManyPhotos: 'An item holds at most {max} photos',
  notFlagged: 'Only an amber or red finding becomes proposed work',
  taskExists: 'This finding already has a proposed task',
  notCompleted: 'Complete the inspection before sending it to the customer',
  assigneeNotStaff: 'An inspection is assigned to a staff member',
  photoNotImage: 'An inspection photo must be a JPEG, PNG or WebP picture',
  photoIdTaken: 'This photo id already belongs to another photo',
  keyTaken: 'Another item of this template already has this key',
} as const;
