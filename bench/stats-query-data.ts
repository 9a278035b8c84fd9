import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';
import { clickGoal, textElement } from '../apps/server/test/campaign-parts';
import type { BenchApp } from './bench-app';

// The stats bench's data: one campaign of 5 elements, each a control and 4 variants (5 arms),
// and the funnel signup then purchase; raw events over 90 days made by generate_series, then
// the visitor, session and session-goal rows and the hourly rollups derived from them in SQL,
// with the counting rules of the collect path (modules/collect/rollup-plan.ts).

const ELEMENTS = 5;
const VARIANTS = 4;
const ARMS = VARIANTS + 1;
const COMBOS = ARMS ** ELEMENTS;
const SHARDS = 8;
const URL = 'https://shop.example.com/landing';
/** First exposures spread over 81 days, so a return 8 days later still falls in the 90. */
const SPREAD_MS = 81 * 86_400_000;
const VISITORS_PER_CHUNK = 200_000;

export interface BenchCampaign {
  id: number;
  elements: { id: number; variants: number[] }[];
  signup: number;
  purchase: number;
}

export async function createBenchCampaign({ app, slug, headers }: BenchApp) {
  const values = Array.from({ length: VARIANTS }, (_, v) => `Variant ${v + 1}`);
  const created = await app.inject({
    method: 'POST',
    url: `/api/team/${slug}/campaign/create`,
    headers,
    payload: {
      name: 'Stats bench',
      ingestedUrl: 'shop.example.com/landing',
      elements: Array.from({ length: ELEMENTS }, (_, e) =>
        textElement(-(e + 1), `#part-${e}`, values),
      ),
      goals: [clickGoal(-20, 'signup'), clickGoal(-21, 'purchase')],
    },
  });
  if (created.statusCode !== 201) throw new Error(`campaign create: ${created.body}`);
  const { id } = created.json<{ id: number }>();
  const read = await app.inject({
    method: 'GET',
    url: `/api/team/${slug}/campaign/by-id?id=${id}`,
    headers,
  });
  const campaign = read.json<{
    elements: { id: number; variants: { id: number }[] }[];
    goals: { id: number }[];
  }>();
  const [signup, purchase] = campaign.goals.map((goal) => goal.id);
  return {
    id,
    elements: campaign.elements.map((e) => ({ id: e.id, variants: e.variants.map((v) => v.id) })),
    signup: signup!,
    purchase: purchase!,
  } satisfies BenchCampaign;
}

/** Every assignment of the 5 elements (5^5), as the tracker sends it; `lead`: arm of the first. */
async function createCombos(db: Db, campaign: BenchCampaign) {
  const combos = Array.from({ length: COMBOS }, (_, combo) => {
    const exposure: Record<string, number | 'control'> = {};
    campaign.elements.forEach((element, e) => {
      const arm = Math.floor(combo / ARMS ** e) % ARMS;
      exposure[element.id] = arm === 0 ? 'control' : element.variants[arm - 1]!;
    });
    return { combo, lead: combo % ARMS, exposure: { assignments: exposure, applied: {} } };
  });
  await sql`create table bench_arm_combos (combo integer primary key, lead integer, exposure jsonb)`.execute(
    db,
  );
  await sql`
    insert into bench_arm_combos
    select * from json_to_recordset(${JSON.stringify(combos)}::json)
      as x(combo integer, lead integer, exposure jsonb)
  `.execute(db);
}

/**
 * Events of visitors [from, to]: one session, or two for every third visitor (the return 36
 * hours later, or 8 days later, past the conversion window, for every ninth); 1 to 7 page
 * views each, then in some sessions signup (sometimes twice), purchase and its revenue, more
 * often for the higher arms of the first element. Some purchases come without a signup: goal
 * sessions that are not funnel conversions. Answers how many events it stored.
 */
async function insertVisitorEvents(
  db: Db,
  campaign: BenchCampaign,
  { from, to, start }: { from: number; to: number; start: Date },
): Promise<number> {
  const goal = (id: number) => JSON.stringify({ goalId: id });
  const result = await sql`
    insert into events (id, campaign_id, type, visitor_id, session_id, ts, url, data, received_at)
    select gen_random_uuid(), ${campaign.id}, e.type, 'v' || g.v, 'v' || g.v || '-s' || s.k,
      e.ts, ${URL}, e.data, e.ts
    from generate_series(${from}::integer, ${to}::integer) g(v)
    join bench_arm_combos c on c.combo = (g.v::bigint * 48271) % ${COMBOS}
    cross join lateral generate_series(0, case when g.v % 3 = 0 then 1 else 0 end) s(k)
    cross join lateral (
      select ${start}::timestamptz
          + ((g.v::bigint * 2654435761) % ${SPREAD_MS}) * interval '1 millisecond'
          + case when s.k = 0 then interval '0' when g.v % 9 = 0 then interval '8 days'
            else interval '36 hours' end as at,
        1 + (g.v + s.k) % 7 as pages,
        (g.v * 7 + s.k * 13) % 100 as r
    ) x
    cross join lateral (
      select 'exposure' as type, x.at + p * interval '20 seconds' as ts, c.exposure as data
      from generate_series(0, x.pages - 1) p
      union all
      select 'goal', x.at + x.pages * interval '20 seconds' + interval '5 seconds',
        ${goal(campaign.signup)}::jsonb
      where x.r < 25 + 3 * c.lead
      union all
      select 'goal', x.at + x.pages * interval '20 seconds' + interval '6 seconds',
        ${goal(campaign.signup)}::jsonb
      where x.r < 25 + 3 * c.lead and x.r % 7 = 0
      union all
      select 'goal', x.at + x.pages * interval '20 seconds' + interval '10 seconds',
        ${goal(campaign.purchase)}::jsonb
      where x.r < 10 + c.lead or x.r >= 95
      union all
      select 'revenue', x.at + x.pages * interval '20 seconds' + interval '11 seconds',
        jsonb_build_object('amount', 10 + (g.v % 20) * 0.5)
      where x.r < 10 + c.lead or x.r >= 95
    ) e
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Visitors, sessions and session goals: the first exposure or goal event of each, by time. */
async function deriveVisitorsSessionsGoals(db: Db, campaignId: number) {
  await sql`
    insert into campaign_visitors (campaign_id, visitor_id, first_exposure_at, assignments)
    select ${campaignId}, visitor_id, ts,
      (select jsonb_object_agg(key, case when value = '"control"' then '0'::jsonb else value end)
       from jsonb_each(first.data->'assignments'))
    from (
      select distinct on (visitor_id) visitor_id, ts, data from events
      where campaign_id = ${campaignId} and type = 'exposure' order by visitor_id, ts
    ) first
  `.execute(db);
  await sql`
    insert into campaign_sessions (campaign_id, session_id, visitor_id, started_at)
    select distinct on (session_id) ${campaignId}, session_id, visitor_id, ts from events
    where campaign_id = ${campaignId} and type = 'exposure' order by session_id, ts
  `.execute(db);
  await sql`
    insert into session_goals (campaign_id, session_id, goal_id, reached_at)
    select distinct on (e.session_id, (e.data->>'goalId')::integer)
      ${campaignId}, e.session_id, (e.data->>'goalId')::integer, e.ts
    from events e
    join campaign_visitors v on v.campaign_id = e.campaign_id and v.visitor_id = e.visitor_id
      and v.first_exposure_at <= e.ts
    where e.campaign_id = ${campaignId} and e.type = 'goal'
    order by e.session_id, (e.data->>'goalId')::integer, e.ts
  `.execute(db);
  await sql`
    insert into visitor_goals (campaign_id, visitor_id, goal_id, reached_at)
    select distinct on (s.visitor_id, g.goal_id) ${campaignId}, s.visitor_id, g.goal_id,
      g.reached_at
    from session_goals g
    join campaign_sessions s on s.campaign_id = g.campaign_id and s.session_id = g.session_id
    where g.campaign_id = ${campaignId}
    order by s.visitor_id, g.goal_id, g.reached_at
  `.execute(db);
}

/**
 * The hourly rollups, spread over the shards as concurrent batches would leave them: exposures
 * and revenue from the events, visitors, sessions and goal sessions from the rows that record
 * their first time, conversions as the funnel in order within the window of the first exposure.
 * Counts are added up before the arms are spread over the elements: 5 rows an exposure is a lot.
 */
async function deriveRollups(db: Db, campaign: BenchCampaign) {
  const hour = (column: string) =>
    sql.raw(`date_bin('1 hour', ${column}, timestamptz '2000-01-01T00:00:00Z')`);
  const shard = (column: string) => sql.raw(`abs(hashtext(${column})) % ${SHARDS}`);
  const c = campaign.id;
  await sql`
    with parts as (
      select ${hour('ts')} as hour, ${shard('visitor_id')} as shard,
        data->'assignments' as arms, 0 as goal_id, count(*) as exposures, 0 as visitors,
        0 as sessions, 0 as goal_sessions, 0 as conversions, 0::float8 as revenue,
        0 as goal_visitors
      from events where campaign_id = ${c} and type = 'exposure' group by 1, 2, 3
      union all
      select ${hour('first_exposure_at')}, ${shard('visitor_id')}, assignments, 0, 0, count(*),
        0, 0, 0, 0, 0
      from campaign_visitors where campaign_id = ${c} group by 1, 2, 3
      union all
      select ${hour('s.started_at')}, ${shard('s.visitor_id')}, v.assignments, 0, 0, 0,
        count(*), 0, 0, 0, 0
      from campaign_sessions s
      join campaign_visitors v on v.campaign_id = s.campaign_id and v.visitor_id = s.visitor_id
      where s.campaign_id = ${c} group by 1, 2, 3
      union all
      select ${hour('g.reached_at')}, ${shard('s.visitor_id')}, v.assignments, g.goal_id, 0, 0,
        0, count(*),
        count(*) filter (where g.goal_id = ${campaign.purchase}
          and g.reached_at - v.first_exposure_at <= interval '7 days'
          and exists (select 1 from session_goals earlier
            where earlier.campaign_id = g.campaign_id and earlier.session_id = g.session_id
              and earlier.goal_id = ${campaign.signup} and earlier.reached_at <= g.reached_at)),
        0, 0
      from session_goals g
      join campaign_sessions s on s.campaign_id = g.campaign_id and s.session_id = g.session_id
      join campaign_visitors v on v.campaign_id = s.campaign_id and v.visitor_id = s.visitor_id
      where g.campaign_id = ${c} group by 1, 2, 3, 4
      union all
      select ${hour('e.ts')}, ${shard('e.visitor_id')}, v.assignments, 0, 0, 0, 0, 0, 0,
        sum((e.data->>'amount')::float8), 0
      from events e
      join campaign_visitors v on v.campaign_id = e.campaign_id and v.visitor_id = e.visitor_id
        and v.first_exposure_at <= e.ts
      where e.campaign_id = ${c} and e.type = 'revenue' group by 1, 2, 3
      union all
      select ${hour('g.reached_at')}, ${shard('g.visitor_id')}, v.assignments, g.goal_id, 0, 0,
        0, 0, 0, 0, count(*)
      from visitor_goals g
      join campaign_visitors v on v.campaign_id = g.campaign_id and v.visitor_id = g.visitor_id
      where g.campaign_id = ${c} group by 1, 2, 3, 4
    )
    insert into rollups_hourly (campaign_id, hour, element_id, arm, goal_id, shard, exposures,
      visitors, sessions, goal_sessions, conversions, revenue, goal_visitors)
    select ${c}, p.hour, a.key::integer,
      case when a.value = '"control"' then 0 else (a.value #>> '{}')::integer end,
      p.goal_id, p.shard, sum(p.exposures), sum(p.visitors), sum(p.sessions),
      sum(p.goal_sessions), sum(p.conversions), sum(p.revenue), sum(p.goal_visitors)
    from parts p cross join lateral jsonb_each(p.arms) a
    group by 2, 3, 4, 5, 6
  `.execute(db);
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Runs `load` with room to sort and build indexes in memory, and the events' indexes built
 * once after it rather than row by row: the usual bulk load, the same tables in the end.
 */
async function bulkLoad(db: Db, load: (tx: Db) => Promise<void>) {
  await db.transaction().execute(async (tx) => {
    await sql`set local work_mem = '128MB'`.execute(tx);
    await sql`set local maintenance_work_mem = '256MB'`.execute(tx);
    await sql`alter table events drop constraint events_pkey`.execute(tx);
    await sql`drop index events_campaign_ts`.execute(tx);
    await load(tx);
    await sql`alter table events add constraint events_pkey primary key (id)`.execute(tx);
    await sql`create index events_campaign_ts on events (campaign_id, ts)`.execute(tx);
  });
}

/** Generates about `events` events ending at `end` (90 days), then everything derived. */
export async function generateCampaignData(
  db: Db,
  campaign: BenchCampaign,
  { events, end, kind }: { events: number; end: Date; kind: string },
) {
  const start = new Date(end.getTime() - 90 * 86_400_000);
  let stored = 0;
  let visitors = 0;
  await bulkLoad(db, async (tx) => {
    const began = performance.now();
    await createCombos(tx, campaign);
    // Chunks of visitors until the count is reached: a small first one gives the events per
    // visitor, which sizes the last one.
    while (stored < events) {
      const size =
        visitors === 0
          ? Math.min(10_000, events)
          : Math.min(VISITORS_PER_CHUNK, Math.ceil(((events - stored) * visitors) / stored));
      stored += await insertVisitorEvents(tx, campaign, {
        from: visitors,
        to: visitors + size - 1,
        start,
      });
      visitors += size;
    }
    await sql`drop table bench_arm_combos`.execute(tx);
    const raw = performance.now();
    console.log(
      `[${kind}] ${stored.toLocaleString('en-US')} raw events of ` +
        `${visitors.toLocaleString('en-US')} visitors: ${seconds(began)} s`,
    );
    await deriveVisitorsSessionsGoals(tx, campaign.id);
    const derived = performance.now();
    await deriveRollups(tx, campaign);
    console.log(
      `[${kind}] visitors, sessions, session goals: ${seconds(raw)} s; hourly rollups ` +
        `(${SHARDS} shards): ${seconds(derived)} s`,
    );
  });
  await sql`analyze`.execute(db);
  return { start, events: stored, visitors };
}
