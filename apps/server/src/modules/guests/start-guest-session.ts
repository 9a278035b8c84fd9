import { GUEST_MESSAGES, GUEST_SESSION_SECONDS } from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import type { AppServices } from '../../http/types';
import { startSession } from '../auth/start-session';
import type { IssuedTokens } from '../auth/tokens';
import { listTeamCampaigns } from '../campaigns/get-campaigns';
import { createDemoCampaign } from '../demo/create-demo-campaign';
import { createTeam } from '../teams/create-team';
import { getTeamsOfUser } from '../teams/get-teams-of-user';
import { ensureGuestAccount } from '../users/ensure-guest-account';

export const GUEST_TEAM_NAME = 'Demo team';

type GuestAccount = Awaited<ReturnType<typeof ensureGuestAccount>>;

/** Set-ups in flight per database, so guests arriving together share one. */
const settingUp = new WeakMap<Db, Promise<GuestAccount>>();

/** The guest account with its demo team holding the demo campaign, each made on first use. */
async function setUpGuestTeam({
  db,
  config,
}: Pick<AppServices, 'db' | 'config'>): Promise<GuestAccount> {
  const account = await ensureGuestAccount({ db });
  let [team] = await getTeamsOfUser({ db }, { userId: account.id });
  if (!team) {
    await createTeam({ db }, { userId: account.id, name: GUEST_TEAM_NAME });
    [team] = await getTeamsOfUser({ db }, { userId: account.id });
  }
  if (!team) throw new Error('The guest team could not be made');
  const campaigns = await listTeamCampaigns({ db }, { teamId: team.id });
  if (!campaigns.some((campaign) => campaign.isDemo)) {
    // Another process may have added it a moment ago: one demo per team is kept by the database.
    await createDemoCampaign({ db, config }, { teamId: team.id }).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    });
  }
  return account;
}

/**
 * "Try without signing up" (GUEST_ACCESS): a short session of the shared guest account, whose
 * demo team holds the demo campaign. Everything a guest does is read-only (auth/guest-guard.ts).
 * Without GUEST_ACCESS there is no such thing: 404.
 */
export async function startGuestSession(
  services: Pick<AppServices, 'db' | 'tokens' | 'config'>,
): Promise<IssuedTokens> {
  if (!services.config.GUEST_ACCESS) throw notFound(GUEST_MESSAGES.unavailable);
  let setup = settingUp.get(services.db);
  if (!setup) {
    setup = setUpGuestTeam(services).finally(() => settingUp.delete(services.db));
    settingUp.set(services.db, setup);
  }
  const account = await setup;
  return startSession(services, { user: account, seconds: GUEST_SESSION_SECONDS, guest: true });
}
