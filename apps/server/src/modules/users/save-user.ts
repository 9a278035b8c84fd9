import bcrypt from 'bcryptjs';
import {
  ACCOUNT_MESSAGES,
  isReservedEmail,
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
import { findUserByEmail, findUserById, isUsernameTaken, updateUser } from './repo';
import { checkCurrentPassword } from './check-current-password';
import { getUserContext } from './get-user-context';

export interface SaveUserInput {
  userId: number;
  sessionId: string;
  realName?: string;
  username?: string | null;
  email?: string;
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

export const CURRENT_PASSWORD_FOR_EMAIL =
  'Please enter your current password to change your e-mail';

type UserChanges = Parameters<typeof updateUser>[2];
type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/**
 * Every change is checked, then all are written in one transaction: a refusal changes nothing.
 * `emailChanged` tells the caller to send a verification link to the new address.
 */
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
    if (isUniqueViolation(error)) throw uniqueConflict(error);
    throw error;
  }
  // A new password signs out every other device.
  if (changes.passwordHash) {
    await endOtherSessions({ db }, { userId: user.id, keepSessionId: input.sessionId });
  }
  const saved = (await getUserContext({ db }, { userId: user.id })).user;
  return { user: saved, emailChanged: changes.email !== undefined };
}

async function checkedChanges(
  { db, passwordAttempts }: SaveUserDeps,
  user: UserRow,
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
  // Reset links go to the address: moving it is as sensitive as a new password, and both
  // checks of the current password count toward the same attempt limit.
  const requireCurrentPassword = () =>
    checkCurrentPassword(
      { passwordAttempts },
      {
        userId: user.id,
        passwordHash: user.passwordHash,
        currentPassword: input.currentPassword ?? '',
        clientAddress: input.clientAddress,
      },
    );
  if (input.email !== undefined && input.email !== user.email.toLowerCase()) {
    if (!input.currentPassword) {
      throw validationError(CURRENT_PASSWORD_FOR_EMAIL, {
        currentPassword: CURRENT_PASSWORD_FOR_EMAIL,
      });
    }
    await requireCurrentPassword();
    const owner = await findUserByEmail(db, input.email);
    if (isReservedEmail(input.email) || (owner && owner.id !== user.id)) throw emailTaken();
    changes.email = input.email;
    // The new address is not proven until a link sent to it is followed.
    changes.emailVerifiedAt = null;
  }
  if (input.newPassword !== undefined) {
    if (changes.email === undefined) await requireCurrentPassword();
    changes.passwordHash = await bcrypt.hash(input.newPassword, PASSWORD_SALT_ROUNDS);
  }
  return changes;
}

const emailTaken = () =>
  new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });

/** Two saves racing for one username or address: the unique index decides. */
function uniqueConflict(error: unknown): AppError {
  if ((error as { constraint?: unknown }).constraint === 'users_email_unique') return emailTaken();
  return new AppError('CONFLICT', ACCOUNT_MESSAGES.usernameTaken, {
    username: ACCOUNT_MESSAGES.usernameTaken,
  });
}
