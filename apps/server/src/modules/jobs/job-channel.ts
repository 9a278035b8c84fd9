import type { Db } from '../../db/database';
import type { ChannelPolicy } from '../../realtime/channel-policies';
import { findJobOfMember, findTeamJob } from './repo';

/** `job-{uuid}`, lower-case as crypto.randomUUID writes them. */
const JOB_CHANNEL = /^job-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function jobChannel(jobId: string): string {
  return `job-${jobId}`;
}

/**
 * A job's channel is open to members of the job's team and to that team's API keys; jobs exist
 * before their id is handed out, so an unknown id is refused too.
 */
export function jobChannelPolicy({ db }: { db: Db }): ChannelPolicy {
  return {
    pattern: JOB_CHANNEL,
    async mayFollow(identity, [, jobId = '']) {
      const job =
        identity.kind === 'team'
          ? await findTeamJob(db, identity.teamId, jobId)
          : await findJobOfMember(db, { jobId, userId: identity.id });
      return job !== undefined;
    },
  };
}
