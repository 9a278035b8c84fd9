import {
  assignCampaigns,
  samePage,
  type Arm,
  type ElementFingerprint,
  type TrackerConfig,
} from '@kindling/domain';
import type { PageMutation } from '../mutation-types';

export type Config = TrackerConfig<PageMutation>;

/** One element to change on this page: the assigned variant's mutations. */
export interface Change {
  campaignId: number;
  elementId: number;
  selector: string;
  /** Finds the element when the selector names none or several. */
  fingerprint?: ElementFingerprint;
  mutations: PageMutation[];
}

export interface Exposure {
  campaignId: number;
  /** Element id -> variant id or "control", as /api/collect takes it. */
  assignments: Record<string, Arm>;
}

export interface PagePlan {
  exposures: Exposure[];
  changes: Change[];
}

/**
 * What a visitor gets on the page at `href`: the campaigns running there that the visitor is in
 * and the changes to make. Buckets are drawn over all the team's campaigns, not only this
 * page's, so "at most one exclusive campaign" holds across pages.
 */
export function planPage(config: Config, href: string, visitorId: string): PagePlan {
  const assigned = assignCampaigns(visitorId, config.campaigns);
  const plan: PagePlan = { exposures: [], changes: [] };
  for (const campaign of config.campaigns) {
    const assignment = assigned.get(campaign.id);
    if (!assignment || !samePage(campaign.url, href)) continue;
    const assignments: Record<string, Arm> = {};
    for (const element of campaign.elements) {
      const arm = assignment[element.id] ?? 'control';
      assignments[element.id] = arm;
      const variant = element.variants.find((candidate) => candidate.id === arm);
      if (variant?.mutations.length) {
        plan.changes.push({
          campaignId: campaign.id,
          elementId: element.id,
          selector: element.selector,
          fingerprint: element.fingerprint,
          mutations: variant.mutations,
        });
      }
    }
    plan.exposures.push({ campaignId: campaign.id, assignments });
  }
  return plan;
}
