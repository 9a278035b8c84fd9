import type { Db } from '../db/database';
import { findJobOfMember, findTeamJob } from '../modules/jobs/repo';
import type { ConnectionIdentity } from './authenticate-connection';

export const INVALID_CHANNEL = 'Invalid channel name';
/** One answer for unknown and foreign jobs, so a refusal does not reveal that a job exists. */
export const CHANNEL_NOT_FOUND = 'Channel not found';

/**
 * The only channels a client may follow: `job-{uuid}`, lower-case as crypto.randomUUID and
 * gen_random_uuid write them. Nothing else is published to clients yet, and a closed pattern
 * keeps arbitrary strings (other key spaces, huge names) away from Redis.
 */
const JOB_CHANNEL = /^job-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function jobChannel(jobId: string): string {
  return `job-${jobId}`;
}

/**
 * Why this identity may not follow this channel, or null when it may. A job's channel is open
 * to members of the job's team and to that team's API keys; jobs exist before their id is
 * handed out, so an unknown id is refused too.
 */
export async function subscriptionRefusal(
  db: Db,
  identity: ConnectionIdentity,
  name: string,
): Promise<string | null> {
  const jobId = JOB_CHANNEL.exec(name)?.[1];
  if (!jobId) return INVALID_CHANNEL;
  const job =
    identity.kind === 'team'
      ? await findTeamJob(db, identity.teamId, jobId)
      : await findJobOfMember(db, { jobId, userId: identity.id });
  return job ? null : CHANNEL_NOT_FOUND;
}
