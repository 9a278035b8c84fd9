import {
  MAX_REFERRER_HOSTS,
  REFERRER_DIRECT,
  REFERRER_OTHER,
  SEGMENT_UNKNOWN,
} from '@kindling/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Statements } from '../../db/statement-transaction';
import type { SegmentCountRow } from './segment-counts';

const CLASSES = [REFERRER_DIRECT, REFERRER_OTHER, SEGMENT_UNKNOWN];

/**
 * One statement: adds the batch's new visitors per segment to exposure_segments on `shard`.
 * A referrer host counts by name when the campaign already knows it or still has room for it
 * (at most MAX_REFERRER_HOSTS names per campaign, taken in order of arrival), else as
 * "(other)": forged hosts cannot grow either table. Two batches racing for the last free slots
 * may each take them, so a campaign can end a few names over; never more than that. Rows are
 * written in key order, as rollups_hourly's, so concurrent batches take row locks in one order.
 */
export async function addToSegmentCounts(
  statements: Statements,
  rows: readonly SegmentCountRow[],
  shard: number,
): Promise<void> {
  if (rows.length === 0) return;
  const input = rows.map((row) => ({ ...row, hour: new Date(row.hour).toISOString() }));
  const classes = sql.join(CLASSES.map((value) => sql`${value}`));
  await statements.rows(sql`
    with input as (
      select "campaignId" as campaign_id, hour, "elementId" as element_id, arm, dimension,
        value, visitors
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x("campaignId" integer,
        hour timestamptz, "elementId" integer, arm integer, dimension text, value text,
        visitors bigint)
    ),
    hosts as (
      select distinct campaign_id, value as host from input
      where dimension = 'referrer' and value not in (${classes})
    ),
    known as (
      select h.campaign_id, h.host from campaign_referrer_hosts h
      where h.campaign_id in (select campaign_id from hosts)
    ),
    room as (
      select campaign_id, ${MAX_REFERRER_HOSTS} - count(*) as free from known group by campaign_id
    ),
    added as (
      insert into campaign_referrer_hosts (campaign_id, host)
      select fresh.campaign_id, fresh.host from (
        select hosts.*, row_number() over (partition by hosts.campaign_id order by hosts.host) as n
        from hosts
        where not exists (
          select 1 from known where known.campaign_id = hosts.campaign_id
            and known.host = hosts.host
        )
      ) fresh
      left join room using (campaign_id)
      where fresh.n <= coalesce(room.free, ${MAX_REFERRER_HOSTS})
      order by fresh.campaign_id, fresh.host
      on conflict do nothing
      returning campaign_id, host
    ),
    named as (select campaign_id, host from known union select campaign_id, host from added),
    classed as (
      select campaign_id, hour, element_id, arm, dimension,
        case when dimension = 'referrer' and value not in (${classes})
          and not exists (
            select 1 from named where named.campaign_id = input.campaign_id
              and named.host = input.value
          )
        then ${REFERRER_OTHER} else value end as value,
        visitors
      from input
    )
    insert into exposure_segments as s (campaign_id, hour, element_id, arm, dimension, value,
      shard, visitors)
    select campaign_id, hour, element_id, arm, dimension, value, ${shard}::smallint,
      sum(visitors)
    from classed
    group by campaign_id, hour, element_id, arm, dimension, value
    order by campaign_id, hour, element_id, arm, dimension, value
    on conflict (campaign_id, hour, element_id, arm, dimension, value, shard) do update set
      visitors = s.visitors + excluded.visitors
  `);
}

/**
 * Folds the shards of the hours starting before `before` into shard 0, at most `limit` rows in
 * one statement, in key order (as the rollups' fold: collect/fold-rollups.ts). Every team's
 * rows: the caller is the server's background upkeep. Answers the rows folded.
 */
export async function dangerousFoldSegmentShards(
  db: Db,
  { before, limit }: { before: Date; limit: number },
): Promise<number> {
  const key = sql.raw('campaign_id, hour, element_id, arm, dimension, value');
  const result = await sql<{ folded: string }>`
    with picked as (
      select ctid from exposure_segments where shard <> 0 and hour < ${before}
      order by ${key}, shard limit ${limit} for update
    ),
    moved as (
      delete from exposure_segments where ctid = any (array(select ctid from picked))
      returning *
    ),
    folded as (
      insert into exposure_segments as s (campaign_id, hour, element_id, arm, dimension, value,
        shard, visitors)
      select ${key}, 0, sum(visitors) from moved group by ${key} order by ${key}
      on conflict (campaign_id, hour, element_id, arm, dimension, value, shard) do update set
        visitors = s.visitors + excluded.visitors
    )
    select count(*) as folded from moved
  `.execute(db);
  return Number(result.rows[0]?.folded ?? 0);
}
