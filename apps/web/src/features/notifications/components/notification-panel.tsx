import type { NotificationView } from '@kindling/domain';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentTeam } from '../../../lib/current-team';
import { errorMessage } from '../../../lib/error-message';
import { formatTimeAgo } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useMarkRead, useNotificationList } from '../hooks/use-notifications';
import styles from './notification-bell.module.css';

interface NotificationPanelProps {
  team: string;
  unread: number;
  title: ReactNode;
  /** Following a notification's link closes the panel. */
  onNavigate: () => void;
}

export function NotificationPanel({ team, unread, title, onNavigate }: NotificationPanelProps) {
  const { isGuest } = useCurrentTeam();
  const list = useNotificationList(team, true);
  const markRead = useMarkRead(team);
  const now = useNow(30_000).getTime();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  const follow = (notification: NotificationView) => {
    if (!notification.read && !isGuest) markRead.mutate([notification.id]);
    onNavigate();
  };

  return (
    <>
      <header className={styles.header}>
        {title}
        {unread > 0 && !isGuest ? (
          <Button
            variant="link"
            size="sm"
            loading={markRead.isPending && markRead.variables === undefined}
            onClick={() => markRead.mutate(undefined)}
            data-testid="notifications-mark-all"
          >
            Mark all as read
          </Button>
        ) : null}
      </header>
      <div className={styles.body}>
        {list.isPending ? (
          <div className={styles.centre}>
            <Spinner />
          </div>
        ) : list.isError ? (
          <p className={styles.message} role="alert">
            {errorMessage(list.error)}
          </p>
        ) : notifications.length === 0 ? (
          <p className={styles.message} data-testid="notifications-empty">
            Nothing here yet. When something happens to your team&apos;s tests, for example an idea
            test stops, you will find it here.
          </p>
        ) : (
          <ul className={styles.list} data-testid="notification-list">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  now={now}
                  onFollow={() => follow(notification)}
                />
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className={styles.more}>
            <Button
              variant="outline"
              color="secondary"
              size="sm"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Show older
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}

function NotificationItem({
  notification,
  now,
  onFollow,
}: {
  notification: NotificationView;
  now: number;
  onFollow: () => void;
}) {
  const content = (
    <>
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.text}>
        <span className={styles.itemTitle}>
          {notification.title}
          {notification.read ? null : <span className="visually-hidden"> (unread)</span>}
        </span>
        {notification.body ? <span className={styles.itemBody}>{notification.body}</span> : null}
        <time className={styles.time} dateTime={notification.createdAt}>
          {formatTimeAgo(notification.createdAt, now)}
        </time>
      </span>
    </>
  );
  const className = clsx(styles.item, !notification.read && styles.unread);
  // The server only stores /admin/ paths; checked again so a link can never leave the app.
  const link = notification.link?.startsWith('/admin/') ? notification.link : null;
  return link ? (
    <Link to={link} className={className} onClick={onFollow} data-testid="notification-item">
      {content}
    </Link>
  ) : (
    <div className={className} data-testid="notification-item">
      {content}
    </div>
  );
}
