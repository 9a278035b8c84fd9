import type { CampaignElement, Goal } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { elementRows } from './element-rows';
import { base, elementAnswer, significance } from './stats-fixtures';

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
    // 12 of 100 sessions against the original's 10 of 100; no revenue on either side.
    expect(started!.overOriginal.conversionsPerSession).toBeCloseTo(0.2);
    expect(started!.overOriginal.revenuePerSession).toBe(0);
    expect(started!.delivery).toEqual({ rendered: 0.95, missed: 10, medianAppliedMs: 42 });
    // Not in the answer (no traffic in the range): zeros, not a hole.
    expect(paused!.metrics.views).toBe(0);
    expect(paused!.delivery.rendered).toBeNull();
    expect(text!.verdict.kind).toBe('inconclusive');
    expect(text!.funnel).toEqual([
      {
        goalId: 30,
        label: '1. Buy',
        arms: {
          control: { entered: 150, reached: 30, chanceToBeatControl: null },
          '70': { entered: 160, reached: 48, chanceToBeatControl: 0.9 },
        },
      },
    ]);
    expect(text!.sampleSize?.daysRemaining).toBe(12.5);

    expect(image!.label).toBe('Image 2');
    expect(image!.rows[0]!.content).toBe('https://shop.test/a.png');
    expect(image!.verdict).toEqual({ kind: 'noData' });
    expect(image!.funnel).toEqual([]);
    expect(image!.sampleSize).toBeNull();
  });
});
