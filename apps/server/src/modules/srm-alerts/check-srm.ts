import { endElementName, srmAlert } from '@kindling/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { findCampaign } from '../campaigns/get-campaigns';
import { emitWebhookEvent, type WebhookDeps } from '../webhooks/emit-webhook-event';
import { elementsOf, getLifetimeStats, type LifetimeStatsDeps } from '../stats/campaign-verdicts';
import { claimSrmAlert, dangerouslyListSrmCandidates } from './repo';

export interface SrmAlertDeps extends LifetimeStatsDeps {
  db: Db;
  config: WebhookDeps['config'];
  /** Wired in app-verdicts.ts: the notifications module tells the team, in the app and by mail. */
  notify: (notice: {
    teamId: number;
    title: string;
    body: string;
    teamPath: string;
  }) => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  now?: () => number;
}

/**
 * One running campaign against the results page's own mismatch test, over its whole life: when
 * an element is flagged, the team is told once (claimed, so one process of several tells), by a
 * notification and the `srm.detected` webhook event. Answers whether it told.
 */
export async function checkCampaignSrm(
  deps: SrmAlertDeps,
  { teamId, campaignId }: { teamId: number; campaignId: number },
): Promise<boolean> {
  const campaign = await findCampaign({ db: deps.db }, { teamId, id: campaignId });
  if (!campaign?.isEnabled || campaign.isDemo) return false;
  const stats = await getLifetimeStats(deps, { teamId, campaign });
  // As auto-stop: what few client addresses sent could be one sender's doing, and the alert is
  // told once; a forged mismatch must not spend it.
  if (stats.traffic.concentrated) return false;
  const answers = elementsOf(campaign, stats);
  const flagged = campaign.elements.flatMap((element, index) => {
    const srm = answers.find((answer) => answer.id === element.id)?.srm;
    return srm?.flagged ? [{ name: endElementName(element, index), pValue: srm.pValue }] : [];
  });
  if (flagged.length === 0) return false;
  const at = new Date((deps.now ?? Date.now)());
  if (!(await claimSrmAlert(deps.db, { teamId, id: campaignId, at }))) return false;
  const alert = srmAlert({ campaignName: campaign.name, campaignId, elements: flagged });
  deps.log.info({ campaignId, elements: flagged }, 'sample ratio mismatch: team told');
  await emitWebhookEvent(deps, {
    teamId,
    type: 'srm.detected',
    campaignId,
    summary: alert.summary,
    teamPath: alert.teamPath,
    facts: { elements: flagged },
  });
  try {
    await deps.notify({ teamId, title: alert.title, body: alert.body, teamPath: alert.teamPath });
  } catch (error) {
    // Telling the team in the app is best effort; the webhook event is queued all the same.
    deps.log.error({ err: error, campaignId }, 'sample ratio mismatch: notify failed');
  }
  return true;
}

/** The periodic check: every running campaign not told yet; answers how many it told of. */
export async function checkSrmCampaigns(deps: SrmAlertDeps): Promise<number> {
  let told = 0;
  for (const { id, teamId } of await dangerouslyListSrmCandidates(deps.db)) {
    try {
      if (await checkCampaignSrm(deps, { teamId, campaignId: id })) told += 1;
    } catch (error) {
      deps.log.error({ err: error, campaignId: id }, 'sample ratio mismatch check failed');
    }
  }
  return told;
}
