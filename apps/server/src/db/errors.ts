/** PostgreSQL's unique_violation, as reported by both pg and PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

/** Socket failures a client sees while the database server restarts or cannot be reached. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

/**
 * True for failures that mean "the database is not there right now" rather than "this request
 * is wrong": a refused or cut connection, PostgreSQL shutting down or starting up (class 57P),
 * a connection exception (class 08), or the pool giving up waiting for a connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code) || code.startsWith('57P') || code.startsWith('08')) return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return (
    typeof message === 'string' &&
    (message.startsWith('Connection terminated') ||
      // A later statement on a connection the server has already cut.
      message.endsWith('is not queryable') ||
      message.includes('timeout exceeded when trying to connect'))
  );
}
