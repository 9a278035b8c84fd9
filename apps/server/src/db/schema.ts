import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { DefaultedTimestamp, Json, Timestamp } from './column-types';
import type * as Accounts from './schema-accounts';
import type * as Business from './schema-business';
import type * as Experiments from './schema-experiments';

export type * from './schema-accounts';
export type * from './schema-business';
export type * from './schema-experiments';

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
  /** When the team was told of a sample ratio mismatch (migration 0040); null: never. */
  srmAlertedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the test was ended (migration 0029); null while it has not. */
  endedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Element id -> the variant rolled out at the end; null when the original was kept. */
  rollout: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  rolloutRemovedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  rolloutRemindedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Page views the rollout was served on (bigint, read as a string). */
  rolloutViews: ColumnType<string, number | undefined, number>;
  /** Page views where it runs that had none of its elements (issue 31, migration 0042). */
  notOnPageViews: ColumnType<string, number | undefined, number>;
  archivedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Schedules (migration 0034): when the worker switches it on / off; null: never. */
  startAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  stopAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When a worker claimed the scheduled start / stop (one process of several). */
  scheduleStartedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  scheduleStoppedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Why the scheduled start was refused; null unless it was. */
  scheduleStartRefusal: ColumnType<string | null, string | null | undefined, string | null>;
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
  users: Accounts.UsersTable;
  teams: Accounts.TeamsTable;
  teamMembers: Accounts.TeamMembersTable;
  teamInvites: Accounts.TeamInvitesTable;
  accountTokens: Accounts.AccountTokensTable;
  ssoLogins: Accounts.SsoLoginsTable;
  ssoHandoffs: Accounts.SsoHandoffsTable;
  sessions: Accounts.SessionsTable;
  retiredRefreshTokens: Accounts.RetiredRefreshTokensTable;
  campaigns: CampaignsTable;
  campaignElements: ElementsTable;
  campaignServingPhases: Experiments.CampaignServingPhasesTable;
  exposureSegments: Experiments.ExposureSegmentsTable;
  campaignSegmentValues: Experiments.CampaignSegmentValuesTable;
  variants: VariantsTable;
  goals: GoalsTable;
  appSettings: AppSettingsTable;
  jobs: JobsTable;
  teamApiKeys: TeamApiKeysTable;
  events: Experiments.EventsTable;
  campaignVisitors: Experiments.CampaignVisitorsTable;
  campaignSessions: Experiments.CampaignSessionsTable;
  sessionGoals: Experiments.SessionGoalsTable;
  visitorGoals: Experiments.VisitorGoalsTable;
  campaignMetrics: Experiments.CampaignMetricsTable;
  campaignDrafts: Experiments.CampaignDraftsTable;
  variantCodeChanges: Experiments.VariantCodeChangesTable;
  rollupsHourly: Experiments.RollupsHourlyTable;
  campaignAddressCounts: Experiments.CampaignAddressCountsTable;
  campaignTraffic: Experiments.CampaignTrafficTable;
  collectDrops: Experiments.CollectDropsTable;
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
  auditLog: Business.AuditLogTable;
}
