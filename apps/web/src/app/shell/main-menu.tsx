import clsx from 'clsx';
import { Link, NavLink, useLocation } from 'react-router';
import { config } from '../../lib/config';
import { useCurrentTeam } from '../../lib/current-team';
import { useTeamHref } from '../../lib/team-path';
import {
  CampaignsIcon,
  LandingPageIcon,
  PreviewIcon,
  SettingsIcon,
  ShieldIcon,
  SidebarIcon,
} from '../../ui/icons';
import { Logo } from '../../ui/logo';
import { TeamSwitcher } from './team-switcher';
import { UserMenu } from './user-menu';
import styles from './main-menu.module.css';

interface MainMenuProps {
  collapsed: boolean;
  /** Absent where the menu cannot collapse (in the phone drawer). */
  onToggleCollapsed: (() => void) | undefined;
}

export function MainMenu({ collapsed, onToggleCollapsed }: MainMenuProps) {
  const href = useTeamHref();
  const { pathname } = useLocation();
  const { isGuest, isInstanceAdmin } = useCurrentTeam();
  const items = [
    { to: href('/campaigns'), label: 'Campaigns', icon: <CampaignsIcon />, also: '/campaign/' },
    // A guest only looks at the demo: the preview and the settings are tools for one's own team.
    ...(isGuest
      ? []
      : [
          {
            to: href('/pages'),
            label: 'Landing pages',
            icon: <LandingPageIcon />,
            also: '/pages/',
          },
          { to: href('/preview'), label: 'Preview', icon: <PreviewIcon />, also: undefined },
          { to: href('/settings'), label: 'Settings', icon: <SettingsIcon />, also: undefined },
        ]),
    // Only the people who run this installation (INSTANCE_ADMIN_EMAILS) see this entry.
    ...(isInstanceAdmin
      ? [
          {
            to: href('/instance/teams'),
            label: 'Instance admin',
            icon: <ShieldIcon />,
            also: '/instance/',
          },
        ]
      : []),
  ];

  return (
    <aside
      className={clsx(styles.menu, collapsed && styles.collapsed)}
      aria-label="Main menu"
      data-testid="main-menu"
      data-collapsed={collapsed || undefined}
    >
      <div className={styles.header}>
        <Link to={href('/campaigns')} className={styles.brand} aria-label={`${config.brand} home`}>
          <Logo wordmark={collapsed ? undefined : config.brand} size={28} />
        </Link>
      </div>

      <div className={styles.section}>
        <TeamSwitcher collapsed={collapsed} />
      </div>

      <nav className={styles.nav} aria-label="Main">
        {items.map((item) => (
          <NavLink
            key={item.label}
            to={item.to}
            className={({ isActive }) =>
              clsx(
                styles.link,
                (isActive || (item.also && pathname.includes(item.also))) && styles.active,
              )
            }
            title={collapsed ? item.label : undefined}
          >
            <span className={styles.icon}>{item.icon}</span>
            <span className={styles.label}>{item.label}</span>
          </NavLink>
        ))}
      </nav>

      <div className={styles.footer}>
        <UserMenu collapsed={collapsed} />
        {onToggleCollapsed ? (
          <button
            type="button"
            className={styles.collapse}
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
            aria-expanded={!collapsed}
            title={collapsed ? 'Expand menu' : 'Collapse menu'}
            data-testid="menu-collapse-toggle"
          >
            <SidebarIcon />
            <span className={styles.label}>Collapse</span>
          </button>
        ) : null}
      </div>
    </aside>
  );
}
