import type { Db } from '../../db/database';
import { findTeamBySlug } from './repo';

/**
 * A team by its slug, for the public tracker routes that customers' pages call without signing
 * in; only the id and slug, which the tracker's own address already shows.
 */
export async function findPublicTeam(
  { db }: { db: Db },
  { slug }: { slug: string },
): Promise<{ id: number; slug: string } | undefined> {
  return findTeamBySlug(db, slug);
}
