import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { dangerousDeleteClientLogsBefore } from './repo';

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
/** Rows per statement: short transactions, whatever the backlog. */
const PRUNE_BATCH = 10_000;

/** Deletes every record received before `before`; answers how many. */
export async function pruneClientLogs(
  { db }: { db: Db },
  { before, stopped = () => false }: { before: Date; stopped?: () => boolean },
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await dangerousDeleteClientLogsBefore(db, { before, limit: PRUNE_BATCH });
    deleted += rows;
    if (rows < PRUNE_BATCH || stopped()) return deleted;
  }
}

/** The moment before which records are past their retention. */
export function retentionCutoff(retentionDays: number, now = Date.now()): Date {
  return new Date(now - retentionDays * DAY_MS);
}

/**
 * Deletes records older than the retention every hour, the first time at the start. Started
 * with the job worker (JOB_WORKER), stopped when the app closes.
 */
export function startClientLogPruner({
  db,
  log,
  retentionDays,
}: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
  retentionDays: number;
}) {
  let stopped = false;
  let round: Promise<unknown> | undefined;
  const prune = () => {
    if (round) return;
    round = pruneClientLogs(
      { db },
      { before: retentionCutoff(retentionDays), stopped: () => stopped },
    )
      .catch((error: unknown) => log.warn({ err: error }, 'could not prune client logs'))
      .finally(() => (round = undefined));
  };
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  prune();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
