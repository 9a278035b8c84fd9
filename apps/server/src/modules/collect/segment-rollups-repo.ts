import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Statements } from '../../db/statement-transaction';
import type { SegmentRollupRow } from './segment-rollups';

const KEY = 'campaign_id, hour, element_id, arm, goal_id, browser, device, visitor_type';
const COUNTS = [
  'exposures',
  'visitors',
  'sessions',
  'goal_sessions',
  'goal_visitors',
  'conversions',
  'revenue',
  'value_squares',
  'value_sessions',
  'session_squares',
];

const addExcluded = sql.raw(
  `on conflict (${KEY}, shard) do update set ${COUNTS.map(
    (name) => `${name} = rollups_segments.${name} + excluded.${name}`,
  ).join(', ')}`,
);

/**
 * One statement: adds the batch's segment rollups on `shard`, in key order (as rollups_hourly's:
 * concurrent batches take row locks in one order). Runs in the batch's transaction, before the
 * rollups' own statement.
 */
export async function addToSegmentRollups(
  statements: Statements,
  rows: readonly SegmentRollupRow[],
  shard: number,
): Promise<void> {
  if (rows.length === 0) return;
  const input = rows.map((row) => ({ ...row, hour: new Date(row.hour).toISOString() }));
  await statements.rows(sql`
    insert into rollups_segments (${sql.raw(KEY)}, shard, ${sql.raw(COUNTS.join(', '))})
    select "campaignId", hour, "elementId", arm, "goalId", browser, device, "visitorType",
      ${shard}::smallint, exposures, visitors, sessions, "goalSessions", "goalVisitors",
      conversions, revenue, "valueSquares", "valueSessions", "sessionSquares"
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
      "campaignId" integer, hour timestamptz, "elementId" integer, arm integer, "goalId" integer,
      browser text, device text, "visitorType" text, exposures bigint, visitors bigint,
      sessions bigint, "goalSessions" bigint, "goalVisitors" bigint, conversions bigint,
      revenue double precision, "valueSquares" double precision,
      "valueSessions" double precision, "sessionSquares" double precision
    )
    order by "campaignId", hour, "elementId", arm, "goalId", browser, device, "visitorType"
    ${addExcluded}
  `);
}

/**
 * Folds the shards of the hours starting before `before` into shard 0, at most `limit` rows in
 * one statement, in key order (as the rollups' fold: fold-rollups.ts). Every team's rows: the
 * caller is the server's background upkeep. Answers the rows folded.
 */
export async function dangerousFoldSegmentRollupShards(
  db: Db,
  { before, limit }: { before: Date; limit: number },
): Promise<number> {
  const key = sql.raw(KEY);
  const sums = sql.raw(COUNTS.map((name) => `sum(${name})`).join(', '));
  const result = await sql<{ folded: string }>`
    with picked as (
      select ctid from rollups_segments where shard <> 0 and hour < ${before}
      order by ${key}, shard limit ${limit} for update
    ),
    moved as (
      delete from rollups_segments where ctid = any (array(select ctid from picked))
      returning *
    ),
    folded as (
      insert into rollups_segments (${key}, shard, ${sql.raw(COUNTS.join(', '))})
      select ${key}, 0, ${sums} from moved group by ${key} order by ${key}
      ${addExcluded}
    )
    select count(*) as folded from moved
  `.execute(db);
  return Number(result.rows[0]?.folded ?? 0);
}
