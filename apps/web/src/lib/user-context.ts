import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, apiPath } from './api-client';
import { USER_CONTEXT_QUERY_CACHE } from './query-cache';

export type TeamRole = 'owner' | 'member' | 'viewer';
export type PreviewSize = 'mobile' | 'tablet' | 'desktop';

export interface UserPreferences {
  timezone: string;
  previewSize: PreviewSize;
  menuCollapsed: boolean;
  notificationMails: boolean;
}

export interface Subscription {
  status: string;
  periodEndsAt?: number | null;
  trialEndsAt?: number | null;
  productId?: string | null;
}

export interface User {
  id: number;
  email: string;
  /** The address was proven by following a link sent to it. */
  emailVerified: boolean;
  /** The shared guest account ("Try without signing up"): everything is read-only. */
  isGuest?: boolean;
  realName: string;
  username: string | null;
  defaultTeam: string | null;
  preferences: UserPreferences;
}

export interface TeamMembership {
  slug: string;
  name: string;
  role: TeamRole;
  subscription: Subscription | null;
  /** The server's word: new campaigns start paused for want of a subscription (payments on). */
  newCampaignsWaitForSubscription?: boolean;
}

/** How this server passes links on: by mail, or (no mail server set up) in its log. */
export type MailDelivery = 'mail' | 'log';

export interface UserContext {
  user: User;
  teams: TeamMembership[];
  featureFlags: string[];
  mailDelivery: MailDelivery;
  /** The base of absolute links to team screens, {ADMIN_URL}/admin/{team}{path}. */
  adminUrl: string;
  /** May use the instance-admin screen (the server checks again on every call). */
  isInstanceAdmin?: boolean;
}

export const userContextKey = (team?: string) => ['user-context', team ?? null] as const;

export function fetchUserContext(team?: string): Promise<UserContext> {
  return api.get<UserContext>(apiPath('/user/by-session', { team }));
}

export function useUserContext(team?: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userContextKey(team),
    queryFn: () => fetchUserContext(team),
    // Spec section 9: cached for 86400 s; saves invalidate it explicitly.
    ...USER_CONTEXT_QUERY_CACHE,
    enabled: options.enabled ?? true,
  });
}

export function invalidateUserContext(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['user-context'] });
}

export function currentMembership(
  context: UserContext | undefined,
  team: string,
): TeamMembership | undefined {
  return context?.teams.find((membership) => membership.slug === team);
}
