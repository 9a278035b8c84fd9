import { sql, type Selectable } from 'kysely';
import type { ExperimentStopReason, ExperimentVariant } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { IdeaExperimentsTable } from '../../db/schema-business';

export type ExperimentRow = Selectable<IdeaExperimentsTable>;

export function insertExperiment(
  db: Db,
  row: { teamId: number; pageId: number; campaignId: number; variants: ExperimentVariant[] },
): Promise<ExperimentRow> {
  return db
    .insertInto('ideaExperiments')
    .values({ ...row, variants: JSON.stringify(row.variants) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The page's newest experiment, running or stopped. */
export function findLatestExperiment(
  db: Db,
  { teamId, pageId }: { teamId: number; pageId: number },
): Promise<ExperimentRow | undefined> {
  return db
    .selectFrom('ideaExperiments')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('pageId', '=', pageId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findRunningExperiment(
  db: Db,
  { teamId, pageId }: { teamId: number; pageId: number },
): Promise<ExperimentRow | undefined> {
  return db
    .selectFrom('ideaExperiments')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('pageId', '=', pageId)
    .where('status', '=', 'running')
    .executeTakeFirst();
}

/** Every team's running experiments: only the periodic stop check reads across teams. */
export function dangerouslyListRunningExperiments(db: Db): Promise<ExperimentRow[]> {
  return db
    .selectFrom('ideaExperiments')
    .selectAll()
    .where('status', '=', 'running')
    .orderBy('id')
    .execute();
}

/** Stops a running experiment; undefined when it had stopped already (the first stop wins). */
export function markStopped(
  db: Db,
  {
    teamId,
    id,
    reason,
    result,
  }: { teamId: number; id: number; reason: ExperimentStopReason; result: unknown },
): Promise<ExperimentRow | undefined> {
  return db
    .updateTable('ideaExperiments')
    .set({
      status: 'stopped',
      stopReason: reason,
      verdict: JSON.stringify(result),
      stoppedAt: sql<Date>`now()`,
    })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returningAll()
    .executeTakeFirst();
}
