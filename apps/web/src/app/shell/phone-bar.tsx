import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { config } from '../../lib/config';
import { useCurrentTeam } from '../../lib/current-team';
import { useTeamHref } from '../../lib/team-path';
import { Drawer } from '../../ui/drawer';
import { MenuIcon } from '../../ui/icons';
import { Logo } from '../../ui/logo';
import { MainMenu } from './main-menu';
import styles from './phone-bar.module.css';

/** On a phone, the main menu waits in a drawer behind this bar's menu button. */
export function PhoneBar({ notifications }: { notifications?: ReactNode }) {
  const href = useTeamHref();
  const { membership } = useCurrentTeam();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Any navigation, from a menu link or the team switcher, closes the drawer.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpen(false);
  }

  return (
    <header className={styles.bar} data-testid="phone-bar">
      <Drawer
        trigger={
          <button
            type="button"
            className={styles.menuButton}
            aria-label="Open menu"
            data-testid="menu-button"
          >
            <MenuIcon size={22} />
          </button>
        }
        open={open}
        onOpenChange={setOpen}
        title="Menu"
        data-testid="menu-drawer"
      >
        <MainMenu collapsed={false} onToggleCollapsed={undefined} />
      </Drawer>
      <Link to={href('/campaigns')} className={styles.brand} aria-label={`${config.brand} home`}>
        <Logo size={28} />
      </Link>
      <span className={styles.team} data-testid="phone-bar-team">
        {membership.name}
      </span>
      {notifications}
    </header>
  );
}
