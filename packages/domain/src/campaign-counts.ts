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
}
