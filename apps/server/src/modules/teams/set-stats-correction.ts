import type { Correction } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { getTeam } from './get-team';
import { setStatsCorrection as setStatsCorrectionRow } from './repo';

/** The team's multiple-comparison correction, for every campaign's verdicts (owners only). */
export async function setStatsCorrection(
  { db }: { db: Db },
  input: { team: TeamAccess; correction: Correction },
) {
  await setStatsCorrectionRow(db, input.team.id, input.correction);
  return getTeam({ db }, input);
}
