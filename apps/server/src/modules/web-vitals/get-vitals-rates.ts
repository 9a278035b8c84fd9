import { vitalsRate } from '@kindling/domain';
import type { Db } from '../../db/database';
import { getVitalsSettingsOf } from './get-vitals-settings';
import { findRecentVisitors } from './repo';

const DAY_MS = 86_400_000;

/**
 * Campaign id -> the share of page views that report Web Vitals (null: none), for the tracker
 * config: the campaign's sampling setting, "auto" decided by its visitors over the last day
 * (packages/domain `vitalsRate`). Two reads for all the team's campaigns, at most every 5 s
 * per team (served-files.ts).
 */
export async function getVitalsRates(
  { db }: { db: Db },
  { teamId, campaignIds, nowMs }: { teamId: number; campaignIds: readonly number[]; nowMs: number },
): Promise<Map<number, number | null>> {
  const settings = await getVitalsSettingsOf({ db }, { teamId, campaignIds });
  const auto = [...settings].filter(([, s]) => s.sampling === 'auto').map(([id]) => id);
  const visitors = await findRecentVisitors(db, {
    teamId,
    campaignIds: auto,
    since: new Date(nowMs - DAY_MS),
  });
  return new Map(
    [...settings].map(([id, s]) => [id, vitalsRate(s.sampling, visitors.get(id) ?? 0)]),
  );
}
