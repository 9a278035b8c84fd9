import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { presentIntroSurvey } from './present-intro-survey';
import { findSurvey } from './repo';

/** Any member may read the team's survey. */
export async function getIntroSurvey({ db }: { db: Db }, { team }: { team: TeamAccess }) {
  return presentIntroSurvey(await findSurvey(db, team.id));
}
