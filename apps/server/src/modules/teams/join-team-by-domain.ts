import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { findMembership, findTeamBySlug, insertMember } from './repo';

/**
 * Single sign-on's automatic joining (OIDC_TEAM_DOMAINS), at a person's first sign-on: makes them
 * a member of the team named for their e-mail's domain, unless they are in it already. A team slug that names no
 * team is skipped (and logged by the caller). Answers the slug joined, or null.
 */
export async function joinTeamByDomain(
  { db }: { db: Db },
  {
    email,
    userId,
    domains,
  }: { email: string; userId: number; domains: readonly [domain: string, team: string][] },
): Promise<{ joined: string | null; missing: string | null }> {
  const domain = email.split('@').pop()!.toLowerCase();
  const slug = domains.find(([candidate]) => candidate === domain)?.[1];
  if (!slug) return { joined: null, missing: null };
  const team = await findTeamBySlug(db, slug);
  if (!team) return { joined: null, missing: slug };
  if (await findMembership(db, slug, userId)) return { joined: null, missing: null };
  try {
    await insertMember(db, { teamId: team.id, userId, role: 'member' });
  } catch (error) {
    // Joined meanwhile (two sign-ons at once): a member all the same.
    if (isUniqueViolation(error)) return { joined: null, missing: null };
    throw error;
  }
  return { joined: slug, missing: null };
}
