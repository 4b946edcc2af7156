/**
 * Lost database connections (docs/architecture.md, "Lost connections"). PostgreSQL ends a
 * connection when it restarts or fails over, when an operator runs `pg_terminate_backend`, or
 * after `idle_session_timeout`; the network can drop it too. The pool then opens a new one for
 * the next query, so a request that met the loss answers 503 with Retry-After (try again in a
 * moment) instead of a 500, and an idle connection's loss is a log line, never the end of the
 * process.
 */

/** SQLSTATE classes and codes that mean the connection, not the statement, failed. */
const CONNECTION_EXCEPTION_CLASS = '08';
const SHUTDOWN_CODES: ReadonlySet<string> = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
]);
/** Node's socket errors when the server is gone or unreachable. */
const SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** node-postgres's own words for a connection that ended under a query or before one. */
const DRIVER_MESSAGES = [/^Connection terminated/, /connection error and is not queryable/, /^Client was closed and is not queryable/];

export function isConnectionLoss(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return true;
    if (SHUTDOWN_CODES.has(code) || SOCKET_CODES.has(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * A database statement or connection that failed because the connection was lost. Made only where
 * Docket talks to PostgreSQL (`pg-prepared-pool.ts`), so the same socket errors from elsewhere (a
 * mail server, a file store) are never answered as the database's.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly lost: unknown;
  constructor(lost: unknown) {
    super(`The database cannot be reached: ${(lost as { message?: unknown } | null)?.message ?? String(lost)}`);
    this.lost = lost;
  }
}

/** The error to throw on: a lost connection as DatabaseUnavailableError, any other as it was. */
export function asDatabaseError(error: unknown): unknown {
  return isConnectionLoss(error) ? new DatabaseUnavailableError(error) : error;
}

/** What the server says when an idle pooled connection was ended (the pool has already dropped it). */
export function idleConnectionLostLine(error: Error): string {
  return `A PostgreSQL connection was closed by the server (${error.message}); the next query opens a new one.`;
}
