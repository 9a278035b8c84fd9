import { afterEach, describe, expect, it, vi } from 'vitest';
import { followJob, JobError } from './job-follower';
import { logger } from './logger';
import type { RealtimeSink, Subscribe } from './realtime-client';

const JOB_ID = '3f0c8a52-5d1e-4c8e-9a51-2b7d0c9e4f10';

/** Stands in for the real-time connection: the test plays the server's side of job-{id}. */
function fakeChannel() {
  let sink: RealtimeSink | undefined;
  const names: string[] = [];
  const unsubscribe = vi.fn();
  const subscribe: Subscribe = (name, next) => {
    names.push(name);
    sink = next;
    return unsubscribe;
  };
  const open = () => {
    if (!sink) throw new Error('nobody subscribed');
    return sink;
  };
  return {
    subscribe,
    names,
    unsubscribe,
    /** Sends a job message as the server does: `{type, data}` as JSON text in `data`. */
    send: (message: unknown) =>
      open().next({ name: `job-${JOB_ID}`, data: JSON.stringify(message) }),
    sendRaw: (data: string) => open().next({ name: `job-${JOB_ID}`, data }),
    fail: (error: Error) => open().error(error),
    complete: () => open().complete(),
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('followJob', () => {
  it('subscribes to job-{id}, dispatches each message by type and resolves when a handler is done', async () => {
    const channel = fakeChannel();
    const progress = vi.fn();
    const job = followJob({
      jobId: JOB_ID,
      subscribe: channel.subscribe,
      handlers: {
        progress,
        result: () => 'done',
      },
    });
    expect(channel.names).toEqual([`job-${JOB_ID}`]);

    channel.send({ type: 'progress', data: 40 });
    channel.send({ type: 'progress', data: 80 });
    channel.send({ type: 'result', data: { thumbnailSmall: '/s.png' } });

    await expect(job).resolves.toEqual({ thumbnailSmall: '/s.png' });
    expect(progress.mock.calls).toEqual([[40], [80]]);
    expect(channel.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('ignores messages after the job finished', async () => {
    const channel = fakeChannel();
    const result = vi.fn(() => 'done' as const);
    const job = followJob({ jobId: JOB_ID, subscribe: channel.subscribe, handlers: { result } });
    channel.send({ type: 'result', data: 1 });
    channel.send({ type: 'result', data: 2 });
    await expect(job).resolves.toBe(1);
    expect(result).toHaveBeenCalledTimes(1);
  });

  it('rejects with "Handler missing for type {type}" for a type without a handler', async () => {
    const channel = fakeChannel();
    const job = followJob({
      jobId: JOB_ID,
      subscribe: channel.subscribe,
      handlers: { result: () => 'done' },
    });
    channel.send({ type: 'thumbnail', data: {} });
    await expect(job).rejects.toThrow(new Error('Handler missing for type thumbnail'));
    expect(channel.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('does not take inherited object properties for handlers', async () => {
    const channel = fakeChannel();
    const job = followJob({ jobId: JOB_ID, subscribe: channel.subscribe, handlers: {} });
    channel.send({ type: 'toString', data: null });
    await expect(job).rejects.toThrow('Handler missing for type toString');
  });

  it('logs type "error" as a job error, passes it to the error handler and rejects', async () => {
    const channel = fakeChannel();
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    const result = vi.fn();
    const job = followJob({
      jobId: JOB_ID,
      subscribe: channel.subscribe,
      handlers: { result },
      onError,
    });
    channel.send({ type: 'error', data: { message: 'Could not load the page' } });

    const error = await job.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(JobError);
    expect(error).toMatchObject({
      message: 'Could not load the page',
      jobId: JOB_ID,
      data: { message: 'Could not load the page' },
    });
    expect(onError).toHaveBeenCalledWith(error);
    expect(logged).toHaveBeenCalledWith('job', `Job ${JOB_ID} failed: Could not load the page`, {
      jobId: JOB_ID,
      data: { message: 'Could not load the page' },
    });
    expect(result).not.toHaveBeenCalled();
    expect(channel.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('uses a string error as the message, and a generic one otherwise', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    for (const [data, message] of [
      ['Timed out taking the screenshot', 'Timed out taking the screenshot'],
      [{ code: 42 }, 'The job failed'],
    ] as const) {
      const channel = fakeChannel();
      const job = followJob({ jobId: JOB_ID, subscribe: channel.subscribe, handlers: {} });
      channel.send({ type: 'error', data });
      await expect(job).rejects.toThrow(message);
    }
  });

  it('rejects with "Timeout" when the time limit passes, and unsubscribes', async () => {
    vi.useFakeTimers();
    const channel = fakeChannel();
    const job = followJob({
      jobId: JOB_ID,
      subscribe: channel.subscribe,
      handlers: { progress: () => {}, result: () => 'done' },
      timeoutMs: 5000,
    });
    const outcome = job.catch((error: unknown) => error);
    channel.send({ type: 'progress', data: 10 });
    await vi.advanceTimersByTimeAsync(4999);
    expect(channel.unsubscribe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual(new Error('Timeout'));
    expect(channel.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('waits without a limit when none is set', async () => {
    vi.useFakeTimers();
    const channel = fakeChannel();
    const job = followJob({
      jobId: JOB_ID,
      subscribe: channel.subscribe,
      handlers: { result: () => 'done' },
    });
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    channel.send({ type: 'result', data: 'late but fine' });
    await expect(job).resolves.toBe('late but fine');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears the time limit once the job is done', async () => {
    vi.useFakeTimers();
    const channel = fakeChannel();
    const job = followJob({
      jobId: JOB_ID,
      subscribe: channel.subscribe,
      handlers: { result: () => 'done' },
      timeoutMs: 5000,
    });
    channel.send({ type: 'result', data: 'ok' });
    await expect(job).resolves.toBe('ok');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects when the channel fails or ends before the job is done', async () => {
    const refused = fakeChannel();
    const first = followJob({ jobId: JOB_ID, subscribe: refused.subscribe, handlers: {} });
    refused.fail(new Error('Real-time connection closed (4403: Forbidden)'));
    await expect(first).rejects.toThrow('Real-time connection closed (4403: Forbidden)');
    expect(refused.unsubscribe).toHaveBeenCalledTimes(1);

    const ended = fakeChannel();
    const second = followJob({ jobId: JOB_ID, subscribe: ended.subscribe, handlers: {} });
    ended.complete();
    await expect(second).rejects.toThrow(
      `The channel of job ${JOB_ID} closed before the job finished`,
    );
  });

  it('rejects a message that is not a {type, data} JSON object', async () => {
    for (const raw of ['not json', '{"data":1}', '{"type":""}', '[]']) {
      const channel = fakeChannel();
      const job = followJob({ jobId: JOB_ID, subscribe: channel.subscribe, handlers: {} });
      channel.sendRaw(raw);
      await expect(job).rejects.toThrow(`Invalid message on job-${JOB_ID}`);
    }
  });

  it('rejects with the error a handler throws', async () => {
    const channel = fakeChannel();
    const job = followJob({
      jobId: JOB_ID,
      subscribe: channel.subscribe,
      handlers: {
        result: () => {
          throw new Error('bad thumbnail');
        },
      },
    });
    channel.send({ type: 'result', data: null });
    await expect(job).rejects.toThrow('bad thumbnail');
    expect(channel.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('stops following when aborted', async () => {
    const channel = fakeChannel();
    const controller = new AbortController();
    const job = followJob({
      jobId: JOB_ID,
      subscribe: channel.subscribe,
      handlers: {},
      signal: controller.signal,
    });
    controller.abort(new Error('Screen closed'));
    await expect(job).rejects.toThrow('Screen closed');
    expect(channel.unsubscribe).toHaveBeenCalledTimes(1);

    const never = fakeChannel();
    await expect(
      followJob({
        jobId: JOB_ID,
        subscribe: never.subscribe,
        handlers: {},
        signal: controller.signal,
      }),
    ).rejects.toThrow('Screen closed');
    expect(never.names).toEqual([]);
  });

  it('unsubscribes when the transport reports synchronously while subscribing', async () => {
    const unsubscribe = vi.fn();
    const job = followJob({
      jobId: JOB_ID,
      handlers: {},
      subscribe: (_name, sink) => {
        sink.error(new Error('Not signed in'));
        return unsubscribe;
      },
    });
    await expect(job).rejects.toThrow('Not signed in');
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});
