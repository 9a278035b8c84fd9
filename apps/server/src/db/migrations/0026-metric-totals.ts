import { sql, type Kysely } from 'kysely';

// Issue 29, mean and ratio metrics (revenue per visitor, revenue per session, a goal per
// session). Their tests need, per arm, sums over visitors of x², y² and x·y, where x and y are a
// visitor's totals since its first exposure. Those are not sums of events, so each visitor
// keeps its totals and a batch adds to the rollups what it changed: (x + Δ)² - x², and so on.
// - campaign_visitors.revenue and .sessions: the visitor's revenue and sessions;
// - visitor_goals.sessions: the visitor's sessions that reached the goal;
// - rollups_hourly.value_squares: Σ x² where x is the revenue (goal 0 rows) or the goal's
//   sessions (goal rows); .value_sessions: Σ x·sessions; .session_squares: Σ sessions² (goal 0);
// - campaign_metrics: the campaign's mean and ratio metrics with their role; revenue per visitor
//   may be capped at a percentile of the paying visitors' revenue (read from campaign_visitors
//   through the partial index campaign_visitors_paying).
// Existing visitors are backfilled from the stored events, their squares put in the hour of
// their first exposure (a range that starts later reads them as earlier; "since start" exact).
export async function up(db: Kysely<unknown>): Promise<void> {
  const double = sql`double precision`;
  await db.schema
    .alterTable('campaign_visitors')
    .addColumn('revenue', double, (c) => c.notNull().defaultTo(0))
    .addColumn('sessions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('visitor_goals')
    .addColumn('sessions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('rollups_hourly')
    .addColumn('value_squares', double, (c) => c.notNull().defaultTo(0))
    .addColumn('value_sessions', double, (c) => c.notNull().defaultTo(0))
    .addColumn('session_squares', double, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('campaign_metrics')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(sql`kind in ('revenue_per_visitor', 'revenue_per_session', 'goal_per_session')`),
    )
    .addColumn('goal_id', 'integer', (c) => c.references('goals.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('secondary', 'guardrail')`))
    .addColumn('lower_is_better', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cap_percentile', double)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Capped revenue reads the paying visitors' totals (a few per hundred) at query time.
  await db.schema
    .createIndex('campaign_visitors_paying')
    .on('campaign_visitors')
    .columns(['campaign_id', 'first_exposure_at'])
    .where(sql.ref('revenue'), '>', 0)
    .execute();
  await db.schema
    .createIndex('campaign_metrics_campaign')
    .on('campaign_metrics')
    .column('campaign_id')
    .execute();

  await backfillMetricTotals(db);
}

/** Each visitor's totals from the stored events, and their squares into the rollups. */
export async function backfillMetricTotals(db: Kysely<unknown>): Promise<void> {
  // Aggregated first, then joined: one pass over each table, whatever its size.
  await sql`
    update campaign_visitors v set revenue = r.total
    from (
      select campaign_id, visitor_id, sum((data->>'amount')::double precision) as total
      from events where type = 'revenue' group by campaign_id, visitor_id
    ) r
    where v.campaign_id = r.campaign_id and v.visitor_id = r.visitor_id
  `.execute(db);
  await sql`
    update campaign_visitors v set sessions = s.n
    from (
      select campaign_id, visitor_id, count(*) as n
      from campaign_sessions group by campaign_id, visitor_id
    ) s
    where v.campaign_id = s.campaign_id and v.visitor_id = s.visitor_id
  `.execute(db);
  await sql`
    update visitor_goals g set sessions = x.n
    from (
      select sg.campaign_id, s.visitor_id, sg.goal_id, count(*) as n
      from session_goals sg
      join campaign_sessions s on s.campaign_id = sg.campaign_id and s.session_id = sg.session_id
      group by sg.campaign_id, s.visitor_id, sg.goal_id
    ) x
    where g.campaign_id = x.campaign_id and g.visitor_id = x.visitor_id and g.goal_id = x.goal_id
  `.execute(db);
  // One row per visitor, element and goal (0: revenue), at shard 0 of its first exposure's hour.
  await sql`
    with totals as (
      select v.campaign_id, date_trunc('hour', v.first_exposure_at) as hour, a.key::integer as
        element_id, a.value::integer as arm, 0 as goal_id, v.revenue as x, v.sessions as s
      from campaign_visitors v cross join lateral jsonb_each_text(v.assignments) a
      union all
      select v.campaign_id, date_trunc('hour', v.first_exposure_at), a.key::integer,
        a.value::integer, g.goal_id, g.sessions, v.sessions
      from campaign_visitors v
      join visitor_goals g on g.campaign_id = v.campaign_id and g.visitor_id = v.visitor_id
      cross join lateral jsonb_each_text(v.assignments) a
    )
    insert into rollups_hourly (campaign_id, hour, element_id, arm, goal_id, shard,
      value_squares, value_sessions, session_squares)
    select campaign_id, hour, element_id, arm, goal_id, 0, sum(x * x), sum(x * s),
      case when goal_id = 0 then sum(s * s) else 0 end
    from totals group by campaign_id, hour, element_id, arm, goal_id
    on conflict (campaign_id, hour, element_id, arm, goal_id, shard) do update set
      value_squares = rollups_hourly.value_squares + excluded.value_squares,
      value_sessions = rollups_hourly.value_sessions + excluded.value_sessions,
      session_squares = rollups_hourly.session_squares + excluded.session_squares
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_metrics').execute();
  await db.schema
    .alterTable('rollups_hourly')
    .dropColumn('value_squares')
    .dropColumn('value_sessions')
    .dropColumn('session_squares')
    .execute();
  await db.schema.alterTable('visitor_goals').dropColumn('sessions').execute();
  await db.schema
    .alterTable('campaign_visitors')
    .dropColumn('revenue')
    .dropColumn('sessions')
    .execute();
}
