import bcrypt from 'bcryptjs';
import { RateLimitedError, validationError } from '../../errors';
import type { AttemptLimiter } from '../../security/attempt-limiter';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';
export const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many password attempts. Try again in a minute.';

/**
 * The current-password check before a password change, limited per user and per client address
 * like sign-in: a stolen session must not become a password-guessing oracle. While either key is
 * over the limit even the right password is refused, so guessing gains nothing.
 */
export async function checkCurrentPassword(
  { passwordAttempts }: { passwordAttempts: AttemptLimiter },
  input: { userId: number; passwordHash: string; currentPassword: string; clientAddress: string },
): Promise<void> {
  const keys = [`user:${input.userId}`, `address:${input.clientAddress}`];
  const attempt = await passwordAttempts.take(keys);
  if (!attempt.allowed) {
    throw new RateLimitedError(TOO_MANY_PASSWORD_ATTEMPTS, attempt.retryAfterSeconds);
  }
  if (!(await bcrypt.compare(input.currentPassword, input.passwordHash))) {
    throw validationError(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  await passwordAttempts.giveBack(keys);
}
