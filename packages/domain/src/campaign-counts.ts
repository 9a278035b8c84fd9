// `GET /api/team/{team}/tracker/counts`: what the hourly rollups hold for one campaign, added
// over hours and shards, per element and arm. Shared by the server, the web app and the tests.

export interface CampaignArmCounts {
  elementId: number;
  /** Null for the control. */
  variantId: number | null;
  exposures: number;
  visitors: number;
  sessions: number;
  revenue: number;
  /** Exposures whose change was applied, and those whose element was not found in time. */
  applied: number;
  missed: number;
  /** Median ms from navigation start to the change shown; null when none was applied. */
  medianAppliedMs: number | null;
}

export interface CampaignGoalCounts {
  elementId: number;
  variantId: number | null;
  goalId: number;
  /** Sessions that reached the goal. */
  goalSessions: number;
  /** Of those, the ones that completed the funnel within the conversion window. */
  conversions: number;
}

export interface CampaignCounts {
  campaignId: number;
  arms: CampaignArmCounts[];
  goals: CampaignGoalCounts[];
  /**
   * Page views where the campaign runs that had none of its elements (issue 31): no exposures,
   * counted apart (a resent batch may count twice).
   */
  notOnPage: number;
}

/**
 * Every exposure counts once per element (each element gets an arm, the control included), so a
 * campaign's own counts come from one element's arms, never from their sum: the element with
 * the most views, the first in the given order on a tie, since an element added later has seen
 * only part of the traffic. Null before any view.
 */
export function leadElementId(
  viewsByElement: Iterable<readonly [elementId: number, views: number]>,
): number | null {
  let lead: number | null = null;
  let most = 0;
  for (const [elementId, views] of viewsByElement) {
    if (views > most) [lead, most] = [elementId, views];
  }
  return lead;
}
