import { ERROR_MESSAGES } from '@kindling/domain';

export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  /** The team's plan does not cover this (plan allowances, issue 13). */
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A link that worked once and has expired. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** An upstream service this server depends on (the AI provider) failed or answered badly. */
  BAD_GATEWAY: 502,
  RETRYABLE: 503,
  /** Spec section 5: the spec names this code, so clients see it verbatim. */
  'duplicate-variant': 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** 429 that says how long to wait: the error handler sends it as `Retry-After`. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('FORBIDDEN', message);
export const validationError = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, fields);
export const unauthenticated = (message: string = ERROR_MESSAGES.unauthenticated) =>
  new AppError('UNAUTHENTICATED', message);
