// Services throw AppError; the error handler (REST) and the tRPC error formatter map it to a status once.
import { renderCode, type CodedMessage, type MessageCode, type MessageParams, type NotFoundResource } from '@garage/shared';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Existed but is no longer usable (an expired or used approval link). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** English texts per field (SPEC §8 `fieldErrors`), rendered from FieldErrorCodes. */
export type FieldErrors = Record<string, string[]>;
/** The same messages as codes, per dotted field path. */
export type FieldErrorCodes = Record<string, CodedMessage[]>;

export interface AppErrorOptions {
  params?: MessageParams;
  /** The field the message belongs to: it is also that field's error. */
  field?: string;
  fieldErrors?: FieldErrorCodes;
  retryAfterSeconds?: number;
}

/** A refusal as a message code; its English `message` is rendered from the catalogue (packages/shared). */
export class AppError extends Error {
  readonly messageCode: MessageCode;
  readonly params: MessageParams;
  readonly fieldErrorCodes?: FieldErrorCodes;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    messageCode: MessageCode,
    { params = {}, field, fieldErrors, retryAfterSeconds }: AppErrorOptions = {},
  ) {
    super(renderCode(messageCode, params));
    this.name = 'AppError';
    this.messageCode = messageCode;
    this.params = params;
    this.fieldErrorCodes = field ? { [field]: [{ code: messageCode, params }], ...fieldErrors } : fieldErrors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  /** English texts of fieldErrorCodes. */
  get fieldErrors(): FieldErrors | undefined {
    return this.fieldErrorCodes && renderFieldErrors(this.fieldErrorCodes);
  }
}

function renderFieldErrors(fieldErrorCodes: FieldErrorCodes): FieldErrors {
  // fromEntries, not assignment: a field named "__proto__" must stay a key like any other.
  return Object.fromEntries(
    Object.entries(fieldErrorCodes).map(([field, messages]) => [
      field,
      messages.map((message) => renderCode(message.code, message.params)),
    ]),
  );
}

export const notFound = (resource: NotFoundResource = 'resource') => new AppError('NOT_FOUND', `missing.${resource}`);
export const forbidden = () => new AppError('FORBIDDEN', 'forbidden');
export const unauthorized = (messageCode: MessageCode = 'unauthorized') => new AppError('UNAUTHORIZED', messageCode);
export const conflict = (messageCode: MessageCode, options?: AppErrorOptions) => new AppError('CONFLICT', messageCode, options);
export const fieldError = (field: string, messageCode: MessageCode, params?: MessageParams) =>
  new AppError('VALIDATION', messageCode, { params, field });
