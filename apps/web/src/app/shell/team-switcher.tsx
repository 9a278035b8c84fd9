import clsx from 'clsx';
import { useNavigate } from 'react-router';
import { useCurrentTeam } from '../../lib/current-team';
import { teamHref } from '../../lib/team-path';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { CheckIcon, ChevronUpDownIcon, PlusIcon } from '../../ui/icons';
import styles from './shell-menus.module.css';
import { roleName } from '../../lib/team-roles';

function teamMark(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

export function TeamSwitcher({ collapsed }: { collapsed: boolean }) {
  const { teams, membership, isGuest } = useCurrentTeam();
  const navigate = useNavigate();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={clsx(styles.trigger, collapsed && styles.triggerCollapsed)}
        aria-label={`Team: ${membership.name}. Switch team`}
        data-testid="team-switcher"
      >
        <span className={styles.teamMark} aria-hidden="true">
          {teamMark(membership.name)}
        </span>
        {collapsed ? null : (
          <>
            <span className={styles.triggerText}>
              <span className={styles.primary}>{membership.name}</span>
              <span className={styles.secondary}>
                {isGuest ? 'Guest' : roleName(membership.role)}
              </span>
            </span>
            <ChevronUpDownIcon size={16} className={styles.chevron} />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent side={collapsed ? 'right' : 'bottom'}>
        <DropdownMenuLabel>Your teams</DropdownMenuLabel>
        {teams.map((team) => (
          <DropdownMenuItem
            key={team.slug}
            onSelect={() => void navigate(teamHref(team.slug, '/campaigns'))}
            icon={<span className={styles.teamMarkSmall}>{teamMark(team.name)}</span>}
            trailing={team.slug === membership.slug ? <CheckIcon size={16} /> : undefined}
            data-testid={`team-option-${team.slug}`}
          >
            {team.name}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          icon={<PlusIcon size={16} />}
          onSelect={() => void navigate('/admin/auth/create-team')}
        >
          Create team
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
