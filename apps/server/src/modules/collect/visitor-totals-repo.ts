import { sql } from 'kysely';
import type { Statements } from '../../db/statement-transaction';
import type { VisitorTotals, VisitorTotalsChange } from './visitor-totals';

const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * Adds the batch's changes to its visitors' totals and answers the totals after them, with
 * every goal each changed visitor reached. The visitor rows are locked first, in key order, so
 * a concurrent batch of the same visitor waits and then steps from our totals (no deadlock:
 * every batch locks in the same order); goal counts are read under that lock.
 */
export async function updateVisitorTotals(
  statements: Statements,
  changes: readonly VisitorTotalsChange[],
  /** `${campaignId}:${visitorId}` of the visitors this batch created: they had no goals before. */
  createdHere: ReadonlySet<string> = new Set(),
): Promise<VisitorTotals[]> {
  if (changes.length === 0) return [];
  const visitors = await statements.rows<{
    campaignId: number;
    visitorId: string;
    assignments: Record<string, number>;
    revenue: number;
    sessions: number;
  }>(sql`
    with changes as (
      select * from jsonb_to_recordset(${json(
        changes.map(({ campaignId, visitorId, revenue, sessions }) => ({
          campaignId,
          visitorId,
          revenue,
          sessions,
        })),
      )}) as x("campaignId" integer, "visitorId" text, revenue double precision, sessions integer)
    ),
    locked as (
      select v.campaign_id, v.visitor_id from campaign_visitors v
      join changes c on v.campaign_id = c."campaignId" and v.visitor_id = c."visitorId"
      order by v.campaign_id, v.visitor_id
      for update of v
    )
    update campaign_visitors v
    set revenue = v.revenue + c.revenue, sessions = v.sessions + c.sessions
    from changes c
    where v.campaign_id = c."campaignId" and v.visitor_id = c."visitorId"
      and (v.campaign_id, v.visitor_id) in (select campaign_id, visitor_id from locked)
    returning v.campaign_id as "campaignId", v.visitor_id as "visitorId", v.assignments,
      v.revenue, v.sessions
  `);
  if (visitors.length === 0) return [];
  const goalChanges = changes.flatMap(({ campaignId, visitorId, goalSessions }) =>
    [...goalSessions].map(([goalId, sessions]) => ({ campaignId, visitorId, goalId, sessions })),
  );
  const goalsOf = new Map<string, Map<number, number>>();
  const totalsOf = () =>
    visitors.map((visitor) => ({
      campaignId: visitor.campaignId,
      visitorId: visitor.visitorId,
      arms: visitor.assignments,
      revenue: Number(visitor.revenue),
      sessions: Number(visitor.sessions),
      goalSessions: goalsOf.get(`${visitor.campaignId}:${visitor.visitorId}`) ?? new Map(),
    }));
  // Most batches open a visitor and reach no goal: nothing to read of goals then.
  const mayHaveGoals = visitors.some(
    (visitor) => !createdHere.has(`${visitor.campaignId}:${visitor.visitorId}`),
  );
  if (goalChanges.length === 0 && !mayHaveGoals) return totalsOf();
  const goals = await statements.rows<{
    campaignId: number;
    visitorId: string;
    goalId: number;
    sessions: number;
  }>(sql`
    with changes as (
      select * from jsonb_to_recordset(${json(goalChanges)})
        as x("campaignId" integer, "visitorId" text, "goalId" integer, sessions integer)
    ),
    updated as (
      update visitor_goals g set sessions = g.sessions + c.sessions
      from changes c
      where g.campaign_id = c."campaignId" and g.visitor_id = c."visitorId"
        and g.goal_id = c."goalId"
      returning g.campaign_id, g.visitor_id, g.goal_id, g.sessions
    )
    select campaign_id as "campaignId", visitor_id as "visitorId", goal_id as "goalId", sessions
    from updated
    union all
    select g.campaign_id, g.visitor_id, g.goal_id, g.sessions from visitor_goals g
    where (g.campaign_id, g.visitor_id) in (${sql.join(
      visitors.map((v) => sql`(${v.campaignId}, ${v.visitorId})`),
    )})
      and (g.campaign_id, g.visitor_id, g.goal_id) not in (
        select "campaignId", "visitorId", "goalId" from changes
      )
  `);
  for (const goal of goals) {
    const key = `${goal.campaignId}:${goal.visitorId}`;
    goalsOf.set(
      key,
      (goalsOf.get(key) ?? new Map<number, number>()).set(goal.goalId, Number(goal.sessions)),
    );
  }
  return totalsOf();
}
