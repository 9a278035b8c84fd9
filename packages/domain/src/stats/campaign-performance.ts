import { z } from 'zod';
import { leadElementId } from '../campaign-counts';
import { NOT_ENOUGH_DATA_VIEWS } from '../constants';
import { verdictSchema } from './significance-schema';
import type { MetricComparison, Verdict } from './verdict';

// `GET /api/team/{team}/campaign/performance/campaigns`: one campaign's headline figures for the
// campaign list, the same figures the results page shows (docs/decisions.md, "Campaign
// performance overview"):
// - views: the campaign's views, i.e. the lead element's exposures (leadElementId), as the
//   results page's headline and its "not enough data" dialog count them;
// - conversions: of those, the sessions that reached the conversion goal (the goal flagged as
//   such, else the last one), the results page's headline `conversions`;
// - conversionRate: conversions / views (the headline's "conversions per view"), 0 without views;
// - verdict: the lead element's verdict over the campaign's whole life, the one the results
//   page shows for a range holding it (the server's element-verdict.ts; the list never
//   derives one), with the relative change of the variant it names on the primary metric;
// - enoughData: views reach NOT_ENOUGH_DATA_VIEWS, the results page's dialog threshold.

/** The list's recent period: this many calendar days, today included. */
export const PERFORMANCE_RECENT_DAYS = 30;

/** One arm's counts over a period. */
export interface PerformanceArm {
  /** Exposures. */
  views: number;
  /** First exposures. */
  visitors: number;
  /** Sessions that reached the conversion goal. */
  conversions: number;
  /** Visitors who first reached it in the period (significance only). */
  convertedVisitors: number;
}

export interface PerformanceElement {
  elementId: number;
  control: PerformanceArm;
  variants: readonly { variantId: number; arm: PerformanceArm }[];
}

/** One arm over the recent days: its views and its conversions per day, oldest first. */
export interface RecentArm {
  views: number;
  daily: readonly number[];
}

export interface RecentElement {
  elementId: number;
  /** Control first; any order works, every arm is added up. */
  arms: readonly RecentArm[];
}

const intervalSchema = z.tuple([z.number(), z.number()]);

/** The campaign's verdict in the list: its lead element's (the one the headline counts). */
export const campaignVerdictSchema = verdictSchema.extend({
  elementId: z.number().int(),
  /**
   * The named variant's relative change on the primary metric and its interval (the verdict's
   * own comparison): set for `winner` and `guardrail_harm`, else null.
   */
  uplift: z
    .object({ estimate: z.number(), interval: intervalSchema.nullable(), level: z.number() })
    .nullable(),
});
export type CampaignVerdict = z.infer<typeof campaignVerdictSchema>;

export const performanceFiguresSchema = z.object({
  views: z.number().int().min(0),
  conversions: z.number().int().min(0),
  conversionRate: z.number().min(0),
  /** Null for a campaign without elements. */
  verdict: campaignVerdictSchema.nullable(),
  enoughData: z.boolean(),
  last30Days: z.object({
    views: z.number().int().min(0),
    conversions: z.number().int().min(0),
    /** Conversions per calendar day, the oldest first, today last. */
    daily: z.array(z.number().int().min(0)).length(PERFORMANCE_RECENT_DAYS),
  }),
});
export type PerformanceFigures = z.infer<typeof performanceFiguresSchema>;

export const campaignPerformanceSchema = performanceFiguresSchema.extend({
  id: z.number().int(),
  name: z.string(),
  isEnabled: z.boolean(),
});
export type CampaignPerformance = z.infer<typeof campaignPerformanceSchema>;

const armsOf = (element: PerformanceElement) => [
  element.control,
  ...element.variants.map((v) => v.arm),
];
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function leadOf<T extends { elementId: number }>(
  elements: readonly T[],
  views: (element: T) => number,
): T | undefined {
  const lead = leadElementId(elements.map((element) => [element.elementId, views(element)]));
  return elements.find((element) => element.elementId === lead);
}

function verdictOf(verdicts: readonly ElementVerdictFigures[], elementId: number | undefined) {
  const found = verdicts.find((element) => element.elementId === elementId) ?? verdicts[0];
  return found ? campaignVerdictOf(found) : null;
}

/** An element's verdict as the list carries it (see campaignVerdictSchema). */
export interface ElementVerdictFigures {
  elementId: number;
  verdict: Verdict;
  comparisons: readonly MetricComparison[];
  /** The primary metric's id, null without one. */
  primaryMetricId: string | null;
}

/** The element's verdict with the change of the variant it names on the primary metric. */
export function campaignVerdictOf({
  elementId,
  verdict,
  comparisons,
  primaryMetricId,
}: ElementVerdictFigures): CampaignVerdict {
  const named =
    verdict.variantId === null
      ? undefined
      : comparisons.find(
          (c) => c.variantId === verdict.variantId && c.metricId === primaryMetricId,
        );
  return {
    ...verdict,
    elementId,
    uplift:
      named && named.estimate !== null
        ? { estimate: named.estimate, interval: named.interval, level: named.level }
        : null,
  };
}

/**
 * A campaign's figures for the list: all time from `allTime`, the recent days from `recent`
 * (each period's counts come from its own lead element, as the results page counts that
 * period). The verdict is the all-time lead element's; before any view, the first element's.
 */
export function campaignPerformance({
  allTime,
  recent,
  verdicts,
}: {
  allTime: readonly PerformanceElement[];
  /** Arms' `daily` hold PERFORMANCE_RECENT_DAYS days, the oldest first. */
  recent: readonly RecentElement[];
  /** Every element's verdict over the campaign's life (the server's element-verdict.ts). */
  verdicts: readonly ElementVerdictFigures[];
}): PerformanceFigures {
  const lead = leadOf(allTime, (element) => sum(armsOf(element).map((arm) => arm.views)));
  const views = lead ? sum(armsOf(lead).map((arm) => arm.views)) : 0;
  const conversions = lead ? sum(armsOf(lead).map((arm) => arm.conversions)) : 0;
  const recentLead = leadOf(recent, (element) => sum(element.arms.map((arm) => arm.views)));
  const daily = Array.from({ length: PERFORMANCE_RECENT_DAYS }, (_, day) =>
    sum((recentLead?.arms ?? []).map((arm) => arm.daily[day] ?? 0)),
  );
  return {
    views,
    conversions,
    conversionRate: views === 0 ? 0 : conversions / views,
    verdict: verdictOf(verdicts, lead?.elementId ?? allTime[0]?.elementId),
    enoughData: views >= NOT_ENOUGH_DATA_VIEWS,
    last30Days: {
      views: recentLead ? sum(recentLead.arms.map((arm) => arm.views)) : 0,
      conversions: sum(daily),
      daily,
    },
  };
}
