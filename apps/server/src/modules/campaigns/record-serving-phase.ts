import { evenServedShares } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import {
  appendServingPhase,
  findServedState,
  findVariantCampaign,
  type PhaseShares,
} from './serving-phases-repo';

/**
 * Records what the tracker serves the campaign from now on, as a new phase when it changed
 * (docs/statistics.md, "Sample ratio mismatch"). Called in the transaction of every change of
 * the serving state: the campaign made, saved or switched, a variant added, paused, resumed or
 * deleted. `at` dates a campaign made with a past start (the demo's).
 */
export async function recordServingPhase(
  db: Db | Tx,
  { teamId, campaignId, at }: { teamId: number; campaignId: number; at?: Date },
): Promise<void> {
  const state = await findServedState(db, teamId, campaignId);
  if (!state) return;
  const variants = new Map<number, { id: number; isEnabled: boolean }[]>();
  for (const row of state.rows) {
    const list = variants.get(row.elementId) ?? [];
    variants.set(row.elementId, list);
    if (row.variantId !== null) list.push({ id: row.variantId, isEnabled: row.isEnabled ?? false });
  }
  const shares: PhaseShares = {};
  for (const [elementId, list] of variants) {
    shares[String(elementId)] = evenServedShares({
      campaignEnabled: state.isEnabled,
      variants: list,
    });
  }
  await appendServingPhase(db, { teamId, campaignId, shares, ...(at ? { at } : {}) });
}

/** As recordServingPhase, for the campaign of a variant (nothing when it is not the team's). */
export async function recordVariantServingPhase(
  db: Db | Tx,
  { teamId, variantId }: { teamId: number; variantId: number },
): Promise<void> {
  const campaignId = await findVariantCampaign(db, teamId, variantId);
  if (campaignId !== undefined) await recordServingPhase(db, { teamId, campaignId });
}
