import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { pruneBefore, startPruner, type DeleteBatch } from '../../db/retention';
import { dangerousDeleteClientLogsBefore } from './repo';

export { retentionCutoff } from '../../db/retention';

/** What the client-log pruner deletes, and how long records are kept (db/retention.ts). */
export const clientLogPruning = (db: Db, retentionDays: number) => ({
  what: 'client logs',
  deleteBatch: ((batch) => dangerousDeleteClientLogsBefore(db, batch)) satisfies DeleteBatch,
  retentionDays,
});

/** Deletes every record received before `before`; answers how many. */
export function pruneClientLogs(
  { db }: { db: Db },
  options: { before: Date; stopped?: () => boolean },
): Promise<number> {
  return pruneBefore((batch) => dangerousDeleteClientLogsBefore(db, batch), options);
}

/** Deletes records older than the retention every hour (db/retention.ts). */
export function startClientLogPruner({
  db,
  log,
  retentionDays,
}: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
  retentionDays: number;
}) {
  return startPruner({ ...clientLogPruning(db, retentionDays), log });
}
