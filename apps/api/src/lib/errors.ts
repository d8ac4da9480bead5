// Services throw AppError; the error handler (REST) and the tRPC error formatter map it to a status once.
import { MESSAGES } from '@garage/shared';

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

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { fieldErrors?: FieldErrors; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = () => new AppError('FORBIDDEN', MESSAGES.forbidden);
export const unauthorized = (message: string = MESSAGES.unauthorized) => new AppError('UNAUTHORIZED', message);
export const conflict = (message: string, fieldErrors?: FieldErrors) => new AppError('CONFLICT', message, { fieldErrors });
export const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION', message, { fieldErrors: { [field]: [message] } });
