import type { Tx } from '../../db/transaction';
import type { TeamRole } from '@kindling/domain';
import { markInviteAccepted } from './invites-repo';
import { findMemberRole, insertMember, setDefaultTeamIfNone } from './repo';

/** Accepting, once the proof is checked: membership, the invite used up, a default team. */
export async function joinInvitedTeam(
  tx: Tx,
  { userId, invite }: { userId: number; invite: { id: number; teamId: number; role: TeamRole } },
) {
  if (!(await findMemberRole(tx, invite.teamId, userId))) {
    await insertMember(tx, { teamId: invite.teamId, userId, role: invite.role });
  }
  await markInviteAccepted(tx, invite.id);
  await setDefaultTeamIfNone(tx, userId, invite.teamId);
}
