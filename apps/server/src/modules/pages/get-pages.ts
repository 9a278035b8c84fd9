import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { presentPage, type PageView } from './present-page';
import { listPages } from './repo';

export async function getPages(
  { db }: { db: Db },
  { team, origin }: { team: TeamAccess; origin: string },
): Promise<{ pages: (PageView & { signupCount: number })[] }> {
  const rows = await listPages(db, team.id);
  return {
    pages: rows.map((row) => ({
      ...presentPage(row, { origin, team: team.slug }),
      signupCount: row.signupCount,
    })),
  };
}
