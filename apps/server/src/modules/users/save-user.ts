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
import { revokeOtherSessions } from '../auth/repo';
import { findMembership } from '../teams/repo';
import { findUserById, isUsernameTaken, updateUser } from './repo';
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
}

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

export async function saveUser({ db }: { db: Db }, input: SaveUserInput) {
  const user = await findUserById(db, input.userId);
  if (!user) throw notFound('User not found');
  const changes: Parameters<typeof updateUser>[2] = {};

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
  if (input.defaultTeam !== undefined) {
    const membership = await findMembership(db, input.defaultTeam, user.id);
    if (!membership) {
      throw validationError('Choose one of your teams', {
        defaultTeam: 'Choose one of your teams',
      });
    }
    changes.defaultTeamId = membership.id;
  }
  if (input.newPassword !== undefined) {
    const matches = await bcrypt.compare(input.currentPassword ?? '', user.passwordHash);
    if (!matches) {
      throw validationError(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    changes.passwordHash = await bcrypt.hash(input.newPassword, PASSWORD_SALT_ROUNDS);
  }

  try {
    await updateUser(db, user.id, changes);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', ACCOUNT_MESSAGES.usernameTaken, {
        username: ACCOUNT_MESSAGES.usernameTaken,
      });
    }
    throw error;
  }
  // A new password signs out every other device.
  if (changes.passwordHash) await revokeOtherSessions(db, user.id, input.sessionId);
  return (await getUserContext({ db }, { userId: user.id })).user;
}
