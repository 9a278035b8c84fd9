import type { ServingChanged } from '../../http/types';
import {
  autoStopDecision,
  type AutoStopDecision,
  type Campaign,
  type Correction,
} from '@kindling/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { findCampaign } from '../campaigns/get-campaigns';
import { setCampaignEnabled } from '../campaigns/set-campaign-enabled';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event';
import {
  autoStopElement,
  elementsOf,
  getLifetimeStats,
  type LifetimeStatsDeps,
} from '../stats/campaign-verdicts';
import { claimAutoStop, dangerouslyListAutoStopCandidates, releaseAutoStop } from './repo';

/** What the team is told about: the campaign auto-stop switched off and why. */
export interface AutoStopped {
  teamId: number;
  campaign: Pick<Campaign, 'id' | 'name'>;
  decision: Extract<AutoStopDecision, { stop: true }>;
}

export interface AutoStopDeps extends LifetimeStatsDeps {
  db: Db;
  config: Config;
  /** The team's multiple-comparison correction (teams module), as the stats endpoint reads it. */
  getStatsCorrection: (teamId: number) => Promise<Correction>;
  /** Wired in app.ts: the notifications module tells the team, in the app and by mail. */
  onAutoStopped: (stopped: AutoStopped) => Promise<unknown> | void;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  servingChanged?: ServingChanged | undefined;
  now?: () => number;
}

/**
 * One campaign against the auto-stop rule (packages/domain stats/auto-stop.ts) on the stats
 * endpoint's verdicts over its whole life, the ones the list shows. When the rule says stop: claimed (one process of
 * several), switched off through the pause switch's own path, and the team told with each
 * verdict's summary. Traffic concentrated on few client addresses stops nothing: one sender
 * could have made the answer (as for the idea experiments). Answers the rule's decision, or null
 * when the campaign is not one auto-stop looks at.
 */
export async function checkCampaignAutoStop(
  deps: AutoStopDeps,
  { teamId, campaignId }: { teamId: number; campaignId: number },
): Promise<AutoStopDecision | null> {
  const campaign = await findCampaign({ db: deps.db }, { teamId, id: campaignId });
  if (!campaign?.autoStop || !campaign.isEnabled || campaign.autoStoppedAt || campaign.isDemo) {
    return null;
  }
  const stats = await getLifetimeStats(deps, { teamId, campaign });
  const decision = autoStopDecision(elementsOf(campaign, stats).map(autoStopElement));
  if (!decision.stop) return decision;
  const { traffic } = stats;
  if (traffic.concentrated) {
    deps.log.warn(
      { campaignId, traffic: traffic.reason },
      'auto-stop: answered on concentrated traffic, the campaign keeps running',
    );
    return { stop: false, waitingFor: null };
  }
  const at = new Date((deps.now ?? Date.now)());
  if (!(await claimAutoStop(deps.db, { teamId, id: campaignId, at }))) return decision;
  try {
    await setCampaignEnabled(deps, { teamId, id: campaignId, isEnabled: false });
  } catch (error) {
    await releaseAutoStop(deps.db, { teamId, id: campaignId, at });
    throw error;
  }
  deps.log.info({ campaignId, reason: decision.reason }, 'auto-stop switched a campaign off');
  await emitWebhookEvent(deps, {
    teamId,
    type: 'verdict.reached',
    campaignId,
    summary: (name) =>
      `"${name}" reached its verdict: ${decision.elements.map((element) => element.summary).join(' ')}`,
    teamPath: `/campaign/${campaignId}`,
    facts: { reason: decision.reason, elements: decision.elements },
  });
  try {
    await deps.onAutoStopped({ teamId, campaign, decision });
  } catch (error) {
    // Telling the team is best effort; the campaign has stopped all the same.
    deps.log.error({ err: error, campaignId }, 'auto-stop: notify failed');
  }
  return decision;
}

/** The periodic check: every campaign with auto-stop on; answers how many it switched off. */
export async function checkAutoStopCampaigns(deps: AutoStopDeps): Promise<number> {
  let stopped = 0;
  for (const { id, teamId } of await dangerouslyListAutoStopCandidates(deps.db)) {
    try {
      const decision = await checkCampaignAutoStop(deps, { teamId, campaignId: id });
      if (decision?.stop) stopped += 1;
    } catch (error) {
      deps.log.error({ err: error, campaignId: id }, 'auto-stop check failed');
    }
  }
  return stopped;
}
