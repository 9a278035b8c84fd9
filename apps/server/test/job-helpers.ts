import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/database';
import type { BusMessage, PubSubBus } from '../src/realtime/bus';
import { jobChannel } from '../src/modules/jobs/job-channel';
import type { JobMessage } from '../src/modules/jobs/job-types';

export const quietLog = { info() {}, warn() {}, error() {} };

export async function insertTestTeam(db: Db): Promise<number> {
  const slug = `jobs-${randomUUID().slice(0, 8)}`;
  const team = await db
    .insertInto('teams')
    .values({ slug, name: slug, subscription: 'null', featureFlags: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return team.id;
}

/** Resolves with the first `result` or `error` message published on the job's channel. */
export async function followJob(bus: PubSubBus, jobId: string) {
  const seen: JobMessage[] = [];
  let settle: (message: JobMessage) => void = () => {};
  const outcome = new Promise<JobMessage>((resolve) => (settle = resolve));
  const unsubscribe = await bus.subscribe(jobChannel(jobId), (message: BusMessage) => {
    const parsed = JSON.parse(message.data) as JobMessage;
    seen.push(parsed);
    if (parsed.type !== 'progress') settle(parsed);
  });
  return {
    seen,
    outcome: outcome.finally(() => unsubscribe()),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waitFor timed out');
    await sleep(20);
  }
}
