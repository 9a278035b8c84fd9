import { describe, expect, it } from 'vitest';
import { campaignStatsSchema } from './campaign-stats-schema';
import { variantMetricsSchema, campaignMetricsSchema } from './metrics-schema';
import { NO_ADDRESS_TRAFFIC, presentTrafficConcentration } from './traffic-concentration';

const START = '2026-04-01T00:00:00.000Z';
const END = '2026-04-02T00:00:00.000Z';
const modes = <T>(metrics: T) => ({ discrete: metrics, cumulative: metrics });
const variant = modes(variantMetricsSchema.parse({}));
const campaign = modes(campaignMetricsSchema.parse({}));

/** A one-day answer with one element whose only arm is its control. */
const answer = () => ({
  id: 1,
  range: { start: START, end: END },
  timezone: 'UTC',
  granularity: 'day',
  intervals: [{ start: START, end: END }],
  overall: campaign,
  timeSeries: { start: START, values: { [START]: campaign } },
  elements: {
    '2': {
      id: 2,
      srm: { statistic: 0, pValue: 1, flagged: false },
      srmExplanation: null,
      variants: {
        control: {
          id: 'control',
          control: true,
          paused: false,
          overall: variant,
          timeSeries: { start: START, values: { [START]: variant } },
          significance: null,
        },
      },
      funnel: [
        {
          goalId: 3,
          variants: {
            control: { id: 'control', control: true, entered: 5, reached: 1, significance: null },
          },
        },
      ],
      sampleSize: { requiredPerArm: null, exposedPerArm: 5, daysRemaining: null },
      plan: {
        method: 'sequential',
        correction: 'holm',
        minimumDetectableEffect: 0.1,
        plannedPerArm: null,
      },
      verdict: {
        state: 'keep_running',
        variantId: null,
        method: 'sequential',
        metricId: null,
        summary: 'No variant is being served: nothing to compare.',
        visitorsNeeded: null,
      },
      comparisons: [],
      vitals: {
        variants: {
          control: { samples: 3, lcp: { median: 812, p75: 940, samples: 3 }, cls: null, inp: null },
        },
        harms: [],
      },
    },
  },
  goals: [{ id: 3, isConversionGoal: true, counted: true }],
  metrics: [
    { id: '3', name: 'Sign-up', role: 'primary', lowerIsBetter: false, kind: 'conversion' },
  ],
  elementMode: 'single',
  benchmark: null,
  traffic: presentTrafficConcentration(NO_ADDRESS_TRAFFIC),
  segment: null,
});

describe('campaignStatsSchema', () => {
  it('accepts an answer as the server gives it', () => {
    expect(campaignStatsSchema.parse(answer())).toEqual(answer());
  });

  it('strips fields it does not know: the server test sees them as a difference', () => {
    const extra = answer();
    Object.assign(extra.elements['2'], { verdictOfTheWeb: 'winner' });
    expect(campaignStatsSchema.parse(extra)).toEqual(answer());
  });

  it('refuses impossible counts and series keys that are not instants', () => {
    const negative = answer();
    negative.elements['2'].funnel[0]!.variants.control.reached = -1;
    expect(campaignStatsSchema.safeParse(negative).success).toBe(false);
    const badKey = { ...answer(), timeSeries: { start: START, values: { yesterday: campaign } } };
    expect(campaignStatsSchema.safeParse(badKey).success).toBe(false);
  });
});
