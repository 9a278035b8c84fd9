import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { assertVariantCampaignOpen } from './assert-campaign-open';
import { recordVariantServingPhase } from './record-serving-phase';
import { findVariantFacts, setVariantEnabled } from './repo';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event';

export const VARIANT_NOT_FOUND = 'Variant not found';

/** Spec section 4: a saved variant can be enabled or disabled (a new serving phase). */
export async function updateVariantEnabled(
  { db, config }: { db: Db; config: Pick<Config, 'ADMIN_URL' | 'PUBLIC_URL'> },
  input: { teamId: number; id: number; isEnabled: boolean },
): Promise<{ id: number; isEnabled: boolean }> {
  const paused = await db.transaction().execute(async (tx) => {
    await assertVariantCampaignOpen(tx, input.teamId, input.id);
    const before = await findVariantFacts(tx, input.teamId, input.id);
    if (!(await setVariantEnabled(tx, input.teamId, input.id, input.isEnabled))) {
      throw notFound(VARIANT_NOT_FOUND);
    }
    await recordVariantServingPhase(tx, { teamId: input.teamId, variantId: input.id });
    return before?.isEnabled && !input.isEnabled ? before : null;
  });
  if (paused) {
    await emitWebhookEvent(
      { db, config },
      {
        teamId: input.teamId,
        type: 'variant.paused',
        campaignId: paused.campaignId,
        summary: (name) => `Variant "${paused.key}" of "${name}" was paused.`,
        teamPath: `/campaign/${paused.campaignId}`,
        facts: { variant: { id: input.id, key: paused.key } },
      },
    );
  }
  return { id: input.id, isEnabled: input.isEnabled };
}
