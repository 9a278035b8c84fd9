import { sql } from 'kysely';
import type { Db } from '../../db/database';

// Identities across devices (migration 0036): the first visitor id linked to each identity.

/**
 * Links the identity to `visitorId` unless it is linked already, and answers the visitor id it
 * keeps: the first one. Devices identifying at once agree: a conflicting insert waits for the
 * first to commit and `do update` returns that row (`do nothing` would return none, and a read
 * in the same statement would not see it).
 */
export async function linkIdentity(
  db: Db,
  { teamId, identity, visitorId }: { teamId: number; identity: string; visitorId: string },
): Promise<string> {
  const { rows: found } = await sql<{ visitorId: string }>`
    select visitor_id as "visitorId" from visitor_identities
    where team_id = ${teamId} and identity = ${identity}
  `.execute(db);
  if (found[0]) return found[0].visitorId;
  const { rows } = await sql<{ visitorId: string }>`
    insert into visitor_identities (team_id, identity, visitor_id)
    values (${teamId}, ${identity}, ${visitorId})
    on conflict (team_id, identity) do update set visitor_id = visitor_identities.visitor_id
    returning visitor_id as "visitorId"
  `.execute(db);
  return rows[0]!.visitorId;
}
