import clsx from 'clsx';
import { useState } from 'react';
import { useTeamSlug } from '../../../lib/team-path';
import { Drawer, DrawerTitle } from '../../../ui/drawer';
import { BellIcon } from '../../../ui/icons';
import { useUnreadCount } from '../hooks/use-notifications';
import { NotificationPanel } from './notification-panel';
import styles from './notification-bell.module.css';

export interface NotificationBellProps {
  /** In the sidebar (a menu row) or in the phone's top bar (an icon button). */
  placement: 'sidebar' | 'bar';
  /** The sidebar shows only icons. */
  collapsed?: boolean;
}

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The bell with the team's unread count; it opens the notifications in a panel from the right
 * edge (the shared drawer: focus trapped inside, Escape or a tap outside closes it).
 */
export function NotificationBell({ placement, collapsed = false }: NotificationBellProps) {
  const team = useTeamSlug();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(team).data?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <Drawer
      trigger={
        <button
          type="button"
          className={clsx(
            styles.trigger,
            placement === 'bar' ? styles.bar : styles.sidebar,
            collapsed && styles.collapsed,
          )}
          aria-label={label}
          title={collapsed ? label : undefined}
          data-testid="notification-bell"
        >
          <span className={styles.icon}>
            <BellIcon size={placement === 'bar' ? 22 : 18} />
            {unread > 0 ? (
              <span className={styles.badge} data-testid="notification-count" aria-hidden="true">
                {badgeText(unread)}
              </span>
            ) : null}
          </span>
          {placement === 'sidebar' && !collapsed ? (
            <span className={styles.label}>Notifications</span>
          ) : null}
        </button>
      }
      open={open}
      onOpenChange={setOpen}
      title="Notifications"
      showsOwnTitle
      side="right"
      data-testid="notification-panel"
    >
      <NotificationPanel
        team={team}
        unread={unread}
        onNavigate={() => setOpen(false)}
        title={<DrawerTitle className={styles.title}>Notifications</DrawerTitle>}
      />
    </Drawer>
  );
}
