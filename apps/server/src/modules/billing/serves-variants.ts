import { servesVariants } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { AppServices } from '../../http/types';
import { getMonthExposures } from '../stats/get-month-exposures';
import { getEntitlements } from './get-entitlements';

/** The tracker config is fetched by every visitor: a month's count is reused this long. */
export const MONTH_EXPOSURES_CACHE_MS = 60_000;

interface Counted {
  month: number;
  atMs: number;
  exposures: number;
}
/** Per database (an app and its tests each have their own), per team. */
const counted = new WeakMap<Db, Map<number, Counted>>();

async function cachedMonthExposures(db: Db, teamId: number, nowMs: number, month: number) {
  const teams = counted.get(db) ?? new Map<number, Counted>();
  counted.set(db, teams);
  const hit = teams.get(teamId);
  if (hit && hit.month === month && nowMs - hit.atMs < MONTH_EXPOSURES_CACHE_MS) {
    return hit.exposures;
  }
  const exposures = await getMonthExposures({ db }, { teamId, nowMs });
  teams.set(teamId, { month, atMs: nowMs, exposures });
  return exposures;
}

/**
 * Whether the tracker still assigns variants for the team (packages/domain servesVariants): a
 * metered plan's month of views is counted (at most a minute old); unmetered teams ask nothing
 * more. When it says no, the tracker config leaves every campaign out: visitors see the
 * original page and send no more exposures.
 */
export async function teamServesVariants(
  { db, config }: Pick<AppServices, 'db' | 'config'>,
  { teamId, nowMs }: { teamId: number; nowMs: number },
): Promise<boolean> {
  const entitlements = await getEntitlements({ db, config }, { teamId, nowMs });
  const cap = entitlements.allowances.monthlyExposures;
  if (cap === null) return true;
  if (cap === 0) return false;
  const month = new Date(nowMs).getUTCMonth();
  return servesVariants(entitlements, await cachedMonthExposures(db, teamId, nowMs, month));
}
