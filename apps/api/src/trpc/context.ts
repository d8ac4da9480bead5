// The tRPC context: app dependencies plus the caller's session. createContextInner has no request so tests
// can build callers directly.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { readAccessToken, verifyAccessToken, type Session } from '../session/session.ts';

export interface ContextInner {
  deps: AppDeps;
  session: Session | null;
}

export function createContextInner(deps: AppDeps, session: Session | null = null): ContextInner {
  return { deps, session };
}

export interface HttpContext {
  req: FastifyRequest;
  res: FastifyReply;
}

export function createContext(deps: AppDeps, { req, res }: HttpContext): Context {
  return { ...createContextInner(deps, verifyAccessToken(readAccessToken(req), deps.jwtSecret)), req, res };
}

export type Context = ContextInner & Partial<HttpContext>;
