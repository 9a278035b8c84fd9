import type { AllowanceOverview } from '@kindling/domain';
import type { AppServices } from '../../http/types';
import { countMonthGenerations } from '../ai/generation-allowance';
import { countRunningCampaigns } from '../campaigns/count-running-campaigns';
import { getMonthExposures } from '../stats/get-month-exposures';
import { getEntitlements } from './get-entitlements';

/** The team's plan allowances and this month's use of them, for the usage card. */
export async function getAllowances(
  { db, config }: Pick<AppServices, 'db' | 'config'>,
  { teamId, nowMs }: { teamId: number; nowMs: number },
): Promise<AllowanceOverview> {
  const entitlements = await getEntitlements({ db, config }, { teamId, nowMs });
  const [runningCampaigns, monthlyExposures, monthlyAiGenerations] = await Promise.all([
    countRunningCampaigns({ db }, { teamId }),
    getMonthExposures({ db }, { teamId, nowMs }),
    countMonthGenerations({ db }, { teamId, nowMs }),
  ]);
  const { basis, state, tier, allowances, graceEndsAtMs } = entitlements;
  return {
    basis,
    state,
    tier,
    month: new Date(nowMs).toISOString().slice(0, 7),
    graceEndsAt: graceEndsAtMs === null ? null : new Date(graceEndsAtMs).toISOString(),
    allowances,
    used: { runningCampaigns, monthlyExposures, monthlyAiGenerations },
  };
}
