import { z } from 'zod';
import type { AuthenticatedUser } from '../http/types';

export const INVALID_CHANNEL = 'Invalid channel name';

/**
 * The only channels a client may follow: `job-{uuid}`, lower-case as crypto.randomUUID and
 * gen_random_uuid write them. Nothing else is published to clients yet, and a closed pattern
 * keeps arbitrary strings (other key spaces, huge names) away from Redis.
 */
const JOB_CHANNEL = /^job-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const channelNameSchema = z.string().regex(JOB_CHANNEL, INVALID_CHANNEL);

export function jobChannel(jobId: string): string {
  return `job-${jobId}`;
}

/**
 * May this user follow this channel? Any signed-in user may follow any job channel: job ids
 * are random UUIDs handed only to whoever started the job, so the id is the capability.
 * When jobs carry a team id, this is where the team membership check belongs.
 */
export function canSubscribe(_user: AuthenticatedUser, name: string): boolean {
  return channelNameSchema.safeParse(name).success;
}
