import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';
import type { BenchCampaign } from './stats-query-data';

// The baseline: the stats answer's counts computed from the raw events alone, in one query,
// as one would without rollups. A visitor counts in the interval of its first exposure ever
// (not the first in the range), a session likewise; a session's goal in the interval of its
// first event of that goal, for the arms of the visitor's first exposure, and it converts when
// signup came first in the session and the purchase within 7 days of the first exposure.

export interface StatsCall {
  range: { start: string; end: string };
  timezone: string;
  granularity: 'day' | 'hour';
}

/** Per element, arm (0 = control) and interval start (ISO): what the answer shows. */
export type Counts = Map<string, Record<(typeof METRICS)[number], number>>;

export const METRICS = [
  'views',
  'visitors',
  'sessions',
  'conversions',
  'funnelConversions',
  'revenue',
] as const;

export const countsKey = (elementId: number, arm: number, start: string) =>
  `${elementId}|${arm}|${start}`;

/** The counts of `call` from the raw events, with as much memory to sort as the bulk load had. */
export async function rawScanCounts(db: Db, campaign: BenchCampaign, call: StatsCall) {
  return db.transaction().execute(async (tx) => {
    await sql`set local work_mem = '128MB'`.execute(tx);
    return scan(tx, campaign, call);
  });
}

async function scan(db: Db, campaign: BenchCampaign, call: StatsCall) {
  const c = campaign.id;
  const hourOf = sql.raw(`date_bin('1 hour', ts, timestamptz '2000-01-01T00:00:00Z')`);
  const bucket =
    call.granularity === 'hour'
      ? sql`hour`
      : sql`date_trunc('day', hour at time zone ${call.timezone}) at time zone ${call.timezone}`;
  const result = await sql<{
    element: number;
    arm: string;
    bucket: Date;
    views: string;
    visitors: string;
    sessions: string;
    conversions: string;
    funnel: string;
    revenue: number;
  }>`
    with exposures as (
      select visitor_id, session_id, ts, data->'assignments' as arms from events
      where campaign_id = ${c} and type = 'exposure'
    ),
    first_visits as (
      select distinct on (visitor_id) visitor_id, ts, arms from exposures order by visitor_id, ts
    ),
    first_sessions as (
      select distinct on (session_id) session_id, ts, arms from exposures order by session_id, ts
    ),
    goals as (
      select distinct on (session_id, (data->>'goalId')::integer) session_id, visitor_id,
        (data->>'goalId')::integer as goal, ts
      from events where campaign_id = ${c} and type = 'goal'
      order by session_id, (data->>'goalId')::integer, ts
    ),
    purchases as (
      select p.ts, v.arms,
        (p.ts - v.ts <= interval '7 days' and coalesce(s.ts <= p.ts, false))::integer as funnel
      from goals p
      join first_visits v on v.visitor_id = p.visitor_id and v.ts <= p.ts
      left join goals s on s.session_id = p.session_id and s.goal = ${campaign.signup}
      where p.goal = ${campaign.purchase}
    ),
    revenue as (
      select e.ts, v.arms, (e.data->>'amount')::float8 as amount from events e
      join first_visits v on v.visitor_id = e.visitor_id and v.ts <= e.ts
      where e.campaign_id = ${c} and e.type = 'revenue'
    ),
    counted as (
      select ts, arms, 1 as views, 0 as visitors, 0 as sessions, 0 as conversions,
        0 as funnel, 0::float8 as revenue from exposures
      union all select ts, arms, 0, 1, 0, 0, 0, 0 from first_visits
      union all select ts, arms, 0, 0, 1, 0, 0, 0 from first_sessions
      union all select ts, arms, 0, 0, 0, 1, funnel, 0 from purchases
      union all select ts, arms, 0, 0, 0, 0, 0, amount from revenue
    ),
    bucketed as (
      select ${bucket} as bucket, arms, sum(views) as views, sum(visitors) as visitors,
        sum(sessions) as sessions, sum(conversions) as conversions, sum(funnel) as funnel,
        sum(revenue) as revenue
      from (select ${hourOf} as hour, * from counted) hourly
      where hour >= ${new Date(call.range.start)} and hour < ${new Date(call.range.end)}
      group by 1, 2
    )
    select a.key::integer as element, a.value #>> '{}' as arm, bucket,
      sum(views) as views, sum(visitors) as visitors, sum(sessions) as sessions,
      sum(conversions) as conversions, sum(funnel) as funnel, sum(revenue) as revenue
    from bucketed cross join lateral jsonb_each(arms) a
    group by 1, 2, 3
  `.execute(db);
  const counts: Counts = new Map();
  for (const row of result.rows) {
    const arm = row.arm === 'control' ? 0 : Number(row.arm);
    counts.set(countsKey(Number(row.element), arm, new Date(row.bucket).toISOString()), {
      views: Number(row.views),
      visitors: Number(row.visitors),
      sessions: Number(row.sessions),
      conversions: Number(row.conversions),
      funnelConversions: Number(row.funnel),
      revenue: Number(row.revenue),
    });
  }
  return counts;
}
