import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, Json, Timestamp } from './column-types';

// The experiment's tables (issue 9 on): events, each visitor's and session's facts, the hourly
// rollups the statistics read, and what the collector counts beside them. Part of the one
// Database interface in schema.ts.

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
  /** The class of the first exposure (migration 0035); null: in no segment. */
  browser: ColumnType<string | null, string | null | undefined, string | null>;
  device: ColumnType<string | null, string | null | undefined, string | null>;
  visitorType: ColumnType<string | null, string | null | undefined, string | null>;
  /** The open segments of the first exposure (migration 0043); null: in no such segment. */
  referrer: ColumnType<string | null, string | null | undefined, string | null>;
  utmSource: ColumnType<string | null, string | null | undefined, string | null>;
  utmMedium: ColumnType<string | null, string | null | undefined, string | null>;
  utmCampaign: ColumnType<string | null, string | null | undefined, string | null>;
  country: ColumnType<string | null, string | null | undefined, string | null>;
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

/** The values a campaign counts by name per open segment dimension (migration 0043). */
export interface CampaignSegmentValuesTable {
  campaignId: number;
  dimension: string;
  value: string;
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

/** A campaign being built (migration 0031): the wizard's state, kept whole. */
export interface CampaignDraftsTable {
  id: Generated<number>;
  teamId: number;
  name: string;
  ingestedUrl: string;
  step: string;
  thumbnail: Json<{ small: string; large: string } | null>;
  /** JSON text: read back byte for byte (jsonb's keys would be camel-cased on the way out). */
  state: string;
  revision: ColumnType<number, number | undefined, number>;
  updatedBy: number | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** Every change of a variant's stylesheet or script (issue 32), with who and when. */
export interface VariantCodeChangesTable {
  id: Generated<string>;
  teamId: number;
  campaignId: number;
  /** Null when the variant was new and its id not known yet, or for a removal. */
  variantId: number | null;
  variantKey: string;
  kind: 'css' | 'code';
  before: string | null;
  after: string | null;
  userId: number | null;
  userEmail: string | null;
  changedAt: DefaultedTimestamp;
}
