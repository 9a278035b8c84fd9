import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { PubSubBus } from '../../realtime/bus';
import { jobChannel } from './job-channel';
import {
  GENERIC_JOB_ERROR,
  PermanentJobError,
  STALE_JOB_ERROR,
  type JobHandler,
  type JobMessage,
} from './job-types';
import {
  claimJobs,
  completeJob,
  failExhaustedStaleJobs,
  failJob,
  retryJob,
  type JobRow,
} from './repo';

export interface JobWorkerOptions {
  db: Db;
  bus: PubSubBus;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  handlers: Record<string, JobHandler>;
  pollMs: number;
  concurrency: number;
  /** A running job whose lock is older than this lost its worker and is run again. */
  staleAfterMs?: number;
  /** Back-off after attempt n is 2^n of these: 2 s, 4 s, 8 s... with the default. */
  backoffUnitMs?: number;
  /** A job type's own back-off after attempt n (webhooks wait minutes, then hours). */
  retryDelays?: Record<string, (attempt: number) => number>;
}

export interface JobWorker {
  start(): void;
  /** Looks for due jobs now instead of at the next poll, e.g. right after enqueueing. */
  wake(): void;
  /** Stops claiming and waits for the jobs in flight to finish. */
  stop(): Promise<void>;
}

const FIVE_MINUTES = 5 * 60 * 1000;

/** The worker's timing and concurrency settings, as configured (JOB_POLL_MS, ...). */
export const jobWorkerSettings = (
  config: Pick<Config, 'JOB_POLL_MS' | 'JOB_CONCURRENCY' | 'JOB_STALE_MS'>,
) => ({
  pollMs: config.JOB_POLL_MS,
  concurrency: config.JOB_CONCURRENCY,
  staleAfterMs: config.JOB_STALE_MS,
});

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, bus, log, handlers, pollMs, concurrency } = options;
  const staleAfterMs = options.staleAfterMs ?? FIVE_MINUTES;
  const backoffUnitMs = options.backoffUnitMs ?? 1000;
  const types = Object.keys(handlers);
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let polling = false;
  let pollAgain = false;

  const publish = async (id: string, message: JobMessage) => {
    try {
      await bus.publish(jobChannel(id), message);
    } catch (error) {
      // The outcome is in the table; a follower that missed it reads /jobs/by-id.
      log.warn({ err: error, jobId: id }, 'could not publish a job message');
    }
  };

  async function settleFailure(job: JobRow, error: unknown) {
    const permanent = error instanceof PermanentJobError;
    const message = permanent ? error.message : GENERIC_JOB_ERROR;
    const retry = !permanent && job.attempts < job.maxAttempts;
    log.error(
      { err: error, jobId: job.id, type: job.type, attempt: job.attempts, retry },
      'job failed',
    );
    if (retry) {
      const delayMs =
        options.retryDelays?.[job.type]?.(job.attempts) ?? 2 ** job.attempts * backoffUnitMs;
      await retryJob(db, { job, error: message, delayMs });
    } else if (await failJob(db, job, message)) {
      await publish(job.id, { type: 'error', data: { message } });
    }
  }

  async function run(job: JobRow) {
    const handler = handlers[job.type];
    try {
      if (!handler) throw new PermanentJobError(`No handler for job type ${job.type}`);
      const result = await handler({
        id: job.id,
        teamId: job.teamId,
        type: job.type,
        payload: job.payload,
        attempt: job.attempts,
        progress: (data) => publish(job.id, { type: 'progress', data }),
      });
      if (await completeJob(db, job, result)) {
        await publish(job.id, { type: 'result', data: result });
      }
    } catch (error) {
      await settleFailure(job, error);
    }
  }

  function track(job: JobRow) {
    const running = run(job)
      .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        inFlight.delete(running);
        wake();
      });
    inFlight.add(running);
  }

  async function claimDue() {
    for (const job of await failExhaustedStaleJobs(db, { staleAfterMs, error: STALE_JOB_ERROR })) {
      await publish(job.id, { type: 'error', data: { message: STALE_JOB_ERROR } });
    }
    do {
      pollAgain = false;
      const free = concurrency - inFlight.size;
      if (free <= 0 || stopped) return;
      const jobs = await claimJobs(db, { types, limit: free, staleAfterMs });
      for (const job of jobs) track(job);
      if (jobs.length === free) pollAgain = true;
    } while (pollAgain);
  }

  function wake() {
    if (stopped) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = true;
    claimDue()
      .catch((error: unknown) => log.error({ err: error }, 'job poll failed'))
      .finally(() => {
        polling = false;
        // A wake that arrived after the last claim round is not lost.
        if (pollAgain) wake();
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(wake, pollMs);
      wake();
    },
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (polling || inFlight.size > 0) {
        await Promise.allSettled([...inFlight, new Promise((resolve) => setTimeout(resolve, 10))]);
      }
    },
  };
}
