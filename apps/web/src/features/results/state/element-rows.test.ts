import type { CampaignElement, Goal, MetricDefinition } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { elementRows } from './element-rows';
import { base, comparison, elementAnswer, significance, verdict } from './stats-fixtures';

const headline = {
  id: 7,
  type: 'text',
  selector: 'h1',
  key: 'e7',
  control: { info: { value: 'Buy now', textType: 'normal', styles: [], creationMethod: 'custom' } },
  variants: [
    {
      id: 70,
      key: 'v70',
      type: 'text',
      isEnabled: true,
      info: { value: 'Start free', textType: 'normal', styles: [], creationMethod: 'custom' },
    },
    {
      id: 71,
      key: 'v71',
      type: 'text',
      isEnabled: false,
      info: { value: 'Try it', textType: 'normal', styles: [], creationMethod: 'custom' },
    },
  ],
} as CampaignElement;
const hero = {
  id: 8,
  type: 'image',
  selector: 'img.hero',
  key: 'e8',
  control: { info: { src: 'https://shop.test/a.png' } },
  variants: [],
} as unknown as CampaignElement;

describe('element rows', () => {
  it('list the original then every variant, paused ones too, with their results', () => {
    const stats = {
      '7': elementAnswer(
        7,
        base({ views: 200, visitors: 150, funnelSessions: 100, funnelConversions: 10 }),
        [
          {
            id: 70,
            metrics: base({
              views: 210,
              visitors: 160,
              funnelSessions: 100,
              funnelConversions: 12,
            }),
            significance: significance({ chanceToBeatControl: 0.8 }),
          },
        ],
      ),
    };
    stats['7'] = {
      ...stats['7'],
      funnel: [
        {
          goalId: 30,
          variants: {
            control: {
              id: 'control',
              control: true,
              entered: 150,
              reached: 30,
              significance: null,
            },
            '70': {
              id: 70,
              control: false,
              entered: 160,
              reached: 48,
              significance: significance({ chanceToBeatControl: 0.9 }),
            },
          },
        },
      ],
      sampleSize: { requiredPerArm: 900, exposedPerArm: 150, daysRemaining: 12.5 },
    };
    const [text, image] = elementRows({
      elements: [headline, hero],
      goals: [
        {
          id: 30,
          isConversionGoal: true,
          event: { type: 2, name: 'Buy', elements: [] },
        } as unknown as Goal,
      ],
      stats,
      metrics: [],
      delivery: [
        {
          elementId: 7,
          variantId: 70,
          exposures: 200,
          visitors: 0,
          sessions: 0,
          revenue: 0,
          applied: 190,
          missed: 10,
          medianAppliedMs: 42,
        },
      ],
    });
    expect(text!.label).toBe('Text 1');
    expect(text!.rows.map((r) => [r.key, r.label, r.content, r.isEnabled])).toEqual([
      ['control', 'Original', 'Buy now', true],
      ['70', 'Variant 1', 'Start free', true],
      ['71', 'Variant 2', 'Try it', false],
    ]);
    const [original, started, paused] = text!.rows;
    expect(original!.metrics.views).toBe(200);
    expect(original!.significance).toBeNull();
    expect(original!.delivery.rendered).toBeNull();
    expect(started!.metrics.conversionsPerSession.value).toBeCloseTo(0.12);
    expect(started!.significance?.chanceToBeatControl).toBe(0.8);
    expect(started!.visitorsNeeded).toBe(0);
    expect(started!.delivery).toEqual({ rendered: 0.95, missed: 10, medianAppliedMs: 42 });
    // Not in the answer (no traffic in the range): zeros, not a hole.
    expect(paused!.metrics.views).toBe(0);
    expect(paused!.delivery.rendered).toBeNull();
    // The API's verdict, as it is.
    expect(text!.verdict).toEqual(stats['7'].verdict);
    expect(text!.funnel).toEqual([
      {
        goalId: 30,
        label: '1. Buy',
        arms: {
          control: { entered: 150, reached: 30, significance: null },
          '70': {
            entered: 160,
            reached: 48,
            significance: significance({ chanceToBeatControl: 0.9 }),
          },
        },
      },
    ]);
    expect(text!.sampleSize?.daysRemaining).toBe(12.5);

    expect(image!.label).toBe('Image 2');
    expect(image!.rows[0]!.content).toBe('https://shop.test/a.png');
    expect(image!.verdict).toBeNull();
    expect(image!.byMetric).toEqual([]);
    expect(image!.funnel).toEqual([]);
    expect(image!.sampleSize).toBeNull();
  });

  it('give each running variant a row per metric, primary first, with the API directions', () => {
    const metrics: MetricDefinition[] = [
      { id: '30', name: 'Buy', role: 'primary', lowerIsBetter: false, kind: 'conversion' },
      { id: '32', name: 'Refund', role: 'guardrail', lowerIsBetter: true, kind: 'conversion' },
      { id: '31', name: 'Sign-up', role: 'secondary', lowerIsBetter: false, kind: 'conversion' },
    ];
    const answer = {
      ...elementAnswer(7, base({ views: 500, visitors: 400 }), [
        {
          id: 70,
          metrics: base({ views: 500, visitors: 400 }),
          significance: significance({ significant: true }),
        },
        { id: 71, metrics: base({}), significance: null, paused: true },
      ]),
      verdict: verdict({ state: 'guardrail_harm', variantId: 70, metricId: '32' }),
      comparisons: [
        comparison({ metricId: '30', variantId: 70, estimate: 0.2, direction: 'better' }),
        comparison({ metricId: '31', variantId: 70, estimate: 0.01 }),
        comparison({ metricId: '32', variantId: 70, estimate: 0.5, direction: 'worse' }),
      ],
    };
    const [text] = elementRows({
      elements: [headline],
      goals: [],
      stats: { '7': answer },
      metrics,
      delivery: [],
    });
    const [, running, paused] = text!.rows;
    expect(running!.direction).toBe('better');
    expect(paused).toMatchObject({ paused: true, significance: null, direction: null });
    // The paused variant is out of the tests: no metric rows.
    expect(text!.byMetric.map((v) => v.key)).toEqual(['70']);
    expect(
      text!.byMetric[0]!.metrics.map((row) => [
        row.metric.name,
        row.metric.role,
        row.comparison?.direction,
      ]),
    ).toEqual([
      ['Buy', 'primary', 'better'],
      ['Sign-up', 'secondary', null],
      ['Refund', 'guardrail', 'worse'],
    ]);
  });

  it('count the visitors still needed below the minimum sample, both arms together', () => {
    const [text] = elementRows({
      elements: [headline],
      goals: [],
      stats: {
        '7': elementAnswer(7, base({ views: 12, visitors: 10 }), [
          {
            id: 70,
            metrics: base({ views: 11, visitors: 10 }),
            significance: significance({ chanceToBeatControl: null, uplift: null }),
          },
        ]),
      },
      metrics: [],
      delivery: [],
    });
    expect(text!.rows.map((row) => row.visitorsNeeded)).toEqual([null, 180, 190]);
  });
});
