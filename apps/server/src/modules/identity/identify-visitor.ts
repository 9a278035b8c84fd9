import type { IdentifyAnswer, IdentifyInput } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { TRACKER_TEAM_NOT_FOUND } from '../tracker/tracker-deps';
import { linkIdentity } from './repo';

export interface IdentifyDeps {
  db: Db;
  findPublicTeam: (input: { slug: string }) => Promise<{ id: number } | undefined>;
}

/**
 * POST /api/tracker/{team}/identify: links a signed-in person's identity (hashed in the
 * browser) to this device's visitor id, and answers the visitor id the identity keeps, the
 * first one linked (the rule: packages/domain/src/identity.ts). 404 for an unknown team.
 */
export async function identifyVisitor(
  { db, findPublicTeam }: IdentifyDeps,
  { slug, input }: { slug: string; input: IdentifyInput },
): Promise<IdentifyAnswer> {
  const team = await findPublicTeam({ slug });
  if (!team) throw notFound(TRACKER_TEAM_NOT_FOUND);
  return { visitorId: await linkIdentity(db, { teamId: team.id, ...input }) };
}
