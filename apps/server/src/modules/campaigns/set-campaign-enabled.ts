import type { Db } from '../../db/database';
import { CAMPAIGN_END_MESSAGES } from '@kindling/domain';
import { AppError, notFound } from '../../errors';
import type { AppServices, ServingChanged } from '../../http/types';
import { getEntitlements } from '../billing/get-entitlements';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event';
import { CAMPAIGN_NOT_FOUND } from './get-campaigns';
import { recordServingPhase } from './record-serving-phase';
import { findCampaignSwitch, setCampaignEnabled as setCampaignEnabledRow } from './repo';
import { assertMaySwitchOn } from './running-cap';

/**
 * Switches a campaign on or off. Switching on asks the team's plan (running campaigns, issue 13);
 * switching off, or on again when it is on already, always works. Demos never run, so they are
 * not counted.
 */
export async function setCampaignEnabled(
  {
    db,
    config,
    servingChanged,
  }: { db: Db; config: AppServices['config']; servingChanged?: ServingChanged | undefined },
  input: { teamId: number; id: number; isEnabled: boolean; nowMs?: number },
): Promise<{ id: number; isEnabled: boolean }> {
  const { teamId, id, isEnabled } = input;
  const entitlements = isEnabled
    ? await getEntitlements({ db, config }, { teamId, nowMs: input.nowMs ?? Date.now() })
    : null;
  const changed = await db.transaction().execute(async (tx) => {
    const current = await findCampaignSwitch(tx, teamId, id);
    if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
    if (isEnabled && current.endedAt) throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.ended);
    if (isEnabled && current.archivedAt) {
      throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.archivedSwitch);
    }
    if (entitlements && !current.isEnabled && !current.isDemo) {
      await assertMaySwitchOn(tx, { teamId, entitlements });
    }
    if (!(await setCampaignEnabledRow(tx, teamId, id, isEnabled))) {
      throw notFound(CAMPAIGN_NOT_FOUND);
    }
    await recordServingPhase(tx, { teamId, campaignId: id });
    return current.isEnabled !== isEnabled && !current.isDemo;
  });
  servingChanged?.(teamId);
  // Whoever switched it (a member, a schedule, auto-stop), the team's webhooks hear of it.
  if (changed) {
    await emitWebhookEvent(
      { db, config },
      {
        teamId,
        type: isEnabled ? 'campaign.started' : 'campaign.stopped',
        campaignId: id,
        summary: (name) => `Campaign "${name}" ${isEnabled ? 'started' : 'stopped'}.`,
        teamPath: `/campaign/${id}`,
      },
    );
  }
  return { id, isEnabled };
}
