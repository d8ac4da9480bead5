// One error handler for every REST route. 4xx bodies say what is wrong (and, for validation, which field);
// 5xx bodies never carry internals: the details go to the log only.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '@garage/db';
import { renderCode, type ApiErrorBody, type CatalogueCode, type MessageCode, type MessageParams } from '@garage/shared';
import { AppError } from '../lib/errors.ts';
import { validationError } from '../lib/zod-errors.ts';

/** Retry-After of a 503 while the database cannot be reached (a PostgreSQL restart takes a few seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Fastify's own client errors (and its plugins'), by code or else by status; any other is `transport.badRequest`. */
const FASTIFY_ERROR_CODES: Record<string, CatalogueCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'transport.badJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'transport.badJson',
};
const FASTIFY_ERROR_STATUSES: Record<number, CatalogueCode> = { 413: 'transport.payloadTooLarge', 429: 'transport.rateLimited' };

function bodyOf(status: number, code: string, messageCode: MessageCode, params: MessageParams = {}): ApiErrorBody {
  return { statusCode: status, code, message: renderCode(messageCode, params), messageCode, params };
}

function appErrorBody(error: AppError): ApiErrorBody {
  const body = bodyOf(error.status, error.code, error.messageCode, error.params);
  if (error.fieldErrorCodes) Object.assign(body, { fieldErrors: error.fieldErrors, fieldErrorCodes: error.fieldErrorCodes });
  if (error.retryAfterSeconds) body.retryAfterSeconds = error.retryAfterSeconds;
  return body;
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.status(error.status).send(appErrorBody(error));
      }
      if (error instanceof ZodError) {
        // An operation's input, validated whole by operations/to-rest.ts.
        return reply.status(400).send(appErrorBody(validationError(error.issues)));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({ message: v.message ?? '', path: v.instancePath.split('/').filter(Boolean) }));
        return reply.status(400).send(appErrorBody(validationError(issues)));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, payload too large, rate limit, ...): a catalogue code, not their English.
        const messageCode = FASTIFY_ERROR_CODES[error.code ?? ''] ?? FASTIFY_ERROR_STATUSES[status] ?? 'transport.badRequest';
        return reply.status(status).send(bodyOf(status, error.code ?? 'BAD_REQUEST', messageCode));
      }
      if (isDatabaseUnavailable(error)) {
        // PostgreSQL restarting or unreachable: a clear 503 the client may retry, not a 500 (no stack: one
        // line per request is enough while it lasts).
        request.log.warn({ reason: error.message }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply
          .status(503)
          .send({ ...bodyOf(503, 'UNAVAILABLE', 'databaseUnavailable'), retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(bodyOf(500, 'INTERNAL', 'internal'));
    });
  },
  { name: 'error-handler' },
);
