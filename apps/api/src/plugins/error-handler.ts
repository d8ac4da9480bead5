// One error handler for every REST route. 4xx bodies say what is wrong (and, for validation, which field);
// 5xx bodies never carry internals: the details go to the log only.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '@garage/db';
import { MESSAGES } from '@garage/shared';
import { AppError } from '../lib/errors.ts';
import { firstMessage, toFieldErrors } from '../lib/zod-errors.ts';

/** Retry-After of a 503 while the database cannot be reached (a PostgreSQL restart takes a few seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.details.retryAfterSeconds) reply.header('retry-after', String(error.details.retryAfterSeconds));
        return reply.status(error.status).send({
          statusCode: error.status,
          code: error.code,
          message: error.message,
          ...error.details,
        } satisfies ErrorBody);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fieldErrors = toFieldErrors(
          error.validation.map((v) => ({ message: v.message ?? 'Invalid input', path: v.instancePath.split('/').filter(Boolean) })),
        );
        return reply.status(400).send({ statusCode: 400, code: 'VALIDATION', message: firstMessage(fieldErrors), fieldErrors } satisfies ErrorBody);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, payload too large, rate limit, ...): their text is safe.
        return reply.status(status).send({ statusCode: status, code: error.code ?? 'BAD_REQUEST', message: error.message } satisfies ErrorBody);
      }
      if (isDatabaseUnavailable(error)) {
        // PostgreSQL restarting or unreachable: a clear 503 the client may retry, not a 500 (no stack: one
        // line per request is enough while it lasts).
        request.log.warn({ reason: error.message }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ statusCode: 503, code: 'UNAVAILABLE', message: MESSAGES.databaseUnavailable, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ statusCode: 500, code: 'INTERNAL', message: MESSAGES.internal } satisfies ErrorBody);
    });
  },
  { name: 'error-handler' },
);
