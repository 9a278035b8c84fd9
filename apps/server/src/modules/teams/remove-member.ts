import { isLastOwner } from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError, forbidden, notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { clearDefaultTeam, countOwners, deleteMember, findMemberRole } from './repo';
import { TEAM_MESSAGES } from './team-messages';

/** Owners remove anyone; a member may only remove themself (leave). The last owner stays. */
export async function removeMember(
  { db }: { db: Db },
  input: { team: TeamAccess; actorId: number; userId: number },
) {
  if (input.team.role !== 'owner' && input.actorId !== input.userId) throw forbidden();
  await db.transaction().execute(async (tx) => {
    const target = await findMemberRole(tx, input.team.id, input.userId);
    if (!target) throw notFound(TEAM_MESSAGES.memberNotFound);
    // Owners are counted only when an owner leaves: a member's leaving never needs them.
    const owners = target.role === 'owner' ? await countOwners(tx, input.team.id) : 0;
    if (isLastOwner(target.role, owners)) {
      throw new AppError('CONFLICT', TEAM_MESSAGES.lastOwner);
    }
    await deleteMember(tx, input.team.id, input.userId);
    await clearDefaultTeam(tx, input.userId, input.team.id);
  });
}
