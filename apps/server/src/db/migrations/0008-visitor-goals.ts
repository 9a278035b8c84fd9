import { sql, type Kysely } from 'kysely';

// Exact converted visitors (issue 10, significance): the first time each visitor reaches each
// goal is kept, and the rollups count it in that hour for the visitor's arms, so a visitor
// converting in two sessions counts once. Sessions alone cannot tell that.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visitor_goals')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('goal_id', 'integer', (c) => c.notNull())
    .addColumn('reached_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('visitor_goals_pk', ['campaign_id', 'visitor_id', 'goal_id'])
    .execute();
  await db.schema
    .alterTable('rollups_hourly')
    .addColumn('goal_visitors', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillVisitorGoals(db);
}

/**
 * Rebuilds the first reaches from what was stored before this migration: a visitor's goal
 * events whose session reached the goal (session goals were only ever kept for exposed
 * visitors), counted in the UTC hour of the earliest, on shard 0.
 */
export async function backfillVisitorGoals(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into visitor_goals (campaign_id, visitor_id, goal_id, reached_at)
    select e.campaign_id, e.visitor_id, sg.goal_id, min(sg.reached_at)
    from session_goals sg
    join events e on e.campaign_id = sg.campaign_id and e.session_id = sg.session_id
      and e.type = 'goal' and (e.data->>'goalId')::integer = sg.goal_id
    join campaign_visitors v on v.campaign_id = e.campaign_id and v.visitor_id = e.visitor_id
    group by e.campaign_id, e.visitor_id, sg.goal_id
    on conflict (campaign_id, visitor_id, goal_id) do nothing
  `.execute(db);
  await sql`
    insert into rollups_hourly (campaign_id, hour, element_id, arm, goal_id, shard, goal_visitors)
    select vg.campaign_id,
      date_trunc('hour', vg.reached_at at time zone 'UTC') at time zone 'UTC',
      arms.key::integer, arms.value::integer, vg.goal_id, 0, count(*)
    from visitor_goals vg
    join campaign_visitors v on v.campaign_id = vg.campaign_id and v.visitor_id = vg.visitor_id
    cross join jsonb_each_text(v.assignments) as arms
    group by 1, 2, 3, 4, 5
    on conflict (campaign_id, hour, element_id, arm, goal_id, shard) do update set
      goal_visitors = rollups_hourly.goal_visitors + excluded.goal_visitors
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rollups_hourly').dropColumn('goal_visitors').execute();
  await db.schema.dropTable('visitor_goals').ifExists().execute();
}
