import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitJob, type JobView } from './await-job';
import { logger } from './logger';
import type { RealtimeSink, Subscribe } from './realtime-client';

const JOB_ID = '3f0c8a52-5d1e-4c8e-9a51-2b7d0c9e4f10';

/** A channel the test drives, and a job read that answers `views` in turn (the last repeats). */
function seams(views: JobView[]) {
  let sink: RealtimeSink | undefined;
  const subscribe: Subscribe = (_name, next) => {
    sink = next;
    return () => undefined;
  };
  const reads: number[] = [];
  const readJob = () => {
    reads.push(Date.now());
    return Promise.resolve(views[Math.min(reads.length, views.length) - 1]!);
  };
  return { subscribe, readJob, reads, channel: () => sink! };
}

const running: JobView = { status: 'running', result: null, error: null };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('awaitJob', () => {
  it('resolves with the result message sent on the job channel', async () => {
    const { subscribe, readJob, channel } = seams([running]);
    const job = awaitJob({ team: 't', jobId: JOB_ID, timeoutMs: 60_000, subscribe, readJob });
    channel().next({ name: `job-${JOB_ID}`, data: JSON.stringify({ type: 'result', data: 7 }) });
    await expect(job).resolves.toBe(7);
  });

  it('keeps polling when real-time updates are refused (Redis down) and resolves with the stored result', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const { subscribe, readJob, reads, channel } = seams([
      running,
      { status: 'succeeded', result: { url: '/a.png' }, error: null },
    ]);
    const job = awaitJob({ team: 't', jobId: JOB_ID, timeoutMs: 60_000, subscribe, readJob });
    channel().error(new Error('Real-time updates are unavailable; please try again.'));
    await vi.advanceTimersByTimeAsync(4_500);
    await expect(job).resolves.toEqual({ url: '/a.png' });
    expect(reads).toHaveLength(2);
    expect(warn).toHaveBeenCalledWith(
      'job',
      `Real-time updates for job ${JOB_ID} failed; polling instead`,
      { jobId: JOB_ID, reason: 'Real-time updates are unavailable; please try again.' },
    );
  });

  it('still gives up at the time limit when the channel failed and the job never ends', async () => {
    vi.useFakeTimers();
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const { subscribe, readJob, channel } = seams([running]);
    const job = awaitJob({ team: 't', jobId: JOB_ID, timeoutMs: 10_000, subscribe, readJob });
    const outcome = job.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    channel().error(new Error('socket closed'));
    await vi.advanceTimersByTimeAsync(9_000);
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(outcome).resolves.toBe('Timeout');
  });

  it('rejects with the job error the channel reports, without waiting for a poll', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const { subscribe, readJob, reads, channel } = seams([running]);
    const job = awaitJob({ team: 't', jobId: JOB_ID, timeoutMs: 60_000, subscribe, readJob });
    channel().next({
      name: `job-${JOB_ID}`,
      data: JSON.stringify({ type: 'error', data: { message: 'The image could not be made' } }),
    });
    await expect(job).rejects.toThrow('The image could not be made');
    expect(reads).toEqual([]);
  });
});
