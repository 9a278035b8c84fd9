import {
  OPEN_SEGMENT_DIMENSIONS,
  type CollectEvent,
  type OpenSegmentDimension,
  type OpenSegmentValues,
  type VisitorClass,
} from '@kindling/domain';
import { sql } from 'kysely';
import type { Statements } from '../../db/statement-transaction';
import { armsOf, visitorKey, type Arms, type VisitorFacts } from './rollup-plan';

// Helpers of ingest-events.ts's storeBatch, kept apart so that file stays within its size.

/**
 * A visitor row's open segment columns (migration 0043), null for rows stored before it; read
 * under camelCase names, as every row of a statement comes back (snake_case keys do not).
 */
const OPEN_FIELDS = {
  referrer: 'referrer',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  country: 'country',
} as const satisfies Record<OpenSegmentDimension, string>;
type StoredOpenValues = Record<(typeof OPEN_FIELDS)[OpenSegmentDimension], string | null>;

// Raw text: the camelCase plugin would turn a reference's alias back into snake_case.
const OPEN_COLUMNS = sql.raw(
  OPEN_SEGMENT_DIMENSIONS.map((d) => `${d} as "${OPEN_FIELDS[d]}"`).join(', '),
);

/**
 * A stored visitor's open values; null for a row stored before they were kept (all are written
 * together): its later events count in no open segment, as its earlier ones do not.
 */
const openValuesOf = (row: StoredOpenValues): OpenSegmentValues | null =>
  OPEN_SEGMENT_DIMENSIONS.some((d) => row[OPEN_FIELDS[d]] === null)
    ? null
    : (Object.fromEntries(
        OPEN_SEGMENT_DIMENSIONS.map((d) => [d, row[OPEN_FIELDS[d]]]),
      ) as OpenSegmentValues);

type Exposure = Extract<CollectEvent, { type: 'exposure' }>;

/** The first event per key, events taken in time order. */
export function firstBy<T extends { id: string }>(events: readonly T[], key: (event: T) => string) {
  const first = new Map<string, T>();
  for (const event of events) if (!first.has(key(event))) first.set(key(event), event);
  return first;
}

/**
 * The visitors of the batch's events: goals and revenue count for their arms, and every event in
 * their segment. Those this batch created are known from their opening exposure (what the row
 * holds); only the others are looked up, in a statement of their own so it sees a visitor a
 * concurrent batch committed while ours waited on it.
 */
export async function knownVisitors(
  statements: Statements,
  fresh: readonly CollectEvent[],
  created: ReadonlyMap<string, Exposure>,
  /** The class a visitor opened by this exposure keeps (null: in no segment). */
  classOf: (opener: Exposure) => VisitorClass | null,
): Promise<Map<string, VisitorFacts>> {
  const visitors = new Map<string, VisitorFacts>();
  for (const [key, opener] of created) {
    visitors.set(key, {
      arms: armsOf(opener.assignments),
      firstExposureAt: opener.ts,
      visitorClass: classOf(opener),
    });
  }
  const others = fresh.filter((e) => !created.has(visitorKey(e)));
  const rows = await findVisitors(
    statements,
    [...firstBy(others, visitorKey).values()].map((e) => [e.campaignId, e.visitorId]),
  );
  for (const row of rows) {
    const firstExposureAt = new Date(row.firstExposureAt).getTime();
    const { browser, device, visitorType } = row;
    visitors.set(visitorKey(row), {
      arms: row.assignments,
      firstExposureAt,
      visitorClass:
        browser && device && visitorType
          ? { browser, device, visitorType, open: openValuesOf(row) }
          : null,
    });
  }
  return visitors;
}

/** The stored visitors of these keys, with their class (migration 0035). */
async function findVisitors(statements: Statements, keys: [number, string][]) {
  if (keys.length === 0) return [];
  return statements.rows<
    {
      campaignId: number;
      visitorId: string;
      firstExposureAt: Date | string;
      assignments: Arms;
      browser: VisitorClass['browser'] | null;
      device: VisitorClass['device'] | null;
      visitorType: string | null;
    } & StoredOpenValues
  >(sql`
    select campaign_id as "campaignId", visitor_id as "visitorId",
      first_exposure_at as "firstExposureAt", assignments, browser, device,
      visitor_type as "visitorType", ${OPEN_COLUMNS}
    from campaign_visitors
    where (campaign_id, visitor_id) in (${sql.join(keys.map(([a, b]) => sql`(${a}, ${b})`))})
  `);
}
