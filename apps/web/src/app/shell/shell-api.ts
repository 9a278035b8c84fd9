import { api, apiPath } from '../../lib/api-client';
import type { TeamRole, User } from '../../lib/user-context';

export interface PendingInvite {
  id: number;
  team: { slug: string; name: string };
  role: TeamRole;
  invitedBy: string;
  /** False until the address is verified; the invitation's own link works either way. */
  canAccept: boolean;
}

export const invitesKey = ['user-invites'] as const;

export async function fetchInvites(): Promise<PendingInvite[]> {
  const { invites } = await api.get<{ invites: PendingInvite[] }>(apiPath('/user/invites'));
  return invites;
}

export function acceptInvite(id: number): Promise<{ slug: string }> {
  return api.post<{ slug: string }>(apiPath('/user/invites/accept'), { id });
}

export function saveMenuCollapsed(menuCollapsed: boolean): Promise<{ user: User }> {
  return api.post<{ user: User }>(apiPath('/user/save'), { preferences: { menuCollapsed } });
}
