import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Statements } from '../../db/statement-transaction';
import type { ClassRollupRow } from './segment-rollups';

/** A segment rollup table: its name and its class columns (text), with their rows' fields. */
interface ClassTable {
  name: 'rollups_segments' | 'rollups_dimensions';
  classes: readonly (readonly [column: string, field: string])[];
}

export const SEGMENT_TABLE: ClassTable = {
  name: 'rollups_segments',
  classes: [
    ['browser', 'browser'],
    ['device', 'device'],
    ['visitor_type', 'visitorType'],
  ],
};

export const DIMENSION_TABLE: ClassTable = {
  name: 'rollups_dimensions',
  classes: [
    ['dimension', 'dimension'],
    ['value', 'value'],
  ],
};

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

const keyOf = (table: ClassTable) =>
  `campaign_id, hour, element_id, arm, goal_id, ${table.classes.map(([column]) => column).join(', ')}`;

const addExcluded = (table: ClassTable) =>
  sql.raw(
    `on conflict (${keyOf(table)}, shard) do update set ${COUNTS.map(
      (name) => `${name} = ${table.name}.${name} + excluded.${name}`,
    ).join(', ')}`,
  );

/**
 * One statement: adds the batch's segment rollups on `shard`, in key order (as rollups_hourly's:
 * concurrent batches take row locks in one order). Runs in the batch's transaction, before the
 * rollups' own statement.
 */
export async function addToClassRollups<C>(
  statements: Statements,
  table: ClassTable,
  rows: readonly (ClassRollupRow & C)[],
  shard: number,
): Promise<void> {
  if (rows.length === 0) return;
  const input = rows.map((row) => ({ ...row, hour: new Date(row.hour).toISOString() }));
  const fields = table.classes.map(([, field]) => `"${field}"`).join(', ');
  const typed = table.classes.map(([, field]) => `"${field}" text`).join(', ');
  await statements.rows(sql`
    insert into ${sql.raw(table.name)} (${sql.raw(keyOf(table))}, shard,
      ${sql.raw(COUNTS.join(', '))})
    select "campaignId", hour, "elementId", arm, "goalId", ${sql.raw(fields)},
      ${shard}::smallint, exposures, visitors, sessions, "goalSessions", "goalVisitors",
      conversions, revenue, "valueSquares", "valueSessions", "sessionSquares"
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
      "campaignId" integer, hour timestamptz, "elementId" integer, arm integer, "goalId" integer,
      ${sql.raw(typed)}, exposures bigint, visitors bigint,
      sessions bigint, "goalSessions" bigint, "goalVisitors" bigint, conversions bigint,
      revenue double precision, "valueSquares" double precision,
      "valueSessions" double precision, "sessionSquares" double precision
    )
    order by "campaignId", hour, "elementId", arm, "goalId", ${sql.raw(fields)}
    ${addExcluded(table)}
  `);
}

/**
 * Folds the shards of the hours starting before `before` into shard 0, at most `limit` rows in
 * one statement, in key order (as the rollups' fold: fold-rollups.ts). Every team's rows: the
 * caller is the server's background upkeep. Answers the rows folded.
 */
export async function dangerousFoldClassRollupShards(
  db: Db,
  table: ClassTable,
  { before, limit }: { before: Date; limit: number },
): Promise<number> {
  const name = sql.raw(table.name);
  const key = sql.raw(keyOf(table));
  const sums = sql.raw(COUNTS.map((count) => `sum(${count})`).join(', '));
  const result = await sql<{ folded: string }>`
    with picked as (
      select ctid from ${name} where shard <> 0 and hour < ${before}
      order by ${key}, shard limit ${limit} for update
    ),
    moved as (
      delete from ${name} where ctid = any (array(select ctid from picked))
      returning *
    ),
    folded as (
      insert into ${name} (${key}, shard, ${sql.raw(COUNTS.join(', '))})
      select ${key}, 0, ${sums} from moved group by ${key} order by ${key}
      ${addExcluded(table)}
    )
    select count(*) as folded from moved
  `.execute(db);
  return Number(result.rows[0]?.folded ?? 0);
}
