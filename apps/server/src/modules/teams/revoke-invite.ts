import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { deletePendingInvite } from './invites-repo';
import { TEAM_MESSAGES } from './team-messages';

export async function revokeInvite(
  { db }: { db: Db },
  { team, inviteId }: { team: TeamAccess; inviteId: number },
) {
  const result = await deletePendingInvite(db, team.id, inviteId);
  if (result.numDeletedRows === 0n) throw notFound(TEAM_MESSAGES.inviteNotFound);
}
