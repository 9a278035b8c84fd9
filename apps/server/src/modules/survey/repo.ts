import type { IntroSurveyAnswers } from '@kindling/domain';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { TeamSurveysTable } from '../../db/schema';

export type SurveyRow = Selectable<TeamSurveysTable>;

export function findSurvey(db: Db, teamId: number): Promise<SurveyRow | undefined> {
  return db.selectFrom('teamSurveys').selectAll().where('teamId', '=', teamId).executeTakeFirst();
}

/** One row per team: the first answer inserts it, later ones (or after "Not now") update it. */
export function upsertAnswers(
  db: Db,
  teamId: number,
  { answers, answeredBy }: { answers: IntroSurveyAnswers; answeredBy: number },
): Promise<SurveyRow> {
  const now = sql<Date>`now()`;
  const values = { ...answers, answeredBy, answeredAt: now, updatedAt: now };
  return db
    .insertInto('teamSurveys')
    .values({ teamId, ...values })
    .onConflict((conflict) => conflict.column('teamId').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** "Not now": keeps the first time it was said, and any answers already given. */
export function markDismissed(db: Db, teamId: number): Promise<SurveyRow> {
  const now = sql<Date>`now()`;
  return db
    .insertInto('teamSurveys')
    .values({ teamId, dismissedAt: now })
    .onConflict((conflict) =>
      conflict.column('teamId').doUpdateSet({
        dismissedAt: sql<Date>`coalesce(team_surveys.dismissed_at, now())`,
        updatedAt: now,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
