import type { Correction } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import type { TeamRole } from '@kindling/domain';

export function findMembership(db: Db, slug: string, userId: number) {
  return db
    .selectFrom('teams')
    .innerJoin('teamMembers', 'teamMembers.teamId', 'teams.id')
    .select(['teams.id', 'teams.slug', 'teamMembers.role'])
    .where('teams.slug', '=', slug)
    .where('teamMembers.userId', '=', userId)
    .executeTakeFirst();
}

export function findTeam(db: Db, teamId: number) {
  return db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirstOrThrow();
}

export async function updateTeamSubscription(
  db: Db | Tx,
  teamId: number,
  subscription: Record<string, unknown>,
) {
  await db
    .updateTable('teams')
    .set({ subscription: JSON.stringify(subscription) })
    .where('id', '=', teamId)
    .execute();
}

export async function isSlugTaken(db: Db | Tx, slug: string) {
  return (
    (await db.selectFrom('teams').select('id').where('slug', '=', slug).executeTakeFirst()) !==
    undefined
  );
}

export function insertTeam(tx: Tx, team: { slug: string; name: string }) {
  return tx
    .insertInto('teams')
    .values({ ...team, subscription: JSON.stringify(null), featureFlags: JSON.stringify([]) })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
}

export function insertMember(
  db: Db | Tx,
  member: { teamId: number; userId: number; role: TeamRole },
) {
  return db.insertInto('teamMembers').values(member).execute();
}

export function renameTeam(db: Db, teamId: number, name: string) {
  return db.updateTable('teams').set({ name }).where('id', '=', teamId).execute();
}

export function setStatsCorrection(db: Db, teamId: number, correction: Correction) {
  return db
    .updateTable('teams')
    .set({ statsCorrection: correction })
    .where('id', '=', teamId)
    .execute();
}

/** How the team corrects for several variants (Holm, or Benjamini-Hochberg). */
export async function findStatsCorrection(db: Db, teamId: number): Promise<Correction> {
  const row = await db
    .selectFrom('teams')
    .select('statsCorrection')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  return row.statsCorrection;
}

export function setFeatureFlags(db: Db, teamId: number, flags: string[]) {
  return db
    .updateTable('teams')
    .set({ featureFlags: JSON.stringify(flags) })
    .where('id', '=', teamId)
    .execute();
}

export function listMembers(db: Db, teamId: number) {
  return db
    .selectFrom('teamMembers')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select([
      'users.id as userId',
      'users.email',
      'users.realName',
      'teamMembers.role',
      'teamMembers.createdAt',
    ])
    .where('teamMembers.teamId', '=', teamId)
    .orderBy('teamMembers.createdAt')
    .execute();
}

export function countOwners(db: Db | Tx, teamId: number) {
  return db
    .selectFrom('teamMembers')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('teamId', '=', teamId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export function findMemberRole(db: Db | Tx, teamId: number, userId: number) {
  return db
    .selectFrom('teamMembers')
    .select('role')
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export function deleteMember(db: Db | Tx, teamId: number, userId: number) {
  return db
    .deleteFrom('teamMembers')
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .execute();
}

export function listTeamsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('teamMembers')
    .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
    .select([
      'teams.id',
      'teams.slug',
      'teams.name',
      'teams.subscription',
      'teams.featureFlags',
      'teamMembers.role',
    ])
    .where('teamMembers.userId', '=', userId)
    .orderBy('teams.name')
    .execute();
}

// A user's default team is a membership preference: this module alone writes it.

export function setDefaultTeam(db: Db | Tx, userId: number, teamId: number) {
  return db.updateTable('users').set({ defaultTeamId: teamId }).where('id', '=', userId).execute();
}

export function setDefaultTeamIfNone(tx: Tx, userId: number, teamId: number) {
  return tx
    .updateTable('users')
    .set({ defaultTeamId: teamId })
    .where('id', '=', userId)
    .where('defaultTeamId', 'is', null)
    .execute();
}

export function clearDefaultTeam(tx: Tx, userId: number, teamId: number) {
  return tx
    .updateTable('users')
    .set({ defaultTeamId: null })
    .where('id', '=', userId)
    .where('defaultTeamId', '=', teamId)
    .execute();
}

/** The names an invitation mail shows: the team's and the inviting member's. */
export function findTeamAndMemberName(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom('teams')
    .innerJoin('teamMembers', 'teamMembers.teamId', 'teams.id')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select(['teams.name as teamName', 'users.realName as memberName'])
    .where('teams.id', '=', teamId)
    .where('teamMembers.userId', '=', userId)
    .executeTakeFirstOrThrow();
}

export function findTeamBySlug(db: Db, slug: string) {
  return db.selectFrom('teams').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirst();
}
