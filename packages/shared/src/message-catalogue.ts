// The catalogue of every message the API can answer: a code ("import.busy", "versionConflict", or a validation
// code such as "required") and its English template with {param} placeholders. The API renders the English
// `message` from it; the web renders the same code in the user's language (common:messages.<code>, or
// validation:<code> for validation codes), so no client ever reads English back into a code.
//
// Kept apart from messages.ts because it gathers the feature constants of schemas/*, which import messages.ts.
import { AUTH_MESSAGES } from './auth-messages.ts';
import {
  MESSAGES,
  REQUEST_LIMIT_MESSAGES,
  VALIDATION_TEMPLATES,
  fillTemplate,
  decodeMessage,
  humanizeField,
  parseMessage,
  type MessageParams,
  type ValidationCode,
} from './messages.ts';
import { ANALYTICS_MESSAGES } from './schemas/analytics.ts';
import { APPOINTMENT_MESSAGES } from './schemas/appointments.ts';
import { CONTACT_MESSAGES, MESSAGE_API_MESSAGES } from './schemas/contact.ts';
import { IMPORT_MESSAGES } from './schemas/data-transfer.ts';
import { INVENTORY_MESSAGES, PURCHASE_ORDER_MESSAGES, TASK_LINE_MESSAGES } from './schemas/inventory.ts';
import { INVOICE_MESSAGES } from './schemas/invoices.ts';
import { TAX_MESSAGES } from './schemas/tax.ts';
import { FISCAL_MESSAGES } from './schemas/fiscal.ts';
import { LEGAL_IDENTIFIER_MESSAGES } from './legal-identifiers.ts';
import { MEDIA_MESSAGES } from './schemas/media.ts';
import { OFFERING_MESSAGES } from './schemas/offering.ts';
import { OIL_MESSAGES } from './schemas/oil-changes.ts';
import { CONTACT_CHANGE_MESSAGES } from './schemas/profile.ts';
import { RATING_MESSAGES } from './schemas/ratings.ts';
import { REMINDER_MESSAGES } from './schemas/reminders.ts';
import { SETUP_MESSAGES } from './schemas/setup.ts';
import { STATIC_DATA_MESSAGES } from './schemas/static-data.ts';
import { USER_MESSAGES } from './schemas/users.ts';
import { VEHICLE_MESSAGES } from './schemas/vehicles.ts';
import { VIN_MESSAGES } from './vin.ts';
import { INSPECTION_MESSAGES } from './inspection-messages.ts';

/** "<Resource> not found", one code per resource so each language can word it (and its gender) properly. */
export const NOT_FOUND_MESSAGES = {
  resource: 'Resource not found',
  appointment: 'Appointment not found',
  branding: 'Branding not found',
  category: 'Category not found',
  customer: 'Customer not found',
  file: 'File not found',
  invoice: 'Invoice not found',
  item: 'Item not found',
  labourRate: 'Labour rate not found',
  merchant: 'Merchant not found',
  message: 'Message not found',
  oilChange: 'Oil change not found',
  part: 'Part not found',
  purchaseOrder: 'Purchase order not found',
  payment: 'Payment not found',
  rating: 'Rating not found',
  reminder: 'Reminder not found',
  staticData: 'Static data not found',
  supplier: 'Supplier not found',
  taxRate: 'Tax rate not found',
  task: 'Task not found',
  taskLine: 'Task line not found',
  todo: 'To-do not found',
  user: 'User not found',
  vehicle: 'Vehicle not found',
  visit: 'Visit not found',
} as const;
export type NotFoundResource = keyof typeof NOT_FOUND_MESSAGES;

export const APPROVAL_LINK_MESSAGES = {
  invalid: 'This approval link is not valid',
  expired: 'This approval link has expired; ask the shop for a new one',
  used: 'This approval link was already used; ask the shop for a new one if needed',
  replaced: 'This approval link was replaced by a newer one; use the latest link the shop sent',
  nothingPending: 'This visit has no proposed work waiting for the customer',
  closed: 'This visit is closed; its proposed work can no longer be approved or declined',
} as const;

export const APPROVAL_MESSAGES = {
  visitClosed: 'This visit is closed; its proposed work can no longer be approved or declined',
  notProposed: 'This task was not proposed for approval',
  alreadyDecided: 'A decision was already recorded for this task',
  withdrawn: 'The shop withdrew this proposal',
  priceChanged: 'The shop changed the price of this task; reload the page to see the new price',
  missingDecisions: 'Decide every proposed task: the shop added or changed proposals since the page was opened; reload it',
} as const;

export const TASK_MESSAGES = {
  changed: 'This task was changed by someone else. Reload it and apply your change again.',
  proposalOnClosedVisit: 'This visit is closed; work can no longer be proposed on it',
  priceDecided: 'The customer already decided on this price; propose the new price as a new task',
  awaitingApproval: "This task is waiting for the customer's approval; it can only be withdrawn (cancelled) until then",
  declinedFinal: 'The customer declined this task; propose it again as a new task if they change their mind',
  withdrawnFinal: 'This proposal was withdrawn; propose it again as a new task',
  declinedKept: 'The customer declined this task; it is kept as a record of their decision',
  badTransition: 'A task cannot move from {from} to {to} (allowed: {allowed})',
  /** Under the status field, where the allowed moves are the field's own choices. */
  badTransitionField: 'A task cannot move from {from} to {to}',
  lastTask: 'A visit must keep at least one task; cancel this task instead',
} as const;

export const PAYMENT_MESSAGES = {
  refundNeedsSuccess: 'Only a successful payment can be refunded (this one is {status})',
  alreadyRefunded: 'This payment has already been refunded in full',
  alreadyDeleted: 'This payment is already deleted',
  hasRefunds: 'This payment has refunds; delete the refunds first',
  recordedUseRefund: 'Money received or returned is on record for good; give money back with a refund instead',
} as const;

export const VISIT_MESSAGES = {
  vehicleNotOfCustomer: 'This vehicle does not belong to the selected customer',
  badTransition: 'A visit cannot move from {from} to {to}',
  hasPayments: 'This visit has payments on record and cannot be deleted',
  hasInvoices: 'This visit has invoices on record and cannot be deleted',
  hasMedia: 'This visit has media files; remove them before deleting the visit',
} as const;

/** Answers of API routes that the web app always calls correctly; catalogued so every answer has a code. */
export const TRANSPORT_MESSAGES = {
  brandingExists: 'A branding entry of this type already exists for this language and status',
  tooManyTrackingEvents: 'Too many tracking events; slow down',
  trackingBusy: 'Tracking is busy; try again shortly',
  mediaMultipartRequired: 'Send the files as multipart/form-data',
  pictureMultipartRequired: 'Send the picture as multipart/form-data in the field "file"',
  signInToSeeFile: 'Sign in to see this file',
  badJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request body is too large',
  rateLimited: 'Too many requests; please try again later',
  badRequest: 'The request is not valid',
  routeNotFound: 'Not found: {method} {path}',
} as const;

type Grouped<Group extends string, Texts> = { readonly [Key in keyof Texts & string as `${Group}.${Key}`]: Texts[Key] };

function group<Group extends string, Texts extends Record<string, string>>(name: Group, texts: Texts): Grouped<Group, Texts> {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [`${name}.${key}`, text])) as Grouped<Group, Texts>;
}

/** Every API message by code. The SPEC §8 MESSAGES keep their flat codes; the others are "<group>.<key>". */
export const MESSAGE_CATALOGUE = {
  ...MESSAGES,
  ...group('requestLimits', REQUEST_LIMIT_MESSAGES),
  ...group('transport', TRANSPORT_MESSAGES),
  ...group('missing', NOT_FOUND_MESSAGES),
  ...group('auth', AUTH_MESSAGES),
  ...group('users', USER_MESSAGES),
  ...group('contactChange', CONTACT_CHANGE_MESSAGES),
  ...group('setup', SETUP_MESSAGES),
  ...group('appointments', APPOINTMENT_MESSAGES),
  ...group('reminders', REMINDER_MESSAGES),
  ...group('vehicles', VEHICLE_MESSAGES),
  ...group('staticData', STATIC_DATA_MESSAGES),
  ...group('media', MEDIA_MESSAGES),
  ...group('contact', CONTACT_MESSAGES),
  ...group('messageReplies', MESSAGE_API_MESSAGES),
  ...group('offering', OFFERING_MESSAGES),
  ...group('ratings', RATING_MESSAGES),
  ...group('invoices', INVOICE_MESSAGES),
  ...group('oilChanges', OIL_MESSAGES),
  ...group('import', IMPORT_MESSAGES),
  ...group('approvalLinks', APPROVAL_LINK_MESSAGES),
  ...group('approvals', APPROVAL_MESSAGES),
  ...group('tasks', TASK_MESSAGES),
  ...group('taskLines', TASK_LINE_MESSAGES),
  ...group('inventory', INVENTORY_MESSAGES),
  ...group('purchaseOrders', PURCHASE_ORDER_MESSAGES),
  ...group('payments', PAYMENT_MESSAGES),
  ...group('visits', VISIT_MESSAGES),
  ...group('analytics', ANALYTICS_MESSAGES),
  ...group('tax', TAX_MESSAGES),
  ...group('legalIds', LEGAL_IDENTIFIER_MESSAGES),
  ...group('vin', VIN_MESSAGES),
  ...group('fiscal', FISCAL_MESSAGES),
  ...group('inspections', INSPECTION_MESSAGES),
};
export type CatalogueCode = keyof typeof MESSAGE_CATALOGUE;
/** Any code the API answers with: a catalogue message or a validation code (locales: validation:<code>). */
export type MessageCode = CatalogueCode | ValidationCode;

/** A message as it travels: its code and the values of its placeholders. */
export interface CodedMessage {
  code: MessageCode;
  params: MessageParams;
}

export const isValidationCode = (code: string): code is ValidationCode => Object.hasOwn(VALIDATION_TEMPLATES, code);
export const isCatalogueCode = (code: string): code is CatalogueCode => Object.hasOwn(MESSAGE_CATALOGUE, code);

/** English rendering of a code (the API's `message`); a validation code's fieldName reads as a label. */
export function renderCode(code: MessageCode, params: MessageParams = {}): string {
  if (isValidationCode(code)) {
    const fieldName = params.fieldName ? humanizeField(String(params.fieldName)) : 'Value';
    return fillTemplate(VALIDATION_TEMPLATES[code], { ...params, fieldName });
  }
  return fillTemplate(MESSAGE_CATALOGUE[code], params);
}

/**
 * The body of every API error, REST and tRPC (`error.data` there). `message` and `fieldErrors` are the
 * English texts of SPEC §8; `messageCode`/`params` and `fieldErrorCodes` carry the same messages as codes
 * for clients that show them in another language.
 */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  messageCode: MessageCode;
  params: MessageParams;
  fieldErrors?: Record<string, string[]>;
  fieldErrorCodes?: Record<string, CodedMessage[]>;
  retryAfterSeconds?: number;
}

/**
 * A message carried as text (a zod issue's `message`) back to its code: a msg() validation code, or a
 * catalogue code made by encodeMessage ("appointments.contactRequired"); null for any other text.
 */
export function parseCodedMessage(message: string): CodedMessage | null {
  const validation = parseMessage(message);
  if (validation.code) return { code: validation.code, params: validation.params };
  const { head, params } = decodeMessage(message);
  return isCatalogueCode(head) ? { code: head, params } : null;
}

/** English text of a message carried as text (coded or not): what the API writes where only text fits. */
export function renderCodedText(message: string): string {
  const coded = parseCodedMessage(message);
  return coded ? renderCode(coded.code, coded.params) : message;
}
