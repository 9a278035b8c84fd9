import { userPreferencesSchema } from '@kindling/domain';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';

export function presentUser(user: Selectable<UsersTable>, defaultTeam: string | null) {
  return {
    id: user.id,
    email: user.email,
    realName: user.realName,
    username: user.username,
    defaultTeam,
    preferences: userPreferencesSchema.parse(user.preferences),
  };
}
