import { z } from 'zod';
import { PGLITE_MEMORY_DEFAULTS } from './db/pglite-memory';

/** Megabytes of one PGlite memory setting, within what PostgreSQL accepts and a server can give. */
const megabytes = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * Where the data lives and what the embedded database may hold in memory: part of the one
 * config schema (config.ts), kept apart so that file stays readable.
 */
export const databaseConfigShape = {
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.url().optional(),
  ),
  /**
   * PGlite (no DATABASE_URL) only: its page cache. The default fits a 1 GB server; on a larger
   * one a bigger cache keeps more of a large installation's rollups in memory.
   */
  PGLITE_SHARED_BUFFERS_MB: megabytes(PGLITE_MEMORY_DEFAULTS.sharedBuffersMb, 4096),
  /** PGlite only: memory one sort or hash of a query may use before it spills to disk. */
  PGLITE_WORK_MEM_MB: megabytes(PGLITE_MEMORY_DEFAULTS.workMemMb, 1024),
  /** PGlite only: memory of index builds and vacuum (migrations). */
  PGLITE_MAINTENANCE_WORK_MEM_MB: megabytes(PGLITE_MEMORY_DEFAULTS.maintenanceWorkMemMb, 2048),
  /**
   * Rollup rows of final hours (over a day old) each process keeps for the stats query,
   * about 200 bytes each; 0 reads every interval from the database each time.
   */
  STATS_CACHE_ROWS: z.coerce.number().int().min(0).max(10_000_000).default(200_000),
};
