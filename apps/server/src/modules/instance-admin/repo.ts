import { likeContains } from '@kindling/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

// Instance administration reads across every team on purpose, hence "dangerous": only the
// instance-admin routes, behind their administrator check, call these.

export async function dangerousListTeams(
  db: Db,
  { search, offset, limit }: { search: string; offset: number; limit: number },
) {
  const pattern = likeContains(search);
  const matching = db
    .selectFrom('teams')
    .$if(search !== '', (query) =>
      query.where((eb) =>
        eb.or([eb('teams.name', 'ilike', pattern), eb('teams.slug', 'ilike', pattern)]),
      ),
    );
  const [rows, total] = await Promise.all([
    matching
      .select([
        'teams.id',
        'teams.slug',
        'teams.name',
        'teams.subscription',
        'teams.featureFlags',
        'teams.createdAt',
        (eb) =>
          eb
            .selectFrom('teamMembers')
            .select(sql<string>`count(*)`.as('count'))
            .whereRef('teamMembers.teamId', '=', 'teams.id')
            .as('memberCount'),
      ])
      .orderBy('teams.name')
      .orderBy('teams.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    matching
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count)),
  ]);
  return { rows, total };
}
