import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { JobStatus } from '../../db/schema';
import { findTeamJob } from './repo';

export interface JobView {
  id: string;
  type: string;
  status: JobStatus;
  result: Record<string, unknown> | null;
  error: string | null;
}

/** The outcome for a follower that subscribed too late to see the published message. */
export async function getJob(
  { db }: { db: Db },
  { teamId, id }: { teamId: number; id: string },
): Promise<JobView> {
  const job = await findTeamJob(db, teamId, id);
  if (!job) throw notFound('Job not found');
  // A retry keeps the last error for diagnosis; only a failed job reports one.
  const error = job.status === 'failed' ? job.error : null;
  return { id: job.id, type: job.type, status: job.status, result: job.result, error };
}
