import fc from 'fast-check';
import type { ArmCounts } from './counts';
import { describe, expect, it } from 'vitest';
import { NOT_ENOUGH_DATA_VIEWS } from '../constants';
import {
  campaignPerformance,
  performanceFiguresSchema,
  PERFORMANCE_RECENT_DAYS,
  type PerformanceArm,
  type PerformanceElement,
  type RecentElement,
} from './campaign-performance';
import { conversionFamily } from './significance';

const compareToControl = (control: ArmCounts, variant: ArmCounts) =>
  conversionFamily([{ control, variant }])[0]!;

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
  it('answers zeros and no best variant before any view', () => {
    const figures = campaignPerformance({
      allTime: [
        { elementId: 1, control: arm(0, 0, 0), variants: [{ variantId: 7, arm: arm(0, 0, 0) }] },
      ],
      recent: [quiet(1)],
    });
    expect(figures).toEqual({
      views: 0,
      conversions: 0,
      conversionRate: 0,
      bestVariant: null,
      enoughData: false,
      last30Days: { views: 0, conversions: 0, daily: days({}) },
    });
  });

  it("counts the lead element's arms and picks the variant likeliest to beat its control", () => {
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
    });
    const best = compareToControl(
      { visitors: 120, conversions: 15 },
      { visitors: 120, conversions: 30 },
    );
    expect(figures).toEqual({
      views: 450,
      conversions: 53,
      conversionRate: 53 / 450,
      bestVariant: {
        elementId: 1,
        variantId: 11,
        uplift: 1,
        chanceToBeatControl: best.chanceToBeatControl,
      },
      enoughData: true,
      last30Days: { views: 60, conversions: 6, daily: days({ 28: 1, 29: 5 }) },
    });
    expect(best.chanceToBeatControl).toBeGreaterThan(0.95);
  });

  it('has enough data from the dialog threshold on', () => {
    const at = (views: number) =>
      campaignPerformance({
        allTime: [{ elementId: 1, control: arm(views, views, 0), variants: [] }],
        recent: [],
      });
    expect(at(NOT_ENOUGH_DATA_VIEWS - 1).enoughData).toBe(false);
    expect(at(NOT_ENOUGH_DATA_VIEWS).enoughData).toBe(true);
    expect(at(NOT_ENOUGH_DATA_VIEWS).bestVariant).toBeNull();
  });

  it('caps converted visitors at the visitors, as the results page does', () => {
    const figures = campaignPerformance({
      allTime: [
        {
          elementId: 1,
          control: arm(1000, 400, 300, 300),
          variants: [{ variantId: 5, arm: arm(1000, 200, 600, 500) }],
        },
      ],
      recent: [],
    });
    expect(figures.bestVariant).toEqual({
      elementId: 1,
      variantId: 5,
      uplift: compareToControl(
        { visitors: 400, conversions: 300 },
        { visitors: 200, conversions: 200 },
      ).uplift!.estimate,
      chanceToBeatControl: compareToControl(
        { visitors: 400, conversions: 300 },
        { visitors: 200, conversions: 200 },
      ).chanceToBeatControl,
    });
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

  it('names a best variant no other variant beats, exactly when there are views and variants', () => {
    fc.assert(
      fc.property(campaignArbitrary, (input) => {
        const { bestVariant, views } = campaignPerformance(input);
        const variants = input.allTime.flatMap((element) =>
          element.variants.map((variant) => ({
            element,
            variant,
            chance: compareToControl(
              { visitors: element.control.visitors, conversions: element.control.conversions },
              { visitors: variant.arm.visitors, conversions: variant.arm.conversions },
            ).chanceToBeatControl,
          })),
        );
        expect(bestVariant === null).toBe(views === 0 || variants.length === 0);
        if (!bestVariant) return;
        const picked = variants.find((v) => v.variant.variantId === bestVariant.variantId)!;
        expect(picked.element.elementId).toBe(bestVariant.elementId);
        expect(picked.chance).toBe(bestVariant.chanceToBeatControl);
        for (const other of variants) {
          expect(other.chance ?? -1).toBeLessThanOrEqual(picked.chance ?? -1);
        }
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
        };
        const a = campaignPerformance(input);
        const b = campaignPerformance(reversed);
        expect({ views: b.views, conversions: b.conversions }).toEqual({
          views: a.views,
          conversions: a.conversions,
        });
      }),
    );
  });
});
