import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Statements } from '../../db/statement-transaction';
import type { SegmentCountRow } from './segment-counts';

/**
 * One statement: adds the batch's new visitors per segment to exposure_segments on `shard`.
 * Referrer hosts come as their visitors keep them: by name when the campaign keeps it, else
 * "(other)" (keepSegmentValues). Rows are written in key order, as rollups_hourly's, so
 * concurrent batches take row locks in one order.
 */
export async function addToSegmentCounts(
  statements: Statements,
  rows: readonly SegmentCountRow[],
  shard: number,
): Promise<void> {
  if (rows.length === 0) return;
  const input = rows.map((row) => ({ ...row, hour: new Date(row.hour).toISOString() }));
  await statements.rows(sql`
    insert into exposure_segments as s (campaign_id, hour, element_id, arm, dimension, value,
      shard, visitors)
    select "campaignId", hour, "elementId", arm, dimension, value, ${shard}::smallint, visitors
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x("campaignId" integer,
      hour timestamptz, "elementId" integer, arm integer, dimension text, value text,
      visitors bigint)
    order by "campaignId", hour, "elementId", arm, dimension, value
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
