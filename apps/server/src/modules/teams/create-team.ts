import { randomBytes } from 'node:crypto';
import { slugify } from '@kindling/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { insertMember, insertTeam, isSlugTaken, setDefaultTeamIfNone } from './repo';

/** Creates a team with the caller as owner; it becomes their default team if they had none. */
export async function createTeam({ db }: { db: Db }, input: { userId: number; name: string }) {
  const base = slugify(input.name);
  for (let attempt = 0; attempt < 8; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    if (await isSlugTaken(db, slug)) continue;
    try {
      return await db.transaction().execute(async (tx) => {
        const team = await insertTeam(tx, { slug, name: input.name });
        await insertMember(tx, { teamId: team.id, userId: input.userId, role: 'owner' });
        await setDefaultTeamIfNone(tx, input.userId, team.id);
        return { slug: team.slug };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not find a free team slug');
}
