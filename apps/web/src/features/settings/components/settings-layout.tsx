import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useTeamHref } from '../../../lib/team-path';
import { PageHeader } from '../../../ui/page-header';
import { SETTINGS_NAV } from './settings-nav';
import styles from './settings-layout.module.css';

export function SettingsLayout() {
  const href = useTeamHref();
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // Where the links are one scrolling row (a narrow screen), the current one is brought in view.
  useEffect(() => {
    navRef.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div>
      <PageHeader title="Settings" description="Manage your team, your account and billing." />
      <div className={styles.layout}>
        <nav className={styles.nav} aria-label="Settings" ref={navRef}>
          {SETTINGS_NAV.map((entry) => (
            <NavLink
              key={entry.path}
              to={href(entry.path)}
              end
              className={({ isActive }) => clsx(styles.link, isActive && styles.active)}
            >
              {entry.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
