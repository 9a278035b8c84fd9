import {
  COLLECT_MAX_CLOCK_SKEW_MS,
  type AutoStopElement,
  type Campaign,
  type CampaignStats,
  type ElementVerdictFigures,
} from '@kindling/domain';
import { getCampaignStats, type StatsDeps } from './get-campaign-stats';
import { MAX_INTERVALS } from './stats-query';

// A campaign's verdicts over its whole life, for the screens and jobs that have no range of
// their own: the campaign list, the idea experiments and auto-stop. They are the stats
// endpoint's own answer for a range holding the campaign's life (docs/decisions.md, "One verdict
// everywhere"): the same metrics, served phases, paused arms, plan and correction, by
// construction, whatever the endpoint learns to weigh next.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type LifetimeStatsDeps = Omit<StatsDeps, 'getCampaigns'>;
export type ElementAnswer = CampaignStats['elements'][string];

/**
 * The range of the campaign's life: every hour an event of it can be stamped with. The collector
 * takes events stamped up to COLLECT_MAX_CLOCK_SKEW_MS off its clock, so from that long before
 * the campaign was created (a demo is dated to its data) to that long past now.
 */
export function lifetimeRange(campaign: Pick<Campaign, 'createdAt'>, now: number) {
  const created = Date.parse(campaign.createdAt);
  const start = Math.floor((created - COLLECT_MAX_CLOCK_SKEW_MS) / HOUR_MS) * HOUR_MS;
  const end = Math.ceil((Math.max(created, now) + COLLECT_MAX_CLOCK_SKEW_MS) / HOUR_MS) * HOUR_MS;
  return { start: new Date(start), end: new Date(end + HOUR_MS) };
}

/**
 * The stats endpoint's answer for the campaign's whole life, by UTC day: every day but the last
 * one or two is final, so a process reads them once (final-interval-cache.ts) and each later
 * answer only the open days. A campaign older than MAX_INTERVALS days goes by month.
 */
export function getLifetimeStats(
  deps: LifetimeStatsDeps,
  { teamId, campaign }: { teamId: number; campaign: Campaign },
): Promise<CampaignStats> {
  const now = (deps.now ?? Date.now)();
  const range = lifetimeRange(campaign, now);
  const days = (range.end.getTime() - range.start.getTime()) / DAY_MS;
  return getCampaignStats(
    { ...deps, now: () => now, getCampaigns: () => Promise.resolve([campaign]) },
    {
      team: { id: teamId },
      query: {
        id: campaign.id,
        range,
        timezone: 'UTC',
        granularity: days < MAX_INTERVALS - 1 ? 'day' : 'month',
      },
    },
  );
}

/** The answer's elements in the campaign's order. */
export const elementsOf = (campaign: Campaign, stats: CampaignStats): ElementAnswer[] =>
  campaign.elements.flatMap((element) => stats.elements[String(element.id)] ?? []);

/** Each element's verdict with what the list shows beside it (campaign-performance.ts). */
export function verdictFigures(campaign: Campaign, stats: CampaignStats): ElementVerdictFigures[] {
  const primary = stats.metrics.find((metric) => metric.role === 'primary')?.id ?? null;
  return elementsOf(campaign, stats).map((element) => ({
    elementId: element.id,
    verdict: element.verdict,
    comparisons: element.comparisons,
    primaryMetricId: primary,
  }));
}

/** What the auto-stop rule reads of an element's answer. */
export const autoStopElement = (element: ElementAnswer): AutoStopElement => ({
  elementId: element.id,
  verdict: element.verdict,
  plannedPerArm: element.plan.plannedPerArm,
  // The smallest running arm (element-sample-size.ts).
  smallestArm: element.sampleSize.exposedPerArm,
  hasRunningVariant: Object.values(element.variants).some(
    (variant) => !variant.control && !variant.paused,
  ),
});
