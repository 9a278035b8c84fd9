import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, Timestamp } from './column-types';

// The business layer's tables (issue 13): survey, billing, client logs, waitlist, URL context,
// AI generations. Part of the one Database interface in schema.ts.

export interface TeamSurveysTable {
  teamId: number;
  companyName: string | null;
  marketingSpend: string | null;
  demographic: string | null;
  industry: string | null;
  referral: string | null;
  /** The member who saved the answers last; null once that account is gone. */
  answeredBy: number | null;
  answeredAt: Timestamp | null;
  /** The team chose "Not now": the prompt on the campaign list stops. */
  dismissedAt: Timestamp | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface TeamBillingTable {
  teamId: number;
  stripeCustomerId: string;
  stripeSubscriptionId: string | null;
  /** bigint: pg hands it back as text, PGlite as a number or bigint; read it with Number(). */
  lastEventCreated: ColumnType<string | number | bigint | null, number | null, number | null>;
  hadSubscription: Generated<boolean>;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  receivedAt: DefaultedTimestamp;
}

export interface ClientLogsTable {
  id: Generated<string>;
  receivedAt: DefaultedTimestamp;
  level: string;
  category: string;
  message: string;
  /** Any JSON value, or null when the record had no data. */
  data: ColumnType<unknown, string | null, string | null>;
  loggedAt: Timestamp;
  url: string;
  userLocale: string;
  userAgent: string;
  devicePixelRatio: number;
  screenWidth: number;
  screenHeight: number;
  windowWidth: number;
  windowHeight: number;
  userId: number | null;
  teamSlug: string | null;
  /** What the record counts for against CLIENT_LOG_MAX_TOTAL_BYTES (migration 0022). */
  sizeBytes: ColumnType<number, never, never>;
}

/** The one row: the sizes of every client log record added up, kept by triggers. */
export interface ClientLogUsageTable {
  id: ColumnType<boolean, never, never>;
  /** bigint: pg hands it back as text, PGlite as a number or bigint; read it with Number(). */
  bytes: ColumnType<string | number | bigint, never, never>;
}

/** A team waits for one entry of the domain's WAITLIST_CATALOGUE. */
export interface TeamWaitlistTable {
  teamId: number;
  entry: string;
  /** The member who put the team on it; null once that account is gone. */
  joinedBy: number | null;
  joinedAt: DefaultedTimestamp;
}

/** A page's remembered context for AI prompts, kept under the domain's pageUrlKey. */
export interface UrlContextsTable {
  teamId: number;
  url: string;
  offer: string;
  audience: string;
  voice: string;
  /** A JSON array of strings. */
  avoidWords: ColumnType<unknown, string, string>;
  updatedBy: number | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface AiGenerationsTable {
  id: Generated<string>;
  teamId: number;
  kind: 'text' | 'image';
  createdAt: DefaultedTimestamp;
}

/** Burner landing pages (issue 18). */
export interface PagesTable {
  id: Generated<number>;
  teamId: number;
  slug: string;
  templateId: number;
  /** The domain's LandingPageContent; read it back through its schema. */
  content: ColumnType<unknown, string, string>;
  indexable: Generated<boolean>;
  publishedAt: Timestamp | null;
  /** The key this page's tracker tag carries; collect asks it of its campaigns' events. */
  collectKey: Generated<string>;
  createdBy: number | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface PageSignupsTable {
  id: Generated<string>;
  pageId: number;
  teamId: number;
  email: string;
  createdAt: DefaultedTimestamp;
}

/** Team notifications: one row per notice to the whole team. */
export interface NotificationsTable {
  id: Generated<number>;
  teamId: number;
  title: string;
  body: string;
  /** A path inside the app (/admin/{team}/...), or null. */
  link: string | null;
  createdAt: DefaultedTimestamp;
}

/** A member has read a notification; no row means unread. */
export interface NotificationReadsTable {
  notificationId: number;
  userId: number;
  teamId: number;
  readAt: DefaultedTimestamp;
}

/** "Test this idea" experiments on burner pages (issue 18). */
export interface IdeaExperimentsTable {
  id: Generated<number>;
  teamId: number;
  pageId: number;
  campaignId: number;
  /** The domain's ExperimentVariant[]. */
  variants: ColumnType<unknown, string, string>;
  status: ColumnType<'running' | 'stopped', 'running' | 'stopped' | undefined>;
  stopReason: string | null;
  /** The domain's ExperimentVerdict at the stop. */
  verdict: ColumnType<unknown, string | null | undefined, string | null>;
  createdAt: DefaultedTimestamp;
  stoppedAt: Timestamp | null;
}

/** One change of a team's audited rows (issue 33, migration 0045), written by a trigger. */
export interface AuditLogTable {
  /** bigserial: read as a string. */
  id: Generated<string>;
  teamId: number;
  at: DefaultedTimestamp;
  actorType: 'user' | 'api_key' | 'system';
  actorId: number | null;
  /** The person's address, or the API key's name, as they were then. */
  actorLabel: string | null;
  requestId: string | null;
  /** The route, as `METHOD /api/team/:team/...`. */
  route: string | null;
  /** The table the row is in. */
  entity: string;
  entityId: string | null;
  campaignId: number | null;
  action: 'insert' | 'update' | 'delete';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
