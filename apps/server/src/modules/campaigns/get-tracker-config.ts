import {
  GoalEventType,
  TRACKER_CONFIG_VERSION,
  UPLOADS_PREFIX,
  type Campaign,
  type CampaignElement,
  type Goal,
  type TrackerCampaign,
  type TrackerConfig,
  type TrackerElement,
  type TrackerGoal,
} from '@kindling/domain';
import { variantMutations, type PageMutation } from '@kindling/page-runtime/variant-mutations';
import type { Db } from '../../db/database';
import { presentCampaign } from './present-campaign';
import { findCampaignParts, findCampaigns } from './repo';

export type ServedConfig = TrackerConfig<PageMutation>;

// Bandit campaigns will take their weights from results once stats exist; until then every arm
// weighs the same, but the fields are served so the tracker already follows them.
const EVEN = 1;

/** Uploaded images are served by Kindling, not by the customer's site: make them absolute. */
const absoluteUploads =
  (filesOrigin: string) =>
  (mutation: PageMutation): PageMutation =>
    mutation.type === 'imageSrc' && mutation.src.startsWith(`${UPLOADS_PREFIX}/`)
      ? { ...mutation, src: `${filesOrigin}${mutation.src}` }
      : mutation;

function trackerElement(
  element: CampaignElement,
  bandit: boolean,
  filesOrigin: string,
): TrackerElement<PageMutation> {
  const variants = element.variants
    .filter((variant) => variant.isEnabled)
    .map((variant) => ({
      id: variant.id,
      ...(bandit ? { weight: EVEN } : {}),
      mutations: variantMutations(element, variant).map(absoluteUploads(filesOrigin)),
    }));
  return {
    id: element.id,
    selector: element.selector,
    ...(bandit ? { controlWeight: EVEN } : {}),
    variants,
  };
}

function trackerGoal(goal: Goal): TrackerGoal[] {
  const { event } = goal;
  if (event.type === GoalEventType.Click) {
    const selectors = (event.elements ?? []).map((element) => element.selector);
    return selectors.length ? [{ id: goal.id, type: 'click', selectors }] : [];
  }
  if (event.type === GoalEventType.PageView && event.url) {
    return [{ id: goal.id, type: 'pageView', url: event.url }];
  }
  return [];
}

function trackerCampaign(campaign: Campaign, filesOrigin: string): TrackerCampaign<PageMutation> {
  const bandit = campaign.type === 'multi_armed_bandit';
  return {
    id: campaign.id,
    url: campaign.ingestedUrl,
    trafficAllocation: campaign.trafficAllocation,
    exclusive: campaign.exclusiveAudienceMode,
    elements: campaign.elements.map((element) => trackerElement(element, bandit, filesOrigin)),
    goals: campaign.goals.flatMap(trackerGoal),
  };
}

/**
 * What the tracker on a team's pages runs: the team's enabled campaigns with their enabled
 * variants as page mutations, and their goals. Public data (served without sign-in): it holds
 * nothing a visitor of the page would not see anyway.
 */
export async function getTrackerConfig(
  { db }: { db: Db },
  { teamId, collectUrl }: { teamId: number; collectUrl: string },
): Promise<ServedConfig> {
  const rows = (await findCampaigns(db, teamId)).filter((row) => row.isEnabled);
  const parts = await findCampaignParts(
    db,
    teamId,
    rows.map((row) => row.id),
  );
  return {
    version: TRACKER_CONFIG_VERSION,
    collectUrl,
    // Oldest first, so a config reads in the order campaigns were started.
    campaigns: rows
      .map((row) => trackerCampaign(presentCampaign(row, parts), new URL(collectUrl).origin))
      .sort((a, b) => a.id - b.id),
  };
}
