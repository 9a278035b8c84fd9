import type { Campaign } from '@kindling/domain';
import { conversionGoalId } from './funnel-goals';
import type { ElementWeights } from './get-bandit-weights';

/** How long a campaign's weights are served before they are computed again. */
export const BANDIT_WEIGHTS_TTL_MS = 60_000;

export type GetBanditWeights = (input: {
  teamId: number;
  campaign: Campaign;
}) => Promise<Map<number, ElementWeights>>;

/** What the weights depend on besides the results: the served arms and the conversion goal. */
const armsKey = (campaign: Campaign) =>
  JSON.stringify([
    conversionGoalId(campaign),
    campaign.elements.map((element) => [
      element.id,
      element.variants.filter((v) => v.isEnabled).map((v) => v.id),
    ]),
  ]);

/**
 * Weights kept per campaign for `ttlMs`: the tracker config is public and fetched by every
 * visitor whose cache expired, and the weights add up the campaign's whole history. Requests
 * during a computation share it; a failed one is not kept. Enabling or pausing a variant, or
 * moving the conversion goal, changes the arms, so the weights are computed again at once.
 */
export function cachedBanditWeights({
  load,
  ttlMs = BANDIT_WEIGHTS_TTL_MS,
  now = Date.now,
}: {
  load: GetBanditWeights;
  ttlMs?: number;
  now?: () => number;
}): GetBanditWeights {
  const kept = new Map<
    number,
    { key: string; until: number; weights: Promise<Map<number, ElementWeights>> }
  >();
  return (input) => {
    const at = now();
    const key = armsKey(input.campaign);
    const entry = kept.get(input.campaign.id);
    if (entry && entry.key === key && entry.until > at) return entry.weights;
    const weights = load(input);
    kept.set(input.campaign.id, { key, until: at + ttlMs, weights });
    void weights.catch(() => {
      if (kept.get(input.campaign.id)?.weights === weights) kept.delete(input.campaign.id);
    });
    return weights;
  };
}
