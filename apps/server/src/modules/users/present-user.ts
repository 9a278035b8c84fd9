import { userPreferencesSchema } from '@kindling/domain';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';

export function presentUser(user: Selectable<UsersTable>, defaultTeam: string | null) {
  return {
    id: user.id,
    email: user.email,
    /** The address was proven by following a link sent to it (and has not changed since). */
    emailVerified: user.emailVerifiedAt !== null,
    realName: user.realName,
    /** The shared guest account (GUEST_ACCESS): read-only. */
    isGuest: user.isGuest,
    username: user.username,
    defaultTeam,
    preferences: userPreferencesSchema.parse(user.preferences),
  };
}
