import type { Refusal } from '@kindling/domain';
import { AppError, type ErrorCode } from '../../errors';

/**
 * A plan refusal as the error the client sees: 402 when the team needs a (renewed or bigger)
 * plan; `limitCode` (409 for the running-campaign cap, which pausing another campaign lifts)
 * when a working plan's allowance is used.
 */
export function refusalError(
  refusal: Refusal,
  limitCode: ErrorCode = 'PAYMENT_REQUIRED',
): AppError {
  return new AppError(
    refusal.kind === 'payment_required' ? 'PAYMENT_REQUIRED' : limitCode,
    refusal.message,
  );
}
