import { userInitials } from '@kindling/domain';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useNavigate } from 'react-router';
import { useCurrentTeam } from '../../lib/current-team';
import { signOut } from '../../lib/session';
import { teamHref } from '../../lib/team-path';
import { Avatar } from '../../ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { LogOutIcon, SettingsIcon, UserIcon } from '../../ui/icons';
import styles from './shell-menus.module.css';

export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { user, slug, isGuest } = useCurrentTeam();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function handleSignOut() {
    await signOut();
    queryClient.clear();
    await navigate('/admin/auth/sign-in', { replace: true });
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={clsx(styles.trigger, collapsed && styles.triggerCollapsed)}
        aria-label={`Account menu for ${user.realName}`}
        data-testid="user-menu"
      >
        <Avatar initials={userInitials(user.realName)} size="sm" />
        {collapsed ? null : (
          <span className={styles.triggerText}>
            <span className={styles.primary}>{user.realName}</span>
            <span className={styles.secondary}>{user.email}</span>
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent side={collapsed ? 'right' : 'top'}>
        <DropdownMenuLabel>{user.email}</DropdownMenuLabel>
        {/* The guest account has no profile of its own to change. */}
        {isGuest ? null : (
          <>
            <DropdownMenuItem
              icon={<UserIcon size={16} />}
              onSelect={() => void navigate(teamHref(slug, '/settings/user/info'))}
            >
              Your profile
            </DropdownMenuItem>
            <DropdownMenuItem
              icon={<SettingsIcon size={16} />}
              onSelect={() => void navigate(teamHref(slug, '/settings/user/preferences'))}
            >
              Preferences
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem icon={<LogOutIcon size={16} />} onSelect={() => void handleSignOut()}>
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
