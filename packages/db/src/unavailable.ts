// Recognises the failures that mean "the database cannot be reached right now" (stopped, restarting, network,
// pool exhausted), as opposed to a faulty query. The API answers those 503 + Retry-After instead of 500, so
// clients and load balancers retry, and a restart of PostgreSQL never looks like a bug in the app.
//
// They reach us in three shapes: node-postgres errors (socket codes, SQLSTATE, or plain messages such as
// "Connection terminated unexpectedly"), Prisma errors wrapping the driver adapter's classification
// (meta.driverAdapterError.cause.kind), and Prisma's own connection codes.

/** SQLSTATEs of a server shutting down, starting up, out of connections, or a broken connection (class 08). */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** @prisma/driver-adapter-utils error kinds. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Prisma: can't reach, timed out, server closed the connection, timed out waiting for a pooled connection. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Can't reach database server|Connection is closed|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Unable to start a transaction in the given time/i;

type ErrorLike = {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown; code?: unknown } } };
};

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const candidate = error as ErrorLike;
  const code = typeof candidate.code === 'string' ? candidate.code : undefined;
  if (code && (SQLSTATES.has(code) || SOCKET_CODES.has(code) || PRISMA_CODES.has(code))) return true;
  const adapter = candidate.meta?.driverAdapterError?.cause;
  if (adapter && (ADAPTER_KINDS.has(String(adapter.kind)) || SQLSTATES.has(String(adapter.originalCode ?? adapter.code)))) return true;
  if (typeof candidate.message === 'string' && MESSAGES.test(candidate.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(candidate.cause, depth + 1);
}
