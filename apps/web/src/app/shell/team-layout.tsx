import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { useTeamSlug } from '../../lib/team-path';
import { currentMembership, useUserContext } from '../../lib/user-context';
import { FullPageLoader } from '../../ui/full-page-loader';
import { ErrorScreen } from '../error-screen';
import { NotFoundScreen } from '../not-found';
import { RequireSession } from '../../lib/require-session';
import { GuestBanner } from './guest-banner';
import { ViewerBanner } from './viewer-banner';
import { InvitesBanner } from './invites-banner';
import { VerifyEmailBanner } from './verify-email-banner';
import { useBelow } from '../../lib/breakpoints';
import { MainMenu } from './main-menu';
import { PhoneBar } from './phone-bar';
import { useMenuCollapsed } from './use-menu-collapsed';
import styles from './team-layout.module.css';

/** The notifications bell, from its feature (the shell imports no feature): see router.tsx. */
export type NotificationsSlot = ComponentType<{
  placement: 'sidebar' | 'bar';
  collapsed?: boolean;
}>;

export function TeamLayout({ Notifications }: { Notifications?: NotificationsSlot }) {
  return (
    <RequireSession>
      <TeamShell Notifications={Notifications} />
    </RequireSession>
  );
}

function TeamShell({ Notifications }: { Notifications: NotificationsSlot | undefined }) {
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
  return (
    <TeamFrame
      initialCollapsed={context.data.user.preferences.menuCollapsed}
      Notifications={Notifications}
    />
  );
}

function TeamFrame({
  initialCollapsed,
  Notifications,
}: {
  initialCollapsed: boolean;
  Notifications: NotificationsSlot | undefined;
}) {
  const [collapsed, toggleCollapsed] = useMenuCollapsed(initialCollapsed);
  // A phone has no room for a sidebar: the menu opens from the top bar as a drawer.
  const phone = useBelow('phone');
  return (
    <div className={styles.shell} data-collapsed={collapsed || undefined}>
      {/* First child either way, so the page beside it keeps its state across the breakpoint. */}
      {phone ? (
        <PhoneBar notifications={Notifications ? <Notifications placement="bar" /> : null} />
      ) : (
        <MainMenu
          collapsed={collapsed}
          onToggleCollapsed={toggleCollapsed}
          notifications={
            Notifications ? <Notifications placement="sidebar" collapsed={collapsed} /> : null
          }
        />
      )}
      <div className={styles.main}>
        <GuestBanner />
        <ViewerBanner />
        <InvitesBanner />
        <VerifyEmailBanner />
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
