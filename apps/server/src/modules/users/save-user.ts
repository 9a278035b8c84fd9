import bcrypt from 'bcryptjs';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_SALT_ROUNDS,
  userPreferencesSchema,
  type UserPreferences,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound, validationError } from '../../errors';
import type { AttemptLimiter } from '../../security/attempt-limiter';
import { endOtherSessions } from '../auth/end-other-sessions';
import { chooseDefaultTeam } from '../teams/choose-default-team';
import { findUserById, isUsernameTaken, updateUser } from './repo';
import { checkCurrentPassword } from './check-current-password';
import { getUserContext } from './get-user-context';

export interface SaveUserInput {
  userId: number;
  sessionId: string;
  realName?: string;
  username?: string | null;
  preferences?: Partial<UserPreferences>;
  defaultTeam?: string;
  currentPassword?: string;
  newPassword?: string;
  /** Where the request came from: password attempts are limited per address too. */
  clientAddress: string;
}

interface SaveUserDeps {
  db: Db;
  passwordAttempts: AttemptLimiter;
}

type UserChanges = Parameters<typeof updateUser>[2];

/** Every change is checked, then all are written in one transaction: a refusal changes nothing. */
export async function saveUser({ db, passwordAttempts }: SaveUserDeps, input: SaveUserInput) {
  const user = await findUserById(db, input.userId);
  if (!user) throw notFound('User not found');
  const changes = await checkedChanges({ db, passwordAttempts }, user, input);
  try {
    await db.transaction().execute(async (tx) => {
      if (Object.keys(changes).length > 0) await updateUser(tx, user.id, changes);
      if (input.defaultTeam !== undefined) {
        await chooseDefaultTeam({ db: tx }, { userId: user.id, slug: input.defaultTeam });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', ACCOUNT_MESSAGES.usernameTaken, {
        username: ACCOUNT_MESSAGES.usernameTaken,
      });
    }
    throw error;
  }
  // A new password signs out every other device.
  if (changes.passwordHash) {
    await endOtherSessions({ db }, { userId: user.id, keepSessionId: input.sessionId });
  }
  return (await getUserContext({ db }, { userId: user.id })).user;
}

async function checkedChanges(
  { db, passwordAttempts }: SaveUserDeps,
  user: NonNullable<Awaited<ReturnType<typeof findUserById>>>,
  input: SaveUserInput,
): Promise<UserChanges> {
  const changes: UserChanges = {};
  if (input.realName !== undefined) changes.realName = input.realName;
  if (input.username !== undefined) {
    if (input.username && (await isUsernameTaken(db, input.username, user.id))) {
      throw validationError(ACCOUNT_MESSAGES.usernameTaken, {
        username: ACCOUNT_MESSAGES.usernameTaken,
      });
    }
    changes.username = input.username || null;
  }
  if (input.preferences !== undefined) {
    const merged = userPreferencesSchema.parse({ ...user.preferences, ...input.preferences });
    changes.preferences = JSON.stringify(merged);
  }
  if (input.newPassword !== undefined) {
    await checkCurrentPassword(
      { passwordAttempts },
      {
        userId: user.id,
        passwordHash: user.passwordHash,
        currentPassword: input.currentPassword ?? '',
        clientAddress: input.clientAddress,
      },
    );
    changes.passwordHash = await bcrypt.hash(input.newPassword, PASSWORD_SALT_ROUNDS);
  }
  return changes;
}
