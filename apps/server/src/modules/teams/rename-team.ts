import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { getTeam } from './get-team';
import { renameTeam as renameTeamRow } from './repo';

export async function renameTeam({ db }: { db: Db }, input: { team: TeamAccess; name: string }) {
  await renameTeamRow(db, input.team.id, input.name);
  return getTeam({ db }, input);
}
