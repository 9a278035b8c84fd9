import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { findTeam } from './repo';

export async function getTeam({ db }: { db: Db }, { team }: { team: TeamAccess }) {
  const row = await findTeam(db, team.id);
  return {
    team: {
      slug: row.slug,
      name: row.name,
      role: team.role,
      subscription: row.subscription,
      featureFlags: row.featureFlags,
      statsCorrection: row.statsCorrection,
      timeZone: row.timeZone,
    },
  };
}
