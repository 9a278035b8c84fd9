import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { JobsTable } from '../../db/schema';

export type JobRow = Selectable<JobsTable>;

const json = (value: unknown) => JSON.stringify(value ?? null);

export async function insertJob(
  db: Db,
  job: { teamId: number; type: string; payload: object; maxAttempts?: number },
): Promise<string> {
  // Generated here, not by gen_random_uuid(), so the id is known before the row is visible.
  const id = randomUUID();
  await db
    .insertInto('jobs')
    .values({
      id,
      teamId: job.teamId,
      type: job.type,
      payload: json(job.payload),
      ...(job.maxAttempts === undefined ? {} : { maxAttempts: job.maxAttempts }),
    })
    .execute();
  return id;
}

export async function findTeamJob(db: Db, teamId: number, id: string): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
}

const staleCutoff = (staleAfterMs: number) =>
  sql<Date>`now() - ${staleAfterMs}::int * interval '1 millisecond'`;

/**
 * Claims up to `limit` due jobs of the given types for this worker. SKIP LOCKED lets several
 * processes claim at once without waiting on, or taking, each other's rows. A running job
 * whose lock is older than `staleAfterMs` lost its worker (crash, kill -9) and is claimed again.
 */
export async function claimJobs(
  db: Db,
  { types, limit, staleAfterMs }: { types: string[]; limit: number; staleAfterMs: number },
): Promise<JobRow[]> {
  if (types.length === 0 || limit <= 0) return [];
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('jobs')
      .select('id')
      .where('type', 'in', types)
      .where('attempts', '<', (eb) => eb.ref('maxAttempts'))
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('runAt', '<=', sql<Date>`now()`)]),
          eb.and([eb('status', '=', 'running'), eb('lockedAt', '<', staleCutoff(staleAfterMs))]),
        ]),
      )
      .orderBy('runAt')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return tx
      .updateTable('jobs')
      .set({
        status: 'running',
        lockedAt: sql<Date>`now()`,
        attempts: sql<number>`attempts + 1`,
        updatedAt: sql<Date>`now()`,
      })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .returningAll()
      .execute();
  });
}

/** Stale running jobs with no attempt left are failed instead of being claimed forever. */
export async function failExhaustedStaleJobs(
  db: Db,
  { staleAfterMs, error }: { staleAfterMs: number; error: string },
): Promise<JobRow[]> {
  return db
    .updateTable('jobs')
    .set({ status: 'failed', error, lockedAt: null, updatedAt: sql<Date>`now()` })
    .where('status', '=', 'running')
    .where('lockedAt', '<', staleCutoff(staleAfterMs))
    .where('attempts', '>=', (eb) => eb.ref('maxAttempts'))
    .returningAll()
    .execute();
}

type ClaimToken = Pick<JobRow, 'id' | 'attempts'>;

/**
 * The attempt number is the claim token: a worker whose lock went stale and was reclaimed
 * finds its row moved on and writes nothing. Each write returns whether this worker still
 * owned the job.
 */
const updateOwned = (db: Db, job: ClaimToken) =>
  db
    .updateTable('jobs')
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('attempts', '=', job.attempts);

export async function completeJob(db: Db, job: ClaimToken, result: object): Promise<boolean> {
  const updated = await updateOwned(db, job)
    .set({ status: 'succeeded', result: json(result), lockedAt: null, updatedAt: sql`now()` })
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function failJob(db: Db, job: ClaimToken, error: string): Promise<boolean> {
  const updated = await updateOwned(db, job)
    .set({ status: 'failed', error, lockedAt: null, updatedAt: sql`now()` })
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Back to the queue, due after `delayMs`; the error stays visible until the next outcome. */
export async function retryJob(
  db: Db,
  { job, error, delayMs }: { job: ClaimToken; error: string; delayMs: number },
): Promise<boolean> {
  const updated = await updateOwned(db, job)
    .set({
      status: 'queued',
      error,
      lockedAt: null,
      runAt: sql<Date>`now() + ${Math.round(delayMs)}::int * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** The job, when `userId` is a member of its team; the team is whatever the job belongs to. */
export function findJobOfMember(
  db: Db,
  { jobId, userId }: { jobId: string; userId: number },
): Promise<{ id: string; teamId: number } | undefined> {
  return db
    .selectFrom('jobs')
    .innerJoin('teamMembers', 'teamMembers.teamId', 'jobs.teamId')
    .select(['jobs.id', 'jobs.teamId'])
    .where('jobs.id', '=', jobId)
    .where('teamMembers.userId', '=', userId)
    .executeTakeFirst();
}
