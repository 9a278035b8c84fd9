import { VITALS_MESSAGES, type VitalsSettings } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { saveVitalsSettings } from './repo';

/**
 * PUT /campaign/vitals: sets the campaign's Web Vitals sampling and guardrails (validated by the
 * route's schema); 404 when the campaign is not the team's, and nothing changes. The tracker's
 * files are rebuilt on the next request (a team route's write marks them changed).
 */
export async function setVitalsSettings(
  { db }: { db: Db },
  {
    teamId,
    campaignId,
    settings,
  }: { teamId: number; campaignId: number; settings: VitalsSettings },
): Promise<VitalsSettings> {
  const saved = await saveVitalsSettings(db, { teamId, campaignId, settings });
  if (!saved) throw notFound(VITALS_MESSAGES.campaignNotFound);
  return settings;
}
