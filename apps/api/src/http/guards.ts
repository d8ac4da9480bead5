// REST guards, the counterpart of the tRPC base procedures. Use as `preHandler: guards.staff`, then read
// `request.session` (non-null after any guard).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { hasAnyRole, type RoleRequirement } from '../session/roles.ts';
import { readAccessToken, verifyAccessToken, type Session } from '../session/session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export function createGuards(jwtSecret: string) {
  const authenticate = async (request: FastifyRequest, _reply: FastifyReply) => {
    request.session = verifyAccessToken(readAccessToken(request), jwtSecret);
    if (!request.session) throw new AppError('UNAUTHORIZED', 'unauthorized');
  };
  const role = (required: RoleRequirement) => async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    if (!hasAnyRole(request.session!.roles, required)) throw new AppError('FORBIDDEN', 'forbidden');
  };
  return { signedIn: authenticate, staff: role('staff'), admin: role('admin'), client: role('client') };
}
export type Guards = ReturnType<typeof createGuards>;

/** The session of a guarded request. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('UNAUTHORIZED', 'unauthorized');
  return request.session;
}
