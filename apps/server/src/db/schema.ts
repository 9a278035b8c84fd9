import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { DefaultedTimestamp, Json, Timestamp } from './column-types';
import type * as Business from './schema-business';

export type * from './schema-business';

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

export interface CampaignsTable {
  id: Generated<number>;
  teamId: number;
  name: string;
  description: string | null;
  type: string;
  ingestedUrl: string;
  meta: Json<Record<string, unknown>>;
  thumbnail: Json<{ small: string; large: string } | null>;
  exclusiveAudienceMode: boolean;
  trafficAllocation: number;
  isEnabled: boolean;
  autoGenerationStatus: Json<Record<string, unknown> | null>;
  /** Generated statistics up to 1999-12-31: never served to the tracker, takes no events. */
  isDemo: Generated<boolean>;
  statsMethod: Generated<'sequential' | 'fixed'>;
  minimumDetectableEffect: Generated<number>;
  /** Switch off by itself once answered (migration 0025). */
  autoStop: Generated<boolean>;
  /** When auto-stop switched it off; null while it has not. */
  autoStoppedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface ElementsTable {
  id: Generated<number>;
  teamId: number;
  campaignId: number;
  position: number;
  selector: string;
  type: string;
  key: string;
  /** control, meta, prompt, textType, objective, attributes, domStats */
  data: Json<Record<string, unknown>>;
}

export interface VariantsTable {
  id: Generated<number>;
  teamId: number;
  elementId: number;
  position: number;
  key: string;
  type: string;
  isEnabled: boolean;
  info: Json<Record<string, unknown>>;
}

export interface GoalsTable {
  id: Generated<number>;
  teamId: number;
  campaignId: number;
  position: number;
  isConversionGoal: boolean;
  event: Json<Record<string, unknown>>;
  metricRole: 'secondary' | 'guardrail' | null;
  lowerIsBetter: Generated<boolean>;
}

export interface EventsTable {
  id: string;
  campaignId: number;
  type: 'exposure' | 'goal' | 'revenue';
  visitorId: string;
  sessionId: string;
  ts: Timestamp;
  url: string;
  data: Json<Record<string, unknown>>;
  receivedAt: DefaultedTimestamp;
}

export interface CampaignVisitorsTable {
  campaignId: number;
  visitorId: string;
  firstExposureAt: Timestamp;
  /** Element id -> variant id, 0 for the control. */
  assignments: Json<Record<string, number>>;
  /** Revenue and sessions since the first exposure (migration 0026). */
  revenue: ColumnType<number, number | undefined, number>;
  sessions: ColumnType<number, number | undefined, number>;
}

export interface CampaignSessionsTable {
  campaignId: number;
  sessionId: string;
  visitorId: string;
  startedAt: Timestamp;
}

export interface SessionGoalsTable {
  campaignId: number;
  sessionId: string;
  goalId: number;
  reachedAt: Timestamp;
}

/** The first time a visitor reached a goal: what makes converted visitors exact. */
export interface VisitorGoalsTable {
  campaignId: number;
  visitorId: string;
  goalId: number;
  reachedAt: Timestamp;
  /** The visitor's sessions that reached the goal. */
  sessions: ColumnType<number, number | undefined, number>;
}

/** A campaign's mean and ratio metrics (migration 0026); goal metrics live on their goal. */
export interface CampaignMetricsTable {
  id: Generated<number>;
  campaignId: number;
  kind: 'revenue_per_visitor' | 'revenue_per_session' | 'goal_per_session';
  /** The goal counted per session (goal_per_session); null otherwise. */
  goalId: number | null;
  role: 'secondary' | 'guardrail';
  lowerIsBetter: ColumnType<boolean, boolean | undefined, boolean>;
  /** Revenue per visitor: each visitor's revenue capped at this percentile (0.99); null: none. */
  capPercentile: number | null;
  position: ColumnType<number, number | undefined, number>;
}

type Counter = ColumnType<string, number | undefined, number>;

/** What the tracker served from `startedAt` on (migration 0024): element id -> arm -> share. */
export interface CampaignServingPhasesTable {
  id: Generated<number>;
  teamId: number;
  campaignId: number;
  startedAt: DefaultedTimestamp;
  shares: Json<Record<string, Record<string, number>>>;
}

/** New visitors per hour, element, arm and coarse class (migration 0024), sharded. */
export interface ExposureSegmentsTable {
  campaignId: number;
  hour: Timestamp;
  elementId: number;
  arm: number;
  dimension: 'browser' | 'device' | 'platform' | 'visitor' | 'referrer';
  value: string;
  shard: number;
  visitors: ColumnType<string, number | undefined, number>;
}

/** The referrer hosts a campaign counts by name (migration 0024). */
export interface CampaignReferrerHostsTable {
  campaignId: number;
  host: string;
}

export interface RollupsHourlyTable {
  campaignId: number;
  hour: Timestamp;
  elementId: number;
  /** The variant id; 0 is the control. */
  arm: number;
  /** 0 for counts that belong to no goal. */
  goalId: number;
  /** One of ROLLUP_SHARDS rows per key, so concurrent batches rarely share a row lock. */
  shard: number;
  exposures: Counter;
  visitors: Counter;
  sessions: Counter;
  goalSessions: Counter;
  /** Visitors reaching the goal for the first time (goal rows only). */
  goalVisitors: Counter;
  conversions: Counter;
  revenue: ColumnType<number, number | undefined, number>;
  /** Σ x² over visitors, x the revenue (goal 0) or the goal's sessions (migration 0026). */
  valueSquares: ColumnType<number, number | undefined, number>;
  /** Σ x·sessions over visitors. */
  valueSessions: ColumnType<number, number | undefined, number>;
  /** Σ sessions² over visitors (goal 0 rows). */
  sessionSquares: ColumnType<number, number | undefined, number>;
  applied: Counter;
  missed: Counter;
  /** Applied times counted per FLICKER_BUCKETS_MS bucket; shorter arrays count 0 beyond. */
  appliedMsHistogram: ColumnType<string[], number[] | undefined, number[]>;
}

/** Counted traffic per campaign and client address (a keyed hash, never the address). */
export interface CampaignAddressCountsTable {
  campaignId: number;
  /** HMAC-SHA256 under the server's secret of the campaign id and address, first 8 bytes. */
  addressKey: ColumnType<string, string, string>;
  visitors: Counter;
  views: Counter;
}

/** campaign_address_counts summed per campaign, on a few shards (see migration 0021). */
export interface CampaignTrafficTable {
  campaignId: number;
  shard: number;
  visitors: Counter;
  views: Counter;
  addresses: Counter;
  topAddressVisitors: Counter;
  topAddressViews: Counter;
}

export interface CollectDropsTable {
  day: ColumnType<Date, string, string>;
  bots: Counter;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobsTable {
  id: Generated<string>;
  teamId: number;
  type: string;
  payload: Json<Record<string, unknown>>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  runAt: DefaultedTimestamp;
  lockedAt: Timestamp | null;
  result: JSONColumnType<Record<string, unknown> | null, string | undefined, string>;
  error: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface TeamApiKeysTable {
  id: Generated<number>;
  teamId: number;
  name: string;
  /** The first characters of the secret after `kk_`, shown so users can tell keys apart. */
  prefix: string;
  /** sha256 hex of the whole secret; the secret itself is never stored. */
  keyHash: string;
  /** 'read' or 'write' (migration 0027). */
  scope: ColumnType<'read' | 'write', 'read' | 'write' | undefined, 'read' | 'write'>;
  createdBy: number;
  createdAt: DefaultedTimestamp;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
}

export interface AiDescriptionsTable {
  teamId: number;
  cacheKey: string;
  /** The context the description was written from: another context writes a new one. */
  contextHash: string;
  description: string;
  createdAt: DefaultedTimestamp;
}

/** A team's intro survey: the answers (null until answered) and whether it was put off. */
export interface Database {
  users: UsersTable;
  teams: TeamsTable;
  teamMembers: TeamMembersTable;
  teamInvites: TeamInvitesTable;
  accountTokens: AccountTokensTable;
  sessions: SessionsTable;
  retiredRefreshTokens: RetiredRefreshTokensTable;
  campaigns: CampaignsTable;
  campaignElements: ElementsTable;
  campaignServingPhases: CampaignServingPhasesTable;
  exposureSegments: ExposureSegmentsTable;
  campaignReferrerHosts: CampaignReferrerHostsTable;
  variants: VariantsTable;
  goals: GoalsTable;
  appSettings: AppSettingsTable;
  jobs: JobsTable;
  teamApiKeys: TeamApiKeysTable;
  events: EventsTable;
  campaignVisitors: CampaignVisitorsTable;
  campaignSessions: CampaignSessionsTable;
  sessionGoals: SessionGoalsTable;
  visitorGoals: VisitorGoalsTable;
  campaignMetrics: CampaignMetricsTable;
  rollupsHourly: RollupsHourlyTable;
  campaignAddressCounts: CampaignAddressCountsTable;
  campaignTraffic: CampaignTrafficTable;
  collectDrops: CollectDropsTable;
  aiDescriptions: AiDescriptionsTable;
  teamSurveys: Business.TeamSurveysTable;
  clientLogs: Business.ClientLogsTable;
  clientLogUsage: Business.ClientLogUsageTable;
  teamWaitlist: Business.TeamWaitlistTable;
  urlContexts: Business.UrlContextsTable;
  aiGenerations: Business.AiGenerationsTable;
  pages: Business.PagesTable;
  pageSignups: Business.PageSignupsTable;
  ideaExperiments: Business.IdeaExperimentsTable;
  teamBilling: Business.TeamBillingTable;
  stripeEvents: Business.StripeEventsTable;
  notifications: Business.NotificationsTable;
  notificationReads: Business.NotificationReadsTable;
}
