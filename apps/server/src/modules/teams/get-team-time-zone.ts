import type { Db } from '../../db/database';
import { findTeamTimeZone } from './time-zone-repo';

/** The zone the team's schedules are shown and edited in (IANA name; UTC unless an owner set one). */
export function getTeamTimeZone(
  { db }: { db: Db },
  { teamId }: { teamId: number },
): Promise<string> {
  return findTeamTimeZone(db, teamId);
}
