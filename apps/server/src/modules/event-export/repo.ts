import { sql } from 'kysely';
import type { Db } from '../../db/database';

// A campaign's raw events (migration 0006's `events`), read a page at a time in (ts, id) order.

export interface StoredEvent {
  id: string;
  type: 'exposure' | 'goal' | 'revenue';
  campaignId: number;
  visitorId: string;
  sessionId: string;
  ts: Date | string;
  receivedAt: Date | string;
  url: string;
  data: Record<string, unknown>;
  /** `ts` as PostgreSQL writes it, microseconds and all: where the next page starts. */
  cursor: string;
}

export async function campaignOfTeam(db: Db, teamId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('campaigns')
    .select('id')
    .where('id', '=', id)
    .where('teamId', '=', teamId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The next `limit` events of the campaign in [start, end), after the (ts, id) `after`: keyset
 * pages on the (campaign_id, ts) index, so each costs the same however deep the export is.
 */
export async function readEventPage(
  db: Db,
  input: {
    campaignId: number;
    start: string | undefined;
    end: string | undefined;
    after: { cursor: string; id: string } | undefined;
    limit: number;
  },
): Promise<StoredEvent[]> {
  const { campaignId, start, end, after, limit } = input;
  const { rows } = await sql<StoredEvent>`
    select id, type, campaign_id as "campaignId", visitor_id as "visitorId",
      session_id as "sessionId", ts, received_at as "receivedAt", url, data,
      ts::text as cursor
    from events
    where campaign_id = ${campaignId}
      ${start ? sql`and ts >= ${start}::timestamptz` : sql``}
      ${end ? sql`and ts < ${end}::timestamptz` : sql``}
      ${
        after
          ? // The first test bounds the index scan; the row comparison orders ties by id.
            sql`and ts >= ${after.cursor}::timestamptz
              and (ts, id) > (${after.cursor}::timestamptz, ${after.id}::uuid)`
          : sql``
      }
    order by ts, id
    limit ${limit}
  `.execute(db);
  return rows;
}
