import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { dangerousFoldRollupShards } from './repo';
import {
  dangerousFoldClassRollupShards,
  DIMENSION_TABLE,
  SEGMENT_TABLE,
} from './segment-rollups-repo';
import { dangerousFoldSegmentShards } from './segments-repo';

// Batches add to one of ROLLUP_SHARDS rows per key so that they rarely wait on each other; once
// an hour is past, nothing contends for it and the shards only make results read more rows
// (8 per key and hour: a 90-day answer read 825k rows instead of 107k, 1 s on PostgreSQL). So
// the hours that ended an hour ago are folded into shard 0; events up to a day late still land
// in a shard of their hour, and the next round folds them too.

const HOUR_MS = 3_600_000;
/** Hours starting before now minus this are folded. */
export const FOLD_AFTER_MS = 2 * HOUR_MS;
const FOLD_EVERY_MS = 10 * 60_000;
/** Rows per statement: short transactions, whatever the backlog. */
const FOLD_BATCH = 20_000;

type FoldLimits = { before: Date; limit: number };

/** Folds every shard of the hours starting before `before`; answers the rows folded. */
export async function foldRollupShards(
  db: Db,
  { before, stopped = () => false }: { before: Date; stopped?: () => boolean },
): Promise<number> {
  let folded = 0;
  for (const fold of [
    dangerousFoldRollupShards,
    dangerousFoldSegmentShards,
    (db: Db, limits: FoldLimits) => dangerousFoldClassRollupShards(db, SEGMENT_TABLE, limits),
    (db: Db, limits: FoldLimits) => dangerousFoldClassRollupShards(db, DIMENSION_TABLE, limits),
  ]) {
    for (;;) {
      const rows = await fold(db, { before, limit: FOLD_BATCH });
      folded += rows;
      if (rows < FOLD_BATCH) break;
      if (stopped()) return folded;
    }
  }
  return folded;
}

/** Folds past hours every ten minutes, the first time ten minutes after the start. */
export function startRollupFolder({ db, log }: { db: Db; log: Pick<FastifyBaseLogger, 'warn'> }) {
  let stopped = false;
  let round: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (round) return;
    round = foldRollupShards(db, {
      before: new Date(Date.now() - FOLD_AFTER_MS),
      stopped: () => stopped,
    })
      .catch((error: unknown) => log.warn({ err: error }, 'could not fold rollup shards'))
      .finally(() => (round = undefined));
  }, FOLD_EVERY_MS);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
