import type { Db } from '../../db/database';
import { insertJob } from './repo';

export interface EnqueueJobInput {
  teamId: number;
  type: string;
  payload: object;
  /** Runs allowed in all, the first included; 3 unless the job type knows better. */
  maxAttempts?: number;
}

/** Queues a job for any worker sharing the database; resolves with its lower-case UUID. */
export async function enqueueJob(
  { db }: { db: Db },
  input: EnqueueJobInput,
): Promise<{ id: string }> {
  return { id: await insertJob(db, input) };
}
