import { api, teamApiPath } from './api-client';
import { followJob, JobError, type JobHandler } from './job-follower';
import { logger } from './logger';
import type { Subscribe } from './realtime-client';

const POLL_MS = 2_000;

export interface JobView {
  status: string;
  result: unknown;
  error: string | null;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/** A follower that subscribes after the job already finished misses its message; ask instead. */
async function pollJob(
  readJob: () => Promise<JobView>,
  signal: AbortSignal,
  failedMessage: string,
): Promise<unknown> {
  while (!signal.aborted) {
    await sleep(POLL_MS, signal);
    if (signal.aborted) break;
    const job = await readJob();
    if (job.status === 'succeeded') return job.result;
    if (job.status === 'failed') throw new Error(job.error ?? failedMessage);
  }
  return new Promise(() => undefined);
}

const isTimeout = (error: unknown) => error instanceof Error && error.message === 'Timeout';

function timeoutAfter(ms: number, signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const timer = setTimeout(() => reject(new Error('Timeout')), Math.max(0, ms));
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });
}

/**
 * The result of job `jobId`: followed on job-{jobId} (progress goes to `onProgress`), and
 * polled meanwhile in case the job finished before the subscription started. When real-time
 * updates fail (the server's Redis is down, the socket is lost), that is not the job failing:
 * the poll goes on until the job ends or the time limit passes.
 */
export async function awaitJob(options: {
  team: string;
  jobId: string;
  timeoutMs: number;
  onProgress?: JobHandler;
  /** When a failed job left no reason. */
  failedMessage?: string;
  /** Seams for tests: the channel transport and the job read. */
  subscribe?: Subscribe;
  readJob?: () => Promise<JobView>;
}): Promise<unknown> {
  const { jobId, timeoutMs } = options;
  const readJob =
    options.readJob ??
    (() => api.get<JobView>(teamApiPath(options.team, '/jobs/by-id', { id: jobId })));
  const stop = new AbortController();
  const started = Date.now();
  const following = followJob({
    jobId,
    handlers: { progress: options.onProgress ?? (() => undefined), result: () => 'done' },
    timeoutMs,
    signal: stop.signal,
    ...(options.subscribe ? { subscribe: options.subscribe } : {}),
  }).catch((error: unknown) => {
    if (error instanceof JobError || isTimeout(error) || stop.signal.aborted) throw error;
    logger.warn('job', `Real-time updates for job ${jobId} failed; polling instead`, {
      jobId,
      reason: error instanceof Error ? error.message : String(error),
    });
    return timeoutAfter(timeoutMs - (Date.now() - started), stop.signal);
  });
  try {
    return await Promise.race([
      following,
      pollJob(readJob, stop.signal, options.failedMessage ?? 'The job failed'),
    ]);
  } finally {
    stop.abort();
  }
}
