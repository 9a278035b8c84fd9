import type { Db } from '../../db/database';
import { listInvitesForUser } from './invites-repo';

/** Pending invitations to the caller's own account address. */
export async function listMyInvites({ db }: { db: Db }, { userId }: { userId: number }) {
  const invites = await listInvitesForUser(db, userId);
  return invites.map((invite) => ({
    id: invite.id,
    role: invite.role,
    invitedBy: invite.invitedBy,
    team: { slug: invite.slug, name: invite.name },
    /** False until the address is verified: then only the invitation's own link works. */
    canAccept: invite.emailVerifiedAt !== null,
  }));
}
