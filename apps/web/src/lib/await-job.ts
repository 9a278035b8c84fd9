import { api, teamApiPath } from './api-client';
import { followJob, type JobHandler } from './job-follower';

const POLL_MS = 2_000;

interface JobView {
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
  team: string,
  jobId: string,
  signal: AbortSignal,
  failedMessage: string,
): Promise<unknown> {
  while (!signal.aborted) {
    await sleep(POLL_MS, signal);
    if (signal.aborted) break;
    const job = await api.get<JobView>(teamApiPath(team, '/jobs/by-id', { id: jobId }));
    if (job.status === 'succeeded') return job.result;
    if (job.status === 'failed') throw new Error(job.error ?? failedMessage);
  }
  return new Promise(() => undefined);
}

/**
 * The result of job `jobId`: followed on job-{jobId} (progress goes to `onProgress`), and
 * polled meanwhile in case the job finished before the subscription started.
 */
export async function awaitJob(options: {
  team: string;
  jobId: string;
  timeoutMs: number;
  onProgress?: JobHandler;
  /** When a failed job left no reason. */
  failedMessage?: string;
}): Promise<unknown> {
  const stop = new AbortController();
  try {
    return await Promise.race([
      followJob({
        jobId: options.jobId,
        handlers: { progress: options.onProgress ?? (() => undefined), result: () => 'done' },
        timeoutMs: options.timeoutMs,
        signal: stop.signal,
      }),
      pollJob(options.team, options.jobId, stop.signal, options.failedMessage ?? 'The job failed'),
    ]);
  } finally {
    stop.abort();
  }
}
