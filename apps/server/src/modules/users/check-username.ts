import { ACCOUNT_MESSAGES, usernameSchema } from '@kindling/domain';
import type { Db } from '../../db/database';
import { isUsernameTaken } from './repo';

/** Whether `username` has the right shape and is free (the caller's own name counts as free). */
export async function checkUsername(
  { db }: { db: Db },
  { userId, username }: { userId: number; username: string },
) {
  const shape = usernameSchema.safeParse(username);
  if (!shape.success) {
    return { valid: false, available: false, message: ACCOUNT_MESSAGES.usernameShape };
  }
  return (await isUsernameTaken(db, shape.data, userId))
    ? { valid: true, available: false, message: ACCOUNT_MESSAGES.usernameTaken }
    : { valid: true, available: true };
}
