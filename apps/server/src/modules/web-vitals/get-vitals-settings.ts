import { DEFAULT_VITALS_SETTINGS, VITALS_MESSAGES, type VitalsSettings } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { findVitalsSettings } from './repo';

/** GET /campaign/vitals: the campaign's Web Vitals sampling and guardrails (404: not the team's). */
export async function getVitalsSettings(
  { db }: { db: Db },
  { teamId, campaignId }: { teamId: number; campaignId: number },
): Promise<VitalsSettings> {
  const found = await findVitalsSettings(db, { teamId, campaignIds: [campaignId] });
  if (!found.has(campaignId)) throw notFound(VITALS_MESSAGES.campaignNotFound);
  return found.get(campaignId) ?? DEFAULT_VITALS_SETTINGS;
}

/** Campaign id -> its settings, the defaults where none are stored (the team's campaigns only). */
export async function getVitalsSettingsOf(
  { db }: { db: Db },
  { teamId, campaignIds }: { teamId: number; campaignIds: readonly number[] },
): Promise<Map<number, VitalsSettings>> {
  const found = await findVitalsSettings(db, { teamId, campaignIds });
  return new Map([...found].map(([id, settings]) => [id, settings ?? DEFAULT_VITALS_SETTINGS]));
}
