import {
  GoalEventType,
  isPageElement,
  PAGE_MARK_SELECTOR,
  servedRollout,
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
import {
  servedMutations,
  variantMutations,
  type PageMutation,
} from '@kindling/page-runtime/variant-mutations';
import type { Db } from '../../db/database';
import type { AppServices } from '../../http/types';
import { teamServesVariants } from '../billing/serves-variants';
import { getForwarding } from '../analytics-forwarding/get-forwarding';
import { getHoldoutPercent } from '../holdout/get-holdout-percent';
import { getAudiencesOf } from '../targeting/get-audience';
import { getPageRulesOf } from '../targeting/get-page-rules';
import { getVitalsRates } from '../web-vitals/get-vitals-rates';
import { linkElements } from './linked-elements';
import { presentCampaign } from './present-campaign';
import { withNames } from './tracker-config-names';
import { findCampaignParts, findCampaigns } from './repo';

export type ServedConfig = TrackerConfig<PageMutation>;

/** The traffic shares of one element's served arms. */
export interface ElementWeights {
  control: number;
  /** Variant id -> share. */
  variants: ReadonlyMap<number, number>;
}

/**
 * Per element id, the shares a bandit campaign's arms are served with: the stats module's
 * use-case, computed from results (wired in app.ts; this module does not read results).
 */
export type GetBanditWeights = (input: {
  teamId: number;
  campaign: Campaign;
}) => Promise<ReadonlyMap<number, ElementWeights>>;

/** An arm the weights do not name (the campaign changed since they were computed). */
const EVEN = 1;

/** Uploaded images are served by Kindling, not by the customer's site: make them absolute. */
export const absoluteUploads =
  (filesOrigin: string) =>
  (mutation: PageMutation): PageMutation =>
    mutation.type === 'imageSrc' && mutation.src.startsWith(`${UPLOADS_PREFIX}/`)
      ? { ...mutation, src: `${filesOrigin}${mutation.src}` }
      : mutation;

/** The campaign with each variant's mutations passed through `serve`. */
const withServedMutations =
  (serve: (mutations: PageMutation[]) => PageMutation[]) =>
  (campaign: TrackerCampaign<PageMutation>): TrackerCampaign<PageMutation> => ({
    ...campaign,
    elements: campaign.elements.map((element) => ({
      ...element,
      variants: element.variants.map((variant) => ({
        ...variant,
        mutations: serve(variant.mutations),
      })),
    })),
  });

function trackerElement(
  element: CampaignElement,
  /** Bandit campaigns only: the element's weights. */
  weights: ElementWeights | null,
  filesOrigin: string,
): TrackerElement<PageMutation> {
  const variants = element.variants
    .filter((variant) => variant.isEnabled)
    .map((variant) => ({
      id: variant.id,
      ...(weights ? { weight: weights.variants.get(variant.id) ?? EVEN } : {}),
      mutations: variantMutations(element, variant).map(absoluteUploads(filesOrigin)),
    }));
  return {
    id: element.id,
    // A split-URL test's page, by the mark only the tracker's targeting part adds (split-url.ts).
    selector: isPageElement(element) ? PAGE_MARK_SELECTOR : element.selector,
    ...(element.fingerprint ? { fingerprint: element.fingerprint } : {}),
    ...(weights ? { controlWeight: weights.control } : {}),
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

function trackerCampaign(
  campaign: Campaign,
  /** Bandit campaigns only: element id -> its weights. */
  weights: ReadonlyMap<number, ElementWeights> | null,
  filesOrigin: string,
): TrackerCampaign<PageMutation> {
  const evenWeights = { control: EVEN, variants: new Map<number, number>() };
  return {
    id: campaign.id,
    url: campaign.ingestedUrl,
    trafficAllocation: campaign.trafficAllocation,
    exclusive: campaign.exclusiveAudienceMode,
    elements: linkElements(
      campaign,
      campaign.elements.map((element) =>
        trackerElement(element, weights && (weights.get(element.id) ?? evenWeights), filesOrigin),
      ),
    ),
    goals: campaign.goals.flatMap(trackerGoal),
  };
}

/**
 * An ended test's rollout as the tracker runs it (issue 35): the rolled-out variant of each
 * element, to every visitor (100% of traffic, the original's share 0, outside exclusivity), and
 * no goals. The tracker needs no code of its own for it; the exposures it sends for this campaign
 * are counted apart by collect, never stored as results (docs/decisions.md, "Ending a test").
 */
function rolloutCampaign(
  campaign: Campaign,
  served: readonly { elementId: number; variantId: number }[],
  filesOrigin: string,
): TrackerCampaign<PageMutation> {
  return {
    id: campaign.id,
    url: campaign.ingestedUrl,
    trafficAllocation: 100,
    exclusive: false,
    rollout: true,
    elements: campaign.elements.flatMap((element) => {
      const chosen = served.find((arm) => arm.elementId === element.id);
      const variant = element.variants.find((candidate) => candidate.id === chosen?.variantId);
      if (!variant) return [];
      // Served whether or not it was paused while the test ran: it is what the team chose.
      const only = { ...element, variants: [{ ...variant, isEnabled: true }] } as CampaignElement;
      return [{ ...trackerElement(only, null, filesOrigin), controlWeight: 0 }];
    }),
    goals: [],
  };
}

/**
 * What the tracker on a team's pages runs: the team's enabled campaigns (demos never) with their enabled
 * variants as page mutations, and their goals; and ended tests' rollouts until removed. Public data (served without sign-in): it holds
 * nothing a visitor of the page would not see anyway.
 */
export async function getTrackerConfig(
  {
    db,
    config,
    getBanditWeights,
  }: { db: Db; config: AppServices['config']; getBanditWeights: GetBanditWeights },
  {
    teamId,
    collectUrl,
    nowMs = Date.now(),
  }: { teamId: number; collectUrl: string; nowMs?: number },
): Promise<ServedConfig> {
  // Past the plan's monthly views (or an ended plan's grace), no campaign is served (issue 13).
  const serving = await teamServesVariants({ db, config }, { teamId, nowMs });
  // Demo campaigns hold generated data only: never served, whatever their switch says.
  const rows = serving
    ? (await findCampaigns(db, teamId)).filter(
        (row) => (row.isEnabled || (row.rollout && !row.rolloutRemovedAt)) && !row.isDemo,
      )
    : [];
  const parts = await findCampaignParts(
    db,
    teamId,
    rows.map((row) => row.id),
  );
  const origin = new URL(collectUrl).origin;
  // Web Vitals per variant (issue 30): the share of page views each campaign samples.
  const vitals = await getVitalsRates(
    { db },
    { teamId, campaignIds: rows.filter((row) => !row.rollout).map((row) => row.id), nowMs },
  );
  // Where each runs and who sees it, when its team said (issue 31); a rollout follows both.
  const ids = rows.map((row) => row.id);
  const pages = await getPageRulesOf({ db }, { campaignIds: ids });
  const audiences = await getAudiencesOf({ db }, { campaignIds: ids });
  // Exposures handed to the page's analytics tools (issue 33), by name only when the team says.
  const { labels: forward } = await getForwarding({ db }, { teamId });
  const campaigns = await Promise.all(
    rows.map(async (row): Promise<TrackerCampaign<PageMutation>> => {
      const campaign = presentCampaign(row, parts);
      const where = {
        ...(pages.has(row.id) ? { pages: pages.get(row.id) } : {}),
        ...(audiences.has(row.id) ? { audience: audiences.get(row.id) } : {}),
      };
      const named = (served: TrackerCampaign<PageMutation>) =>
        forward === 'names' ? withNames(served, campaign) : served;
      if (campaign.end) {
        return named({
          ...rolloutCampaign(campaign, servedRollout(campaign.end), origin),
          ...where,
        });
      }
      const bandit = campaign.type === 'multi_armed_bandit';
      const weights = bandit ? await getBanditWeights({ teamId, campaign }) : null;
      const rate = vitals.get(campaign.id) ?? null;
      return named({
        ...trackerCampaign(campaign, weights, origin),
        ...where,
        ...(rate ? { vitals: rate } : {}),
      });
    }),
  );
  // The global holdout (issue 31): the tracker holds that share of visitors out of every one.
  const holdout = campaigns.length ? await getHoldoutPercent({ db }, { teamId }) : 0;
  return {
    version: TRACKER_CONFIG_VERSION,
    collectUrl,
    ...(holdout ? { holdout } : {}),
    ...(forward && campaigns.length ? { forward } : {}),
    // Oldest first, so a config reads in the order campaigns were started.
    campaigns: campaigns
      .sort((a, b) => a.id - b.id)
      .map(withServedMutations(servedMutations(config.ALLOW_VARIANT_CODE))),
  };
}
