import type { Generated } from 'kysely';
import type { ForwardingLabels } from '@kindling/domain';
import type { DefaultedTimestamp, Json, Timestamp } from './column-types';

// The accounts' tables: people, teams and their members, invitations, account links and
// sessions. Part of the one Database interface in schema.ts.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  passwordHash: string;
  realName: string;
  username: string | null;
  defaultTeamId: number | null;
  preferences: Json<Record<string, unknown>>;
  /** When the owner of the address proved it by following a link sent to it. */
  emailVerifiedAt: Timestamp | null;
  /** The shared guest account (GUEST_ACCESS): read-only, signs in only through /api/auth/guest. */
  isGuest: Generated<boolean>;
  createdAt: DefaultedTimestamp;
}

export interface TeamsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  subscription: Json<Record<string, unknown> | null>;
  featureFlags: Json<string[]>;
  statsCorrection: Generated<'holm' | 'benjamini-hochberg'>;
  /** The zone schedules are shown and edited in (migration 0034). */
  timeZone: Generated<string>;
  /** The global holdout's share of visitors, 0-20 (migration 0037). */
  holdoutPercent: Generated<number>;
  /** Exposures handed to the page's analytics tools, by ids or names; null: off (0039). */
  analyticsForwarding: Generated<ForwardingLabels | null>;
  createdAt: DefaultedTimestamp;
}

export interface TeamMembersTable {
  teamId: number;
  userId: number;
  role: 'owner' | 'member' | 'viewer';
  createdAt: DefaultedTimestamp;
}

export interface TeamInvitesTable {
  id: Generated<number>;
  teamId: number;
  email: string;
  role: 'owner' | 'member' | 'viewer';
  invitedBy: number;
  createdAt: DefaultedTimestamp;
  acceptedAt: Timestamp | null;
  /** The invitation link's secret, hashed; null for invitations made before links existed. */
  tokenHash: string | null;
  expiresAt: Timestamp | null;
}

export type AccountTokenPurpose = 'verify-email' | 'reset-password';

export interface AccountTokensTable {
  id: Generated<number>;
  userId: number;
  purpose: AccountTokenPurpose;
  email: string;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: DefaultedTimestamp;
}

export interface SessionsTable {
  id: string;
  userId: number;
  refreshTokenHash: string;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  createdAt: DefaultedTimestamp;
}

/** A session's earlier refresh-token hashes (the newest few), kept to recognise reuse. */
export interface RetiredRefreshTokensTable {
  /** bigserial, for the retirement order; pg hands bigint back as a string. */
  id: Generated<string>;
  sessionId: string;
  tokenHash: string;
  retiredAt: DefaultedTimestamp;
}

/** A sign-on started here, until its answer comes back (migration 0041). */
export interface SsoLoginsTable {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** SHA-256 of the cookie set in the browser that started it. */
  browserHash: string;
  /** Where in the app to go once signed in (checked like the sign-in page's `next`). */
  next: string;
  createdAt: DefaultedTimestamp;
}

/** The one-time code the app exchanges for its session, stored as its SHA-256 (0041). */
export interface SsoHandoffsTable {
  codeHash: string;
  userId: number;
  /** The same browser's cookie as the login's: only that browser exchanges the code. */
  browserHash: string;
  createdAt: DefaultedTimestamp;
}
