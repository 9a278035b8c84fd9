/** What a handler gets: the job as claimed, and a way to report progress on `job-{id}`. */
export interface JobContext {
  id: string;
  teamId: number;
  type: string;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempt: number;
  progress(data: unknown): Promise<void>;
}

/** Resolves with the job's result (stored and published as `result`), or throws. */
export type JobHandler = (job: JobContext) => Promise<Record<string, unknown>>;

/**
 * A failure that another attempt would not fix (the page timed out, the address is refused).
 * Its message is shown to the user, so it must not carry internals; any other error is
 * retried and reported with a generic message.
 */
export class PermanentJobError extends Error {}

export const GENERIC_JOB_ERROR = 'The job failed';
export const STALE_JOB_ERROR = 'The job stopped responding';

/** The messages published on `job-{id}`. */
export type JobMessage =
  | { type: 'progress'; data: unknown }
  | { type: 'result'; data: Record<string, unknown> }
  | { type: 'error'; data: { message: string } };
