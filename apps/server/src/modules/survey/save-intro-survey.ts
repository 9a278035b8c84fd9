import type { IntroSurveyAnswers } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { presentIntroSurvey } from './present-intro-survey';
import { upsertAnswers } from './repo';

/** Any member may answer, and change the answers later; the last one to save is recorded. */
export async function saveIntroSurvey(
  { db }: { db: Db },
  { team, userId, answers }: { team: TeamAccess; userId: number; answers: IntroSurveyAnswers },
) {
  return presentIntroSurvey(await upsertAnswers(db, team.id, { answers, answeredBy: userId }));
}
