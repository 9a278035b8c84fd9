import { randomUUID } from 'node:crypto';
import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import type { Redis } from 'ioredis';
import WebSocket from 'ws';
import type { BuiltApp } from '../src/app';
import type { AppInstance } from '../src/http/types';
import { enqueueJob } from '../src/modules/jobs/enqueue-job';
import { createTeam, type Account } from './test-app';

export const SUBSCRIBE = 'subscription ($name: String!) { subscribe(name: $name) { name data } }';

export const jobName = () => `job-${randomUUID()}`;

/** Listens on a random loopback port; returns the ws:// URL of the real-time endpoint. */
export async function listenForRealtime(app: AppInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace(/^http/, 'ws')}/api/realtime`;
}

/** A graphql-ws client as the browser uses it, minus retries so a refusal surfaces at once. */
export function connect(url: string, token?: string | Record<string, unknown>): Client {
  const connectionParams =
    typeof token === 'string' ? { authorization: `Bearer ${token}` } : (token ?? {});
  return createClient({ url, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0 });
}

type Result = FormattedExecutionResult<{ subscribe: { name: string; data: string } }, unknown>;

export interface Follower {
  name: string;
  results: Result[];
  /** The `{name, data}` messages received so far. */
  messages: () => { name: string; data: string }[];
  /** Settles when the server ends the subscription: with the error (a close event or GraphQL errors). */
  ended: Promise<{ error?: unknown }>;
  stop: () => void;
}

export function follow(client: Client, name: string): Follower {
  const results: Result[] = [];
  let stop = () => {};
  const ended = new Promise<{ error?: unknown }>((resolve) => {
    stop = client.subscribe<{ subscribe: { name: string; data: string } }>(
      { query: SUBSCRIBE, variables: { name } },
      {
        next: (result) => results.push(result),
        error: (error) => resolve({ error }),
        complete: () => resolve({}),
      },
    );
  });
  const messages = () => results.flatMap((result) => (result.data ? [result.data.subscribe] : []));
  return { name, results, messages, ended, stop };
}

export function closeCodeOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? Number(error.code)
    : undefined;
}

/** How many Redis connections (server processes) subscribe to `channel`. */
export async function redisSubscriberCount(redis: Redis, channel: string): Promise<number> {
  const reply = (await redis.pubsub('NUMSUB', channel)) as [string, number];
  return Number(reply[1]);
}

/**
 * A maker of real job channels in a new team of `account`: only members of a job's team (and
 * its API keys) may follow the job, and unknown job ids are refused.
 */
export async function teamJobChannels(
  built: Pick<BuiltApp, 'app' | 'services'>,
  account: Account,
): Promise<{ teamId: number; slug: string; newJob: () => Promise<string> }> {
  const { db } = built.services;
  const slug = await createTeam(built.app, account, 'Realtime Team');
  const team = await db
    .selectFrom('teams')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  const newJob = async () =>
    `job-${(await enqueueJob({ db }, { teamId: team.id, type: 'realtime-test', payload: {} })).id}`;
  return { teamId: team.id, slug, newJob };
}
