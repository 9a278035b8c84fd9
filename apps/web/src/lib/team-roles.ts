import type { TeamRole } from './user-context';

/** A team role as people read it, and what it may do (issue 35: the Viewer role). */
export const TEAM_ROLE_OPTIONS = [
  { value: 'member', label: 'Member', help: 'Makes, runs and ends tests and landing pages.' },
  { value: 'viewer', label: 'Viewer', help: 'Sees every campaign and result; changes nothing.' },
  { value: 'owner', label: 'Owner', help: 'Also invites people, manages keys and billing.' },
] as const satisfies readonly { value: TeamRole; label: string; help: string }[];

export const roleName = (role: TeamRole): string =>
  TEAM_ROLE_OPTIONS.find((option) => option.value === role)!.label;
