import type { UrlContext } from '@kindling/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface UrlContextRow {
  url: string;
  offer: string;
  audience: string;
  voice: string;
  avoidWords: unknown;
  updatedAt: Date;
  updatedBy: string | null;
}

/** `url` is a pageUrlKey. */
export function findUrlContext(db: Db, teamId: number, url: string) {
  return db
    .selectFrom('urlContexts')
    .leftJoin('users', 'users.id', 'urlContexts.updatedBy')
    .select([
      'urlContexts.url',
      'urlContexts.offer',
      'urlContexts.audience',
      'urlContexts.voice',
      'urlContexts.avoidWords',
      'urlContexts.updatedAt',
      'users.realName as updatedBy',
    ])
    .where('urlContexts.teamId', '=', teamId)
    .where('urlContexts.url', '=', url)
    .executeTakeFirst() satisfies Promise<UrlContextRow | undefined>;
}

export async function upsertUrlContext(
  db: Db,
  teamId: number,
  { url, context, userId }: { url: string; context: UrlContext; userId: number },
): Promise<void> {
  const values = {
    offer: context.offer,
    audience: context.audience,
    voice: context.voice,
    avoidWords: JSON.stringify(context.avoidWords),
    updatedBy: userId,
    updatedAt: sql<Date>`now()`,
  };
  await db
    .insertInto('urlContexts')
    .values({ teamId, url, ...values })
    .onConflict((conflict) => conflict.columns(['teamId', 'url']).doUpdateSet(values))
    .execute();
}

export async function deleteUrlContext(db: Db, teamId: number, url: string): Promise<void> {
  await db.deleteFrom('urlContexts').where('teamId', '=', teamId).where('url', '=', url).execute();
}
