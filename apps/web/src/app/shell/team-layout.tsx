import { Outlet } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { useTeamSlug } from '../../lib/team-path';
import { currentMembership, useUserContext } from '../../lib/user-context';
import { FullPageLoader } from '../../ui/full-page-loader';
import { ErrorScreen } from '../error-screen';
import { NotFoundScreen } from '../not-found';
import { RequireSession } from '../../lib/require-session';
import { InvitesBanner } from './invites-banner';
import { VerifyEmailBanner } from './verify-email-banner';
import { below } from '../../lib/breakpoints';
import { useMediaQuery } from '../../lib/use-media-query';
import { MainMenu } from './main-menu';
import { useMenuCollapsed } from './use-menu-collapsed';

/** Matches the breakpoint in team-layout.module.css. */
const NARROW_SCREEN = below('phone');
import styles from './team-layout.module.css';

export function TeamLayout() {
  return (
    <RequireSession>
      <TeamShell />
    </RequireSession>
  );
}

function TeamShell() {
  const team = useTeamSlug();
  const context = useUserContext(team);

  if (!context.data) {
    // A 401 signs the user out; RequireSession then redirects to sign-in.
    if (context.isError && !isApiError(context.error, 401)) return <ErrorScreen />;
    return <FullPageLoader />;
  }
  if (!currentMembership(context.data, team)) {
    return (
      <NotFoundScreen
        title="Team not found"
        message="This team does not exist, or you are not a member of it."
      />
    );
  }
  return <TeamFrame initialCollapsed={context.data.user.preferences.menuCollapsed} />;
}

function TeamFrame({ initialCollapsed }: { initialCollapsed: boolean }) {
  const [chosen, toggleCollapsed] = useMenuCollapsed(initialCollapsed);
  // A phone has room for the icon rail only, whatever was chosen on a wider screen.
  const narrow = useMediaQuery(NARROW_SCREEN);
  const collapsed = chosen || narrow;
  return (
    <div className={styles.shell} data-collapsed={collapsed || undefined}>
      <MainMenu collapsed={collapsed} onToggleCollapsed={narrow ? undefined : toggleCollapsed} />
      <div className={styles.main}>
        <InvitesBanner />
        <VerifyEmailBanner />
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
