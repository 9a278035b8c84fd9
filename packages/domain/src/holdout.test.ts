import { describe, expect, it } from 'vitest';
import { assignCampaigns } from './bucketing';
import {
  HOLDOUT_MESSAGES,
  holdoutInputSchema,
  programmeImpact,
  PROGRAMME_MIN_VISITORS,
} from './holdout';
import { inHoldout } from './holdout-draw';

const ids = Array.from({ length: 20_000 }, (_, i) => `visitor-${i}`);
const share = (percent: number) => ids.filter((id) => inHoldout(id, percent)).length / ids.length;

describe('inHoldout', () => {
  it('holds out no one at 0%', () => {
    expect(share(0)).toBe(0);
  });

  it.each([1, 5, 10, 20])('holds out about %i%% of visitors', (percent) => {
    // 20,000 draws: the standard error of a 10% share is 0.2 points; 4 of them is room enough.
    expect(Math.abs(share(percent) - percent / 100)).toBeLessThan(0.008);
  });

  it('keeps a visitor held out as the share grows (a larger holdout only adds visitors)', () => {
    const atFive = ids.filter((id) => inHoldout(id, 5));
    expect(atFive.every((id) => inHoldout(id, 10))).toBe(true);
  });

  it('is independent of a campaign split: the held out fall into both arms alike', () => {
    const campaign = {
      id: 7,
      trafficAllocation: 100,
      exclusive: false,
      elements: [{ id: 1, variants: [{ id: 2 }] }],
    };
    const held = ids.filter((id) => inHoldout(id, 20));
    const inVariant = held.filter((id) => assignCampaigns(id, [campaign]).get(7)?.[1] === 2);
    expect(Math.abs(inVariant.length / held.length - 0.5)).toBeLessThan(0.03);
  });
});

describe('holdoutInputSchema', () => {
  it.each([21, -1, 2.5, '10', null])('refuses %j with the message', (percent) => {
    const parsed = holdoutInputSchema.safeParse({ percent });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(HOLDOUT_MESSAGES.percent);
  });

  it('takes 0 to 20 and nothing else', () => {
    expect(holdoutInputSchema.parse({ percent: 0 })).toEqual({ percent: 0 });
    expect(holdoutInputSchema.parse({ percent: 20 })).toEqual({ percent: 20 });
    expect(holdoutInputSchema.safeParse({ percent: 5, extra: 1 }).success).toBe(false);
  });
});

describe('programmeImpact', () => {
  it('says there is no holdout when it is off and nobody was held out', () => {
    const impact = programmeImpact(
      { holdout: { visitors: 0, conversions: 0 }, exposed: { visitors: 500, conversions: 50 } },
      0,
    );
    expect(impact).toMatchObject({ state: 'off', lift: null, interval: null, exposedRate: 0.1 });
  });

  it('collects until each group has its minimum', () => {
    const impact = programmeImpact(
      {
        holdout: { visitors: PROGRAMME_MIN_VISITORS - 1, conversions: 5 },
        exposed: { visitors: 5000, conversions: 500 },
      },
      10,
    );
    expect(impact.state).toBe('collecting');
    expect(impact.sentence).toBe(
      'Collecting: the comparison starts at 100 visitors in each group (99 held out, 5000 in campaigns so far).',
    );
    expect(impact.holdoutRate).toBeCloseTo(5 / 99, 10);
  });

  it('claims a lift only when the interval excludes zero', () => {
    const lifted = programmeImpact(
      {
        holdout: { visitors: 10_000, conversions: 1000 },
        exposed: { visitors: 90_000, conversions: 10_800 },
      },
      10,
    );
    expect(lifted.state).toBe('lifted');
    expect(lifted.lift).toBeCloseTo(0.2, 10);
    expect(lifted.interval![0]).toBeGreaterThan(0);
    expect(lifted.interval![1]).toBeGreaterThan(lifted.lift!);
    expect(lifted.sentence).toMatch(
      /^Your campaigns lifted conversion by 20\.0% against the holdout \(95% interval \+\d+\.\d% to \+\d+\.\d%\)\.$/,
    );
  });

  it('says when the campaigns did worse than the holdout', () => {
    const hurt = programmeImpact(
      {
        holdout: { visitors: 10_000, conversions: 1200 },
        exposed: { visitors: 90_000, conversions: 9000 },
      },
      10,
    );
    expect(hurt.state).toBe('hurt');
    expect(hurt.interval![1]).toBeLessThan(0);
    expect(hurt.sentence).toMatch(/^Visitors in your campaigns converted 16\.7% less than/);
  });

  it('says no difference when the interval spans zero', () => {
    const even = programmeImpact(
      {
        holdout: { visitors: 1000, conversions: 100 },
        exposed: { visitors: 9000, conversions: 920 },
      },
      10,
    );
    expect(even.state).toBe('no_difference');
    expect(even.interval![0]).toBeLessThan(0);
    expect(even.interval![1]).toBeGreaterThan(0);
  });
});
