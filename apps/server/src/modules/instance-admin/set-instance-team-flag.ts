import { INSTANCE_ADMIN_MESSAGES, type FeatureFlag } from '@kindling/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { findPublicTeam } from '../teams/find-public-team';
import { setFeatureFlag } from '../teams/set-feature-flag';
import type { InstanceAdmin } from './require-instance-admin';

/**
 * Turns one feature flag on or off for any team. The team's owners see the result in Settings →
 * Labs, and may change it again there: both write the same list, the last change wins.
 */
export async function setInstanceTeamFlag(
  { db, log }: { db: Db; log: FastifyBaseLogger },
  input: { admin: InstanceAdmin; team: string; flag: FeatureFlag; enabled: boolean },
) {
  const team = await findPublicTeam({ db }, { slug: input.team });
  if (!team) throw notFound(INSTANCE_ADMIN_MESSAGES.teamNotFound);
  const { featureFlags } = await setFeatureFlag(
    { db },
    { team, flag: input.flag, enabled: input.enabled },
  );
  log.info(
    {
      audit: 'instance-admin',
      outcome: 'changed',
      actor: { id: input.admin.id, email: input.admin.email },
      team: team.slug,
      flag: input.flag,
      enabled: input.enabled,
      featureFlags,
    },
    'instance admin set a feature flag',
  );
  return { team: team.slug, featureFlags };
}
