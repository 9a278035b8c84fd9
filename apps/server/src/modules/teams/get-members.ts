import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { listMembers, listPendingInvites } from './repo';

export async function getMembers({ db }: { db: Db }, { team }: { team: TeamAccess }) {
  const [members, invites] = await Promise.all([
    listMembers(db, team.id),
    listPendingInvites(db, team.id),
  ]);
  return {
    members: members.map(({ createdAt: _createdAt, ...member }) => member),
    invites: invites.map((invite) => ({ ...invite, createdAt: invite.createdAt.toISOString() })),
  };
}
