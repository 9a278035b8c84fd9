import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { listPendingInvites } from './invites-repo';
import { presentInvite } from './present-invite';
import { listMembers } from './repo';

export async function getMembers({ db }: { db: Db }, { team }: { team: TeamAccess }) {
  const [members, invites] = await Promise.all([
    listMembers(db, team.id),
    listPendingInvites(db, team.id),
  ]);
  return {
    members: members.map(({ createdAt: _createdAt, ...member }) => member),
    invites: invites.map((invite) => presentInvite(invite)),
  };
}
