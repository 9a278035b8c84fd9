import { z } from 'zod';
import { logger } from './logger';
import { subscribeChannel, type RealtimeMessage, type Subscribe } from './realtime-client';

/** Handles one job message type; returning 'done' ends the wait with that message's data. */
export type JobHandler = (data: unknown) => void | 'done';

export interface FollowJobOptions {
  jobId: string;
  /** One handler per message type (spec section 5). Type "error" is handled by `onError`. */
  handlers: Record<string, JobHandler>;
  onError?: (error: JobError) => void;
  /** Rejects with "Timeout" when no handler has finished the job by then. */
  timeoutMs?: number;
  /** Stops following (e.g. the screen closed); rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The channel transport; tests inject a fake. */
  subscribe?: Subscribe;
}

/** A job that reported type "error"; `data` is what the job sent. */
export class JobError extends Error {
  override readonly name = 'JobError';

  constructor(
    readonly jobId: string,
    readonly data: unknown,
  ) {
    super(jobErrorMessage(data));
  }
}

const jobMessageSchema = z.object({ type: z.string().min(1), data: z.unknown() });

function jobErrorMessage(data: unknown): string {
  if (typeof data === 'string' && data) return data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message) return message;
  }
  return 'The job failed';
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Follows channel job-{jobId}, sending each `{type, data}` message to the handler for its type.
 * Resolves with the data of the message whose handler returns 'done'; rejects on a job error,
 * a message type without a handler, the time limit, or a lost channel. Always unsubscribes.
 */
export function followJob({
  jobId,
  handlers,
  onError,
  timeoutMs,
  signal,
  subscribe = subscribeChannel,
}: FollowJobOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const cleanups: (() => void)[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;

    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      for (const cleanup of cleanups) cleanup();
      outcome();
    };
    const fail = (error: Error) => settle(() => reject(error));
    function onAbort() {
      fail(signal?.reason instanceof Error ? signal.reason : new Error('Aborted'));
    }

    const onMessage = ({ data }: RealtimeMessage) => {
      if (settled) return;
      const message = parseJobMessage(data);
      if (!message) return fail(new Error(`Invalid message on job-${jobId}`));
      if (message.type === 'error') {
        const error = new JobError(jobId, message.data);
        logger.error('job', `Job ${jobId} failed: ${error.message}`, { jobId, data: message.data });
        onError?.(error);
        return fail(error);
      }
      const handler = Object.hasOwn(handlers, message.type) ? handlers[message.type] : undefined;
      if (!handler) return fail(new Error(`Handler missing for type ${message.type}`));
      try {
        if (handler(message.data) === 'done') settle(() => resolve(message.data));
      } catch (error) {
        fail(asError(error));
      }
    };

    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);
    if (timeoutMs !== undefined) timer = setTimeout(() => fail(new Error('Timeout')), timeoutMs);
    const unsubscribe = subscribe(`job-${jobId}`, {
      next: onMessage,
      error: fail,
      complete: () => fail(new Error(`The channel of job ${jobId} closed before the job finished`)),
    });
    // A transport may report synchronously, before `subscribe` has returned.
    if (settled) unsubscribe();
    else cleanups.push(unsubscribe);
  });
}

function parseJobMessage(data: string): z.infer<typeof jobMessageSchema> | undefined {
  try {
    const parsed = jobMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
