import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { getTeam } from './get-team';
import { setTeamTimeZoneRow } from './time-zone-repo';

/**
 * The zone the team's schedules are shown and edited in (owners only: the route asks). Stored
 * schedules are instants, so changing the zone moves no schedule: it is read on other clocks.
 */
export async function setTeamTimeZone(
  { db }: { db: Db },
  input: { team: TeamAccess; timeZone: string },
) {
  await setTeamTimeZoneRow(db, input.team.id, input.timeZone);
  return getTeam({ db }, input);
}
