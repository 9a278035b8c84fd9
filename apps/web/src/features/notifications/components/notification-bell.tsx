import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { useState } from 'react';
import { useTeamSlug } from '../../../lib/team-path';
import { BellIcon, CloseIcon } from '../../../ui/icons';
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
 * edge (Radix Dialog: focus trapped inside, Escape or a tap outside closes it).
 */
export function NotificationBell({ placement, collapsed = false }: NotificationBellProps) {
  const team = useTeamSlug();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(team).data?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger asChild>
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
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.panel}
          aria-describedby={undefined}
          data-testid="notification-panel"
        >
          <NotificationPanel
            team={team}
            unread={unread}
            onNavigate={() => setOpen(false)}
            title={<RadixDialog.Title className={styles.title}>Notifications</RadixDialog.Title>}
          />
          <RadixDialog.Close className={styles.close} aria-label="Close notifications">
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
