import { Navigate } from 'react-router';
import { isApiError } from '../lib/api-client';
import { teamHref } from '../lib/team-path';
import { useIsSignedIn } from '../lib/use-session';
import { useUserContext } from '../lib/user-context';
import { FullPageLoader } from '../ui/full-page-loader';
import { ErrorScreen } from './error-screen';

/** /admin: sends the user to their default team, to team creation, or to sign-in. */
export function AdminIndex() {
  const signedIn = useIsSignedIn();
  const context = useUserContext(undefined, { enabled: signedIn });

  if (!signedIn || isApiError(context.error, 401)) {
    return <Navigate to="/admin/auth/sign-in" replace />;
  }
  // Wait for a refetch too: cached teams may be stale after leaving or joining a team.
  if (context.isPending || context.isFetching) return <FullPageLoader />;
  if (context.isError) return <ErrorScreen />;

  const { user, teams } = context.data;
  const target = teams.find((team) => team.slug === user.defaultTeam) ?? teams[0];
  if (!target) return <Navigate to="/admin/auth/create-team" replace />;
  return <Navigate to={teamHref(target.slug, '/campaigns')} replace />;
}
