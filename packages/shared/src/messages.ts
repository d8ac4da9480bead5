// Every user-facing message of SPEC §5 and §8, defined once.
//
// Validation messages travel as codes ("required|fieldName=firstName") inside zod issues. The API answers
// them as codes with their English (message-catalogue.ts); the web renders them in the user's language through i18n
// (locales/*/validation.json has the same keys). So a rule and its message are written exactly once.
import { LIMITS } from './constants.ts';

/** SPEC §5 generic validation messages, English templates. Keys are also i18n keys under "validation". */
export const VALIDATION_TEMPLATES = {
  required: '{fieldName} is required',
  email: '{fieldName} must be a valid email address',
  minLength: '{fieldName} must be at least {minLength} characters long',
  maxLength: '{fieldName} must not exceed {maxLength} characters',
  format: '{fieldName} format is invalid',
  number: '{fieldName} must be a valid number',
  minValue: '{fieldName} must be at least {minValue}',
  maxValue: '{fieldName} must not exceed {maxValue}',
  /** An amount over a limit the shared schemas hold in minor units: its value in currency units depends on the currency. */
  amountTooLarge: '{fieldName} is larger than the app can record',
  fileSize: '{fieldName} size must not exceed {maxSizeInMB}MB',
  fileType: '{fieldName} must be one of: {allowedTypes}',
  futureDate: '{fieldName} must be today or a future date',
  ageAbove: '{fieldName} must be greater than {minValue}',
  passwordRule:
    'Password must have at least 8 characters, one lowercase letter, one uppercase letter, one number and one special character',
  passwordsMustMatch: 'Passwords must match',
  otpDigits: 'The code must be 6 digits',
  identifier: 'Enter a valid email address, phone number or username',
  lettersAndNumbers: '{fieldName} may contain only letters and numbers',
  atLeastOneTask: 'Add at least one task',
  ratingRequired: 'A star rating must be selected',
  invalidThemeColors: 'Invalid theme color JSON',
  /** A value zod refused with its own (English-only) message: the API answers this code instead. */
  invalid: '{fieldName} is invalid',
} as const;
export type ValidationCode = keyof typeof VALIDATION_TEMPLATES;
export type MessageParams = Record<string, string | number>;

const SEP = '|';

/** Encodes a message code plus parameters as text, for zod `message` (any code of message-catalogue.ts). */
export function encodeMessage(code: string, params: MessageParams = {}): string {
  const query = Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
  return query ? `${code}${SEP}${query}` : code;
}

/** Encodes a validation message as a code plus parameters, for zod `message`. */
export function msg(code: ValidationCode, params: MessageParams = {}): string {
  return encodeMessage(code, params);
}

/** Splits a message made by encodeMessage into its code (or the whole text) and its parameters. */
export function decodeMessage(message: string): { head: string; params: MessageParams } {
  const [head = '', query] = message.split(SEP, 2);
  const params: MessageParams = {};
  for (const pair of (query ?? '').split('&').filter(Boolean)) {
    const [k = '', v = ''] = pair.split('=');
    params[k] = decodeURIComponent(v);
  }
  return { head, params };
}

/** Decodes a message produced by msg(); plain texts come back as { code: undefined, text }. */
export function parseMessage(message: string): { code?: ValidationCode; params: MessageParams; text: string } {
  const { head, params } = decodeMessage(message);
  if (!(head in VALIDATION_TEMPLATES)) return { params: {}, text: message };
  return { code: head as ValidationCode, params, text: message };
}

/** "firstName" -> "First name": the English field label used by the API. */
export function humanizeField(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fillTemplate(template: string, params: MessageParams): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? `{${key}}`));
}

/** English rendering of a message code (the API's answer language). */
export function renderMessage(message: string): string {
  const { code, params } = parseMessage(message);
  if (!code) return message;
  const fieldName = params.fieldName ? humanizeField(String(params.fieldName)) : 'Value';
  return fillTemplate(VALIDATION_TEMPLATES[code], { ...params, fieldName });
}

/** SPEC §8 error catalogue and success texts (English; the web's i18n files carry fr and ar). */
export const MESSAGES = {
  invalidToken: 'Invalid token',
  tokenRefreshFailed: 'Token refresh failed',
  newTokenInvalid: 'New token is invalid or expired',
  noRefreshToken: 'No refresh token available',
  loginFailed: 'Login failed. Please try again.',
  invalidCredentials: 'Invalid identifier or password',
  brandingFetchFailed: 'Something went wrong while fetching merchant branding!',
  brandingUpdated: 'Merchant branding updated successfully!',
  brandingUpdateFailed: 'Something went wrong while updating merchant branding!',
  brandingCreated: 'Branding created successfully!',
  clientCreateFailed: 'Something went wrong while Creating Client!!',
  messageSent: 'Your message has been sent!',
  messageSendFailed: 'Failed to send message. Please try again.',
  ratingThanks: 'Thank you for your feedback!',
  ratingUpdated: 'Rating updated successfully!',
  ratingFailed: 'Failed to submit rating. Please try again.',
  servicesLoadFailed: 'Error loading services. Please try again.',
  brandingLoadFailed: 'Error loading branding data',
  paymentsLoadFailed: 'Error loading payments',
  visitCreated: 'Visit created successfully!',
  imageUploaded: 'Image uploaded successfully!',
  invalidThemeColors: 'Invalid theme color JSON',
  notFound: 'Not found',
  forbidden: 'You do not have permission to do this',
  unauthorized: 'Authentication required',
  internal: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  versionConflict: 'This record was changed by someone else. Reload it and apply your change again.',
} as const;
export type MessageKey = keyof typeof MESSAGES;

/**
 * The API's answers to requests past its bounds (LIMITS), which the web app never sends (its httpBatchLink
 * keeps to LIMITS.trpcBatchMax, its inputs are shallow); catalogued as requestLimits.* (message-catalogue.ts).
 */
export const REQUEST_LIMIT_MESSAGES = {
  jsonTooDeep: `The request's JSON is nested too deeply (at most ${LIMITS.jsonDepthMax} levels).`,
  trpcBatchTooLarge: `Too many calls in one request (at most ${LIMITS.trpcBatchMax}).`,
} as const;
