import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { assertVariantCampaignOpen } from './assert-campaign-open';
import { NO_CODE_EDITOR, recordCodeChanges, type CodeEditor } from '../variant-code/code-changes';
import { recordServingPhase } from './record-serving-phase';
import { deleteVariantById } from './repo';
import { findVariantCampaign } from './serving-phases-repo';
import { VARIANT_NOT_FOUND } from './update-variant-enabled';

/**
 * Spec section 4: a saved variant can be deleted (after the client's confirmation); its
 * campaign then serves a new phase.
 */
export async function deleteVariant(
  { db }: { db: Db },
  input: {
    teamId: number;
    id: number;
    /** Who deletes: a variant's CSS or code goes with it only by an owner, recorded. */
    editor?: CodeEditor;
  },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await assertVariantCampaignOpen(tx, input.teamId, input.id);
    const campaignId = await findVariantCampaign(tx, input.teamId, input.id);
    if (campaignId !== undefined) {
      const scope = { teamId: input.teamId, campaignId, editor: input.editor ?? NO_CODE_EDITOR };
      await recordCodeChanges(tx, scope, { removing: input.id });
    }
    if (campaignId === undefined || !(await deleteVariantById(tx, input.teamId, input.id))) {
      throw notFound(VARIANT_NOT_FOUND);
    }
    await recordServingPhase(tx, { teamId: input.teamId, campaignId });
  });
}
