import { sql } from 'kysely';
import { openDatabase, type DatabaseTarget } from '../src/db/database';
import type { TrackedCampaign } from './collect-load';

/**
 * What the database holds for a tracked campaign after a load: every stored event id, the
 * visitor, session and goal rows, and the headline's rollup counters, so a test can check that
 * each acknowledged event was stored, and counted, exactly once.
 */
export async function readBack(target: DatabaseTarget, campaign: TrackedCampaign) {
  const database = await openDatabase(target);
  try {
    const { db } = database;
    const ids = await db
      .selectFrom('events')
      .select(['id', 'type'])
      .where('campaignId', '=', campaign.id)
      .execute();
    const count = async (
      table: 'campaignVisitors' | 'campaignSessions' | 'sessionGoals' | 'visitorGoals',
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('campaignId', '=', campaign.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Every exposure names the headline once, so its rows hold each counter exactly once.
    const rollup = await db
      .selectFrom('rollupsHourly')
      .select([
        sql<string>`sum(exposures)`.as('exposures'),
        sql<string>`sum(visitors)`.as('visitors'),
        sql<string>`sum(sessions)`.as('sessions'),
        sql<string>`sum(goal_sessions)`.as('goalSessions'),
        sql<string>`sum(goal_visitors)`.as('goalVisitors'),
        sql<number>`sum(revenue)`.as('revenue'),
      ])
      .where('campaignId', '=', campaign.id)
      .where('elementId', '=', campaign.headline.id)
      .executeTakeFirstOrThrow();
    return {
      ids,
      visitors: await count('campaignVisitors'),
      sessions: await count('campaignSessions'),
      sessionGoals: await count('sessionGoals'),
      visitorGoals: await count('visitorGoals'),
      rollup: {
        exposures: Number(rollup.exposures),
        visitors: Number(rollup.visitors),
        sessions: Number(rollup.sessions),
        goalSessions: Number(rollup.goalSessions),
        goalVisitors: Number(rollup.goalVisitors),
        revenue: Number(rollup.revenue),
      },
    };
  } finally {
    await database.close();
  }
}
