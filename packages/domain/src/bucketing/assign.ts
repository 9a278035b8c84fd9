import { bucketSeed, unitHash } from './hash';

/** An element as the tracker sees it: only enabled variants, with bandit weights if any. */
export interface BucketingElement {
  id: number;
  /** `with`: changed together, the lead's variant this one is shown with (element-mode.ts). */
  variants: { id: number; weight?: number; with?: number }[];
  /** Bandit campaigns: the control's share; weights need not sum to 1. Even split without. */
  controlWeight?: number;
  /**
   * The lead element of a campaign whose elements change together: this one shows the variant
   * partnered (`with`) with the lead's arm, or its original when it has none. Without it, each
   * element draws on its own.
   */
  bucketWith?: number;
}

export interface BucketingCampaign {
  id: number;
  /** Percent of visitors in the test, 0-100; the rest see the original and are not counted. */
  trafficAllocation: number;
  /** A visitor is in at most one exclusive campaign. */
  exclusive: boolean;
  elements: BucketingElement[];
}

export type Arm = number | 'control';
/** Element id -> the variant shown, or the control. */
export type Assignment = Record<number, Arm>;

export function isInTraffic(visitorId: string, campaign: BucketingCampaign): boolean {
  return unitHash(bucketSeed(campaign.id, 'traffic', visitorId)) * 100 < campaign.trafficAllocation;
}

/** Control or one of the element's variants, by weight (even when no weights are given). */
export function assignElement(
  visitorId: string,
  campaignId: number,
  element: BucketingElement,
): Arm {
  const arms: { arm: Arm; weight: number }[] = [
    { arm: 'control' as const, weight: element.controlWeight ?? 1 },
    ...element.variants.map((variant) => ({ arm: variant.id, weight: variant.weight ?? 1 })),
  ].filter((entry) => entry.weight > 0 && Number.isFinite(entry.weight));
  const total = arms.reduce((sum, entry) => sum + entry.weight, 0);
  if (total === 0) return 'control';
  let point = unitHash(bucketSeed(campaignId, `element:${element.id}`, visitorId)) * total;
  for (const entry of arms) {
    if (point < entry.weight) return entry.arm;
    point -= entry.weight;
  }
  return arms[arms.length - 1]!.arm;
}

/**
 * The one exclusive campaign a visitor may enter: the lowest `exclusive` hash wins (rendezvous
 * hashing), so starting another exclusive campaign only moves visitors into the new one, never
 * between the ones already running.
 */
export function chooseExclusiveCampaign(
  visitorId: string,
  campaigns: readonly BucketingCampaign[],
): number | null {
  let best: { id: number; score: number } | null = null;
  for (const campaign of campaigns) {
    if (!campaign.exclusive) continue;
    const score = unitHash(bucketSeed(campaign.id, 'exclusive', visitorId));
    if (!best || score < best.score || (score === best.score && campaign.id < best.id)) {
      best = { id: campaign.id, score };
    }
  }
  return best?.id ?? null;
}

/** Every campaign the visitor is in, with what each element shows. */
export function assignCampaigns(
  visitorId: string,
  campaigns: readonly BucketingCampaign[],
): Map<number, Assignment> {
  const exclusive = chooseExclusiveCampaign(visitorId, campaigns);
  const result = new Map<number, Assignment>();
  for (const campaign of campaigns) {
    if (campaign.exclusive && campaign.id !== exclusive) continue;
    if (!isInTraffic(visitorId, campaign)) continue;
    const assignment: Assignment = {};
    for (const element of campaign.elements) {
      const lead = element.bucketWith === undefined ? undefined : assignment[element.bucketWith];
      assignment[element.id] =
        lead === undefined
          ? assignElement(visitorId, campaign.id, element)
          : (element.variants.find((variant) => variant.with === lead)?.id ?? 'control');
    }
    result.set(campaign.id, assignment);
  }
  return result;
}
