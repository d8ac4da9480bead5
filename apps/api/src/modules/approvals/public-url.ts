// Where links sent to customers point: PUBLIC_URL when set, else the origin the staff member's request came
// to (Fastify honours TRUST_PROXY for the protocol and host).
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../env.ts';

export function publicBaseUrl(config: Config, request?: FastifyRequest): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  if (request) return `${request.protocol}://${request.host}`;
  return `http://localhost:${config.PORT}`;
}
