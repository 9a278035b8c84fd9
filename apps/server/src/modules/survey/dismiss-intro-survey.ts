import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { presentIntroSurvey } from './present-intro-survey';
import { markDismissed } from './repo';

/** "Not now": the campaign list stops asking; the answers stay editable in the team settings. */
export async function dismissIntroSurvey({ db }: { db: Db }, { team }: { team: TeamAccess }) {
  return presentIntroSurvey(await markDismissed(db, team.id));
}
