import { newCampaignsWaitForSubscription, teamRoleSchema } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Config } from '../../config';
import { notFound } from '../../errors';
import { paymentsEnabled } from '../billing/stripe-client';
import { getTeamsOfUser } from '../teams/get-teams-of-user';
import { findUserById } from './repo';
import { presentUser } from './present-user';

export async function getUserContext(
  { db, config }: { db: Db; config?: Config },
  input: { userId: number; team?: string },
) {
  // Without the configuration (a caller that reads only the user): payments count as off.
  const payments = config ? paymentsEnabled(config) : false;
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
      newCampaignsWaitForSubscription: newCampaignsWaitForSubscription({
        paymentsEnabled: payments,
        subscription: team.subscription,
      }),
    })),
    featureFlags: current?.featureFlags ?? [],
  };
}
