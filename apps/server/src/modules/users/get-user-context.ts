import { teamRoleSchema } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { getTeamsOfUser } from '../teams/get-teams-of-user';
import { findUserById } from './repo';
import { presentUser } from './present-user';

export async function getUserContext({ db }: { db: Db }, input: { userId: number; team?: string }) {
  const user = await findUserById(db, input.userId);
  if (!user) throw notFound('User not found');
  const teams = await getTeamsOfUser({ db }, { userId: input.userId });
  const defaultTeam = teams.find((team) => team.id === user.defaultTeamId) ?? teams[0];
  const current = (input.team && teams.find((team) => team.slug === input.team)) || defaultTeam;
  return {
    user: presentUser(user, defaultTeam?.slug ?? null),
    teams: teams.map((team) => ({
      slug: team.slug,
      name: team.name,
      role: teamRoleSchema.parse(team.role),
      subscription: team.subscription,
    })),
    featureFlags: current?.featureFlags ?? [],
  };
}
