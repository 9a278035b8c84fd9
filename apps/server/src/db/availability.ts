import type { Db } from './database';
import { postgresPoolOf } from './database';
import { isDatabaseUnavailable } from './errors';

interface AvailabilityLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

export interface DatabaseAvailability {
  /**
   * True when `error` means the database cannot be reached right now (the caller answers 503).
   * The first such error of an outage is logged once, not once per failing request.
   */
  isOutage(error: unknown): boolean;
}

export const DATABASE_UNAVAILABLE =
  'The database is unavailable for a moment. Please try again shortly.';

/**
 * Watches the PostgreSQL pool through a restart: one warning when connections start failing, one
 * line when a new connection succeeds again. The pool reconnects by itself (each query opens a
 * fresh connection once the broken ones are dropped); on PGlite nothing can go away.
 */
export function watchDatabaseAvailability(db: Db, log: AvailabilityLog): DatabaseAvailability {
  const pool = postgresPoolOf(db);
  let down = false;
  const markDown = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'database unavailable: the API answers 503 until it is back');
  };
  pool?.on('error', markDown);
  pool?.on('connect', () => {
    if (!down) return;
    down = false;
    log.info('database reachable again');
  });
  return {
    isOutage(error) {
      if (!pool || !isDatabaseUnavailable(error)) return false;
      markDown(error);
      return true;
    },
  };
}
