import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Statements } from '../../db/statement-transaction';
import type { Arms } from './rollup-plan';

/** A stored exposure as a vitals event is checked against. */
export interface StoredExposure {
  id: string;
  campaignId: number;
  visitorId: string;
  assignments: Record<string, number | 'control'>;
}

/** The exposures among `ids` (events of type exposure), by primary key. */
export async function findExposures(db: Db, ids: readonly string[]): Promise<StoredExposure[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<StoredExposure>`
    select id::text as id, campaign_id as "campaignId", visitor_id as "visitorId",
      data -> 'assignments' as assignments
    from events
    where type = 'exposure' and id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})
  `.execute(db);
  return rows;
}

export interface VitalsRow {
  id: string;
  campaignId: number;
  exposureId: string;
  visitorId: string;
  /** ISO time. */
  ts: string;
  url: string;
  arms: Arms;
  lcp: number | null;
  cls: number | null;
  inp: number | null;
}

/** One count to add: the vitals event it comes from, counted only if that event is new. */
export interface VitalsRollupRow {
  eventId: string;
  campaignId: number;
  elementId: number;
  arm: number;
  metric: 'all' | 'lcp' | 'cls' | 'inp';
  bucket: number;
}

const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * One statement: stores the vitals events not stored before and adds the counts of those to
 * the vitals rollups (in key order, so concurrent batches lock rows in the same order).
 * Answers the ids stored.
 */
export async function insertNewVitals(
  statements: Statements,
  { events, counts }: { events: readonly VitalsRow[]; counts: readonly VitalsRollupRow[] },
): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const rows = await statements.rows<{ id: string }>(sql`
    with stored as (
      insert into vitals_events
        (id, campaign_id, exposure_id, visitor_id, ts, url, arms, lcp, cls, inp)
      select id, "campaignId", "exposureId", "visitorId", ts, url, arms, lcp, cls, inp
      from jsonb_to_recordset(${json(events)})
        as x(id uuid, "campaignId" integer, "exposureId" uuid, "visitorId" text,
          ts timestamptz, url text, arms jsonb, lcp double precision, cls double precision,
          inp double precision)
      on conflict (id) do nothing
      returning id
    ),
    added as (
      insert into vitals_rollups (campaign_id, element_id, arm, metric, bucket, reports)
      select "campaignId", "elementId", arm, metric, bucket, count(*)
      from jsonb_to_recordset(${json(counts)})
        as x("eventId" uuid, "campaignId" integer, "elementId" integer, arm integer,
          metric text, bucket integer)
      join stored on stored.id = x."eventId"
      group by "campaignId", "elementId", arm, metric, bucket
      order by "campaignId", "elementId", arm, metric, bucket
      on conflict (campaign_id, element_id, arm, metric, bucket)
        do update set reports = vitals_rollups.reports + excluded.reports
      returning 1
    )
    select id::text as id from stored
  `);
  return new Set(rows.map((row) => row.id));
}
