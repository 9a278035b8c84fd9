import { useTeamSlug } from './team-path';
import {
  currentMembership,
  useUserContext,
  type TeamMembership,
  type UserContext,
} from './user-context';

export interface CurrentTeam extends UserContext {
  slug: string;
  membership: TeamMembership;
  isOwner: boolean;
  /** A guest session: write actions are hidden (the server refuses them anyway). */
  isGuest: boolean;
  /** A guest or a viewer of this team: write actions are hidden (the server refuses them). */
  isReadOnly: boolean;
  /** Runs this installation (INSTANCE_ADMIN_EMAILS): may open the instance-admin screen. */
  isInstanceAdmin: boolean;
}

/**
 * The signed-in user and their membership of the team in the URL. Only for screens inside the
 * team layout, which renders them once the user context has loaded.
 */
export function useCurrentTeam(): CurrentTeam {
  const slug = useTeamSlug();
  const { data } = useUserContext(slug);
  if (!data) throw new Error('useCurrentTeam is used outside the team layout');
  const membership = currentMembership(data, slug);
  if (!membership) throw new Error(`Not a member of team ${slug}`);
  const isGuest = data.user.isGuest === true;
  return {
    ...data,
    slug,
    membership,
    isOwner: membership.role === 'owner' && !isGuest,
    isGuest,
    isReadOnly: isGuest || membership.role === 'viewer',
    isInstanceAdmin: data.isInstanceAdmin === true && !isGuest,
  };
}
