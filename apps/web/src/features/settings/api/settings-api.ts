import type { InviteDelivery } from '../state/invite-delivery';
import type { ApiKeyScope, Correction, FeatureFlag } from '@kindling/domain';
import { api, apiPath, teamApiPath } from '../../../lib/api-client';
import type { Subscription, TeamRole, User, UserPreferences } from '../../../lib/user-context';

export interface TeamDetails {
  slug: string;
  name: string;
  role: TeamRole;
  subscription: Subscription | null;
  featureFlags: string[];
  /** How every campaign's verdicts correct for several variants. */
  statsCorrection: Correction;
  /** The zone the team's schedules are shown and edited in (IANA name). */
  timeZone: string;
}

export interface Member {
  userId: number;
  email: string;
  realName: string;
  role: TeamRole;
}

export interface Invite {
  id: number;
  email: string;
  role: TeamRole;
  createdAt: string;
  expiresAt: string | null;
  /** The link no longer works; "Send again" makes a new one. */
  expired: boolean;
}

/** An invitation just made or renewed, with the link the owner can pass on. */
export interface SharedInvite {
  invite: Invite;
  link: string;
  delivery: InviteDelivery;
}

export interface UsernameVerdict {
  valid: boolean;
  available: boolean;
  message?: string;
}

export interface UserChanges {
  realName?: string;
  username?: string;
  /** Needs `currentPassword`; the new address starts unverified. */
  email?: string;
  preferences?: Partial<UserPreferences>;
  defaultTeam?: string;
  currentPassword?: string;
  newPassword?: string;
}

export const teamKey = (team: string) => ['team', team] as const;
export const membersKey = (team: string) => ['team-members', team] as const;

export async function fetchTeam(team: string): Promise<TeamDetails> {
  return (await api.get<{ team: TeamDetails }>(teamApiPath(team, ''))).team;
}

export async function saveTeam(team: string, name: string): Promise<TeamDetails> {
  return (await api.post<{ team: TeamDetails }>(teamApiPath(team, '/save'), { name })).team;
}

export async function setFeatureFlag(
  team: string,
  flag: FeatureFlag,
  enabled: boolean,
): Promise<string[]> {
  const answer = await api.post<{ featureFlags: string[] }>(teamApiPath(team, '/feature-flags'), {
    flag,
    enabled,
  });
  return answer.featureFlags;
}

/** Owners only (a member is answered 403). */
export async function setStatsCorrection(
  team: string,
  correction: Correction,
): Promise<TeamDetails> {
  const answer = await api.post<{ team: TeamDetails }>(teamApiPath(team, '/stats-settings'), {
    correction,
  });
  return answer.team;
}

/** Owners only (a member is answered 403). */
export async function setTeamTimeZone(team: string, timeZone: string): Promise<TeamDetails> {
  const answer = await api.post<{ team: TeamDetails }>(teamApiPath(team, '/time-zone'), {
    timeZone,
  });
  return answer.team;
}

export function fetchMembers(team: string): Promise<{ members: Member[]; invites: Invite[] }> {
  return api.get(teamApiPath(team, '/members'));
}

export function inviteMember(
  team: string,
  input: { email: string; role: TeamRole },
): Promise<SharedInvite> {
  return api.post(teamApiPath(team, '/members/invite'), input);
}

export function renewInvite(team: string, id: number): Promise<SharedInvite> {
  return api.post(teamApiPath(team, '/invites/renew'), { id });
}

export function removeMember(team: string, userId: number): Promise<void> {
  return api.delete(teamApiPath(team, '/members/remove', { userId }));
}

export function revokeInvite(team: string, id: number): Promise<void> {
  return api.delete(teamApiPath(team, '/invites/revoke', { id }));
}

export async function saveUser(changes: UserChanges): Promise<User> {
  return (await api.post<{ user: User }>(apiPath('/user/save'), changes)).user;
}

export function validateUsername(username: string, signal?: AbortSignal): Promise<UsernameVerdict> {
  return api.get<UsernameVerdict>(apiPath('/user/validate-name', { username }), { signal });
}

export interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  createdAt: string;
  lastUsedAt: string | null;
}

export const apiKeysKey = (team: string) => ['team-api-keys', team] as const;

export async function fetchApiKeys(team: string): Promise<ApiKey[]> {
  return (await api.get<{ apiKeys: ApiKey[] }>(teamApiPath(team, '/api-keys'))).apiKeys;
}

export function createApiKey(
  team: string,
  name: string,
  scope: ApiKeyScope,
): Promise<{ apiKey: ApiKey; secret: string }> {
  return api.post(teamApiPath(team, '/api-keys/create'), { name, scope });
}

export function revokeApiKey(team: string, id: number): Promise<void> {
  return api.delete(teamApiPath(team, '/api-keys/revoke', { id }));
}
