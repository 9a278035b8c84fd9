import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOT_ENOUGH_DATA_VIEWS } from '../constants';
import {
  campaignPerformance,
  campaignVerdictOf,
  performanceFiguresSchema,
  PERFORMANCE_RECENT_DAYS,
  type ElementVerdictFigures,
  type PerformanceArm,
  type PerformanceElement,
  type RecentElement,
} from './campaign-performance';
import type { MetricComparison, Verdict } from './verdict';

const verdict = (state: Verdict['state'], variantId: number | null = null): Verdict => ({
  state,
  variantId,
  method: 'sequential',
  metricId: null,
  summary: `${state} summary`,
  visitorsNeeded: null,
});
const comparison = (variantId: number, metricId: string, estimate: number): MetricComparison => ({
  metricId,
  variantId,
  estimate,
  interval: [estimate / 2, estimate * 2],
  level: 0.95,
  pValue: 0.001,
  adjustedPValue: 0.002,
  significant: true,
  direction: 'better',
});
const figuresOf = (
  elementId: number,
  state: Verdict['state'] = 'keep_running',
  variantId: number | null = null,
  comparisons: MetricComparison[] = [],
): ElementVerdictFigures => ({
  elementId,
  verdict: verdict(state, variantId),
  comparisons,
  primaryMetricId: 'goal-1',
});

const arm = (views: number, visitors: number, conversions: number, converted = conversions) => ({
  views,
  visitors,
  conversions,
  convertedVisitors: converted,
});
const quiet = (elementId: number): RecentElement => ({ elementId, arms: [] });
const days = (entries: Record<number, number>) =>
  Array.from({ length: PERFORMANCE_RECENT_DAYS }, (_, day) => entries[day] ?? 0);

describe('campaignPerformance', () => {
  it("answers zeros and the first element's verdict before any view", () => {
    const figures = campaignPerformance({
      allTime: [
        { elementId: 1, control: arm(0, 0, 0), variants: [{ variantId: 7, arm: arm(0, 0, 0) }] },
      ],
      recent: [quiet(1)],
      verdicts: [figuresOf(1, 'not_enough_data')],
    });
    expect(figures).toEqual({
      views: 0,
      conversions: 0,
      conversionRate: 0,
      verdict: { ...verdict('not_enough_data'), elementId: 1, uplift: null },
      enoughData: false,
      last30Days: { views: 0, conversions: 0, daily: days({}) },
    });
  });

  it("counts the lead element's arms and carries its verdict", () => {
    const figures = campaignPerformance({
      allTime: [
        // The headline saw every view; the button was added later and saw fewer.
        {
          elementId: 1,
          control: arm(150, 120, 15),
          variants: [
            { variantId: 11, arm: arm(150, 120, 30) },
            { variantId: 12, arm: arm(150, 120, 8) },
          ],
        },
        {
          elementId: 2,
          control: arm(50, 40, 4),
          variants: [{ variantId: 21, arm: arm(50, 40, 6) }],
        },
      ],
      recent: [
        {
          elementId: 1,
          arms: [
            { views: 30, daily: days({ 28: 1, 29: 2 }) },
            { views: 30, daily: days({ 29: 3 }) },
          ],
        },
        { elementId: 2, arms: [{ views: 40, daily: days({ 0: 9 }) }] },
      ],
      // The button's own verdict is a winner, but the list speaks for the headline.
      verdicts: [
        figuresOf(2, 'winner', 21, [comparison(21, 'goal-1', 0.5)]),
        figuresOf(1, 'winner', 11, [comparison(12, 'goal-1', -0.3), comparison(11, 'goal-1', 1)]),
      ],
    });
    expect(figures).toEqual({
      views: 450,
      conversions: 53,
      conversionRate: 53 / 450,
      verdict: {
        ...verdict('winner', 11),
        elementId: 1,
        uplift: { estimate: 1, interval: [0.5, 2], level: 0.95 },
      },
      enoughData: true,
      last30Days: { views: 60, conversions: 6, daily: days({ 28: 1, 29: 5 }) },
    });
  });

  it('has enough data from the dialog threshold on', () => {
    const at = (views: number) =>
      campaignPerformance({
        allTime: [{ elementId: 1, control: arm(views, views, 0), variants: [] }],
        recent: [],
        verdicts: [],
      });
    expect(at(NOT_ENOUGH_DATA_VIEWS - 1).enoughData).toBe(false);
    expect(at(NOT_ENOUGH_DATA_VIEWS).enoughData).toBe(true);
    expect(at(NOT_ENOUGH_DATA_VIEWS).verdict).toBeNull();
  });

  it('gives an uplift only for the variant the verdict names, on the primary metric', () => {
    const on = (figures: ElementVerdictFigures) => campaignVerdictOf(figures).uplift;
    // A guardrail's comparison of the same variant is not its uplift.
    expect(
      on(
        figuresOf(1, 'guardrail_harm', 5, [
          comparison(5, 'goal-9', -0.2),
          comparison(5, 'goal-1', 0.3),
        ]),
      ),
    ).toEqual({ estimate: 0.3, interval: [0.15, 0.6], level: 0.95 });
    expect(on(figuresOf(1, 'keep_running', null, [comparison(5, 'goal-1', 0.3)]))).toBeNull();
    expect(
      on(figuresOf(1, 'winner', 5, [{ ...comparison(5, 'goal-1', 0), estimate: null }])),
    ).toBeNull();
  });
});

const armArbitrary: fc.Arbitrary<PerformanceArm> = fc
  .record({
    views: fc.integer({ min: 0, max: 5000 }),
    visitorShare: fc.double({ min: 0, max: 1, noNaN: true }),
    conversionShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ views, visitorShare, conversionShare }) => {
    const visitors = Math.round(views * visitorShare);
    const conversions = Math.round(visitors * conversionShare);
    return { views, visitors, conversions, convertedVisitors: conversions };
  });

const campaignArbitrary = fc
  .array(
    fc.record({
      control: armArbitrary,
      variants: fc.array(armArbitrary, { maxLength: 4 }),
      recent: fc.array(
        fc.record({
          views: fc.integer({ min: 0, max: 500 }),
          daily: fc.array(fc.integer({ min: 0, max: 50 }), {
            minLength: PERFORMANCE_RECENT_DAYS,
            maxLength: PERFORMANCE_RECENT_DAYS,
          }),
        }),
        { maxLength: 5 },
      ),
    }),
    { maxLength: 5 },
  )
  .map((elements) => ({
    allTime: elements.map((element, e): PerformanceElement => ({
      elementId: e + 1,
      control: element.control,
      variants: element.variants.map((variant, v) => ({
        variantId: (e + 1) * 100 + v,
        arm: variant,
      })),
    })),
    recent: elements.map((element, e): RecentElement => ({
      elementId: e + 1,
      arms: element.recent,
    })),
    verdicts: elements.map((_element, e) => figuresOf(e + 1)),
  }));

const elementViews = (element: PerformanceElement) =>
  [element.control, ...element.variants.map((v) => v.arm)].reduce((sum, a) => sum + a.views, 0);

describe('campaignPerformance properties', () => {
  it('answers what the schema accepts, views of the busiest element, enough data at the threshold', () => {
    fc.assert(
      fc.property(campaignArbitrary, (input) => {
        const figures = campaignPerformance(input);
        expect(performanceFiguresSchema.parse(figures)).toEqual(figures);
        expect(figures.views).toBe(Math.max(0, ...input.allTime.map(elementViews)));
        expect(figures.enoughData).toBe(figures.views >= NOT_ENOUGH_DATA_VIEWS);
        expect(figures.conversionRate).toBe(
          figures.views === 0 ? 0 : figures.conversions / figures.views,
        );
        expect(figures.last30Days.conversions).toBe(
          figures.last30Days.daily.reduce((sum, day) => sum + day, 0),
        );
      }),
    );
  });

  it("carries the lead element's verdict, the first element's before any view", () => {
    fc.assert(
      fc.property(campaignArbitrary, (input) => {
        const { verdict: shown, views } = campaignPerformance(input);
        expect(shown === null).toBe(input.allTime.length === 0);
        if (!shown) return;
        const lead = input.allTime.find((element) => elementViews(element) === views);
        expect(shown.elementId).toBe(views === 0 ? input.allTime[0]!.elementId : lead!.elementId);
      }),
    );
  });

  it('does not depend on the order of the elements when their views differ', () => {
    fc.assert(
      fc.property(campaignArbitrary, (input) => {
        const views = input.allTime.map(elementViews);
        fc.pre(new Set(views).size === views.length);
        const reversed = {
          allTime: [...input.allTime].reverse(),
          recent: [...input.recent].reverse(),
          verdicts: [...input.verdicts].reverse(),
        };
        const a = campaignPerformance(input);
        const b = campaignPerformance(reversed);
        expect({ views: b.views, conversions: b.conversions, verdict: b.verdict }).toEqual({
          views: a.views,
          conversions: a.conversions,
          verdict: views.length === 0 || a.views === 0 ? b.verdict : a.verdict,
        });
      }),
    );
  });
});
