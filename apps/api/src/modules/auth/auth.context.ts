// What the auth services need from a request, built the same way for REST and tRPC.
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { createCodeDelivery } from '../../lib/delivery.ts';
import type { AuthContext } from './auth.service.ts';
import type { CodeContext } from './otp.service.ts';

/** Callers without a request (tRPC createCaller in scripts) share one bucket. */
const NO_REQUEST_IP = 'local';

const consoleLog = {
  warn: (_: object, message: string) => console.warn(message),
  error: (details: object, message: string) => console.error(message, details),
};

export function authContext(deps: AppDeps, request: FastifyRequest | undefined): AuthContext {
  return {
    db: deps.db,
    jwtSecret: deps.jwtSecret,
    client: { ip: request?.ip ?? NO_REQUEST_IP, userAgent: request?.headers['user-agent'] },
  };
}

/** Where message delivery reports its problems: the request's logger, else the console. */
export const deliveryLog = (request: FastifyRequest | undefined) => request?.log ?? consoleLog;

export function codeContext(deps: AppDeps, request: FastifyRequest | undefined): CodeContext {
  return { ...authContext(deps, request), deliver: createCodeDelivery(deps, deliveryLog(request)) };
}
