import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { assertVariantCampaignOpen } from './assert-campaign-open';
import { recordVariantServingPhase } from './record-serving-phase';
import { setVariantEnabled } from './repo';

export const VARIANT_NOT_FOUND = 'Variant not found';

/** Spec section 4: a saved variant can be enabled or disabled (a new serving phase). */
export async function updateVariantEnabled(
  { db }: { db: Db },
  input: { teamId: number; id: number; isEnabled: boolean },
): Promise<{ id: number; isEnabled: boolean }> {
  await db.transaction().execute(async (tx) => {
    await assertVariantCampaignOpen(tx, input.teamId, input.id);
    if (!(await setVariantEnabled(tx, input.teamId, input.id, input.isEnabled))) {
      throw notFound(VARIANT_NOT_FOUND);
    }
    await recordVariantServingPhase(tx, { teamId: input.teamId, variantId: input.id });
  });
  return { id: input.id, isEnabled: input.isEnabled };
}
