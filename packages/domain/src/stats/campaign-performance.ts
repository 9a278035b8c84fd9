import { z } from 'zod';
import { leadElementId } from '../campaign-counts';
import { NOT_ENOUGH_DATA_VIEWS } from '../constants';
import { conversionFamily } from './significance';

// `GET /api/team/{team}/campaign/performance/campaigns`: one campaign's headline figures for the
// campaign list, the same figures the results page shows (docs/decisions.md, "Campaign
// performance overview"):
// - views: the campaign's views, i.e. the lead element's exposures (leadElementId), as the
//   results page's headline and its "not enough data" dialog count them;
// - conversions: of those, the sessions that reached the conversion goal (the goal flagged as
//   such, else the last one), the results page's headline `conversions`;
// - conversionRate: conversions / views (the headline's "conversions per view"), 0 without views;
// - bestVariant: over every element, the variant likeliest to beat its element's control
//   (chance to beat control, ties to the larger uplift, then the first), with its relative
//   uplift; both computed on visitors as the results page's significance is;
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

export const bestVariantSchema = z.object({
  elementId: z.number().int(),
  variantId: z.number().int(),
  /** Relative uplift of the variant's conversion rate over the control's; null when undefined. */
  uplift: z.number().nullable(),
  /** Null below the minimum sample (MINIMUM_VISITORS_PER_ARM in both arms). */
  chanceToBeatControl: z.number().min(0).max(1).nullable(),
});
export type BestVariant = z.infer<typeof bestVariantSchema>;

export const performanceFiguresSchema = z.object({
  views: z.number().int().min(0),
  conversions: z.number().int().min(0),
  conversionRate: z.number().min(0),
  bestVariant: bestVariantSchema.nullable(),
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

function bestVariantOf(elements: readonly PerformanceElement[]): BestVariant | null {
  let best: BestVariant | null = null;
  for (const element of elements) {
    const control = {
      visitors: element.control.visitors,
      conversions: Math.min(element.control.convertedVisitors, element.control.visitors),
    };
    for (const { variantId, arm } of element.variants) {
      const [compared] = conversionFamily([
        {
          control,
          variant: {
            visitors: arm.visitors,
            conversions: Math.min(arm.convertedVisitors, arm.visitors),
          },
        },
      ]);
      const candidate: BestVariant = {
        elementId: element.elementId,
        variantId,
        uplift: compared!.uplift?.estimate ?? null,
        chanceToBeatControl: compared!.chanceToBeatControl,
      };
      if (!best || beats(candidate, best)) best = candidate;
    }
  }
  return best;
}

const beats = (a: BestVariant, b: BestVariant) =>
  a.chanceToBeatControl !== b.chanceToBeatControl
    ? (a.chanceToBeatControl ?? -1) > (b.chanceToBeatControl ?? -1)
    : (a.uplift ?? -Infinity) > (b.uplift ?? -Infinity);

/**
 * A campaign's figures for the list: all time from `allTime`, the recent days from `recent`
 * (each period's counts come from its own lead element, as the results page counts that
 * period). No best variant before any view or without variants.
 */
export function campaignPerformance({
  allTime,
  recent,
}: {
  allTime: readonly PerformanceElement[];
  /** Arms' `daily` hold PERFORMANCE_RECENT_DAYS days, the oldest first. */
  recent: readonly RecentElement[];
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
    bestVariant: views === 0 ? null : bestVariantOf(allTime),
    enoughData: views >= NOT_ENOUGH_DATA_VIEWS,
    last30Days: {
      views: recentLead ? sum(recentLead.arms.map((arm) => arm.views)) : 0,
      conversions: sum(daily),
      daily,
    },
  };
}
