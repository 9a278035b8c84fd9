import { minimumDetectableEffectSchema } from '@kindling/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf } from '../../../../lib/stats-plan-text';
import { mdeError, mdeFraction, planChanges } from './stats-plan';
import { DEFAULT_STATS_PLAN } from './wizard-settings';

describe('planChanges', () => {
  it('sends nothing the person left as it was (a save keeps the server plan)', () => {
    expect(
      planChanges(
        { statsMethod: 'sequential', mdePercent: 10, autoStop: false },
        DEFAULT_STATS_PLAN,
      ),
    ).toEqual({});
    const saved = { statsMethod: 'fixed', minimumDetectableEffect: 0.07, autoStop: true } as const;
    expect(planChanges({ statsMethod: 'fixed', mdePercent: 7, autoStop: true }, saved)).toEqual({});
  });

  it('sends auto-stop once switched, either way', () => {
    expect(
      planChanges(
        { statsMethod: 'sequential', mdePercent: 10, autoStop: true },
        DEFAULT_STATS_PLAN,
      ),
    ).toEqual({ autoStop: true });
    const saved = { ...DEFAULT_STATS_PLAN, autoStop: true };
    expect(
      planChanges({ statsMethod: 'sequential', mdePercent: 10, autoStop: false }, saved),
    ).toEqual({ autoStop: false });
  });

  it('sends the method and the effect once changed, the effect as a fraction', () => {
    const off = { autoStop: false };
    expect(
      planChanges({ statsMethod: 'fixed', mdePercent: 10, ...off }, DEFAULT_STATS_PLAN),
    ).toEqual({
      statsMethod: 'fixed',
    });
    expect(
      planChanges({ statsMethod: 'sequential', mdePercent: 5, ...off }, DEFAULT_STATS_PLAN),
    ).toEqual({
      minimumDetectableEffect: 0.05,
    });
  });
});

describe('the MDE field', () => {
  it('agrees with the domain rule on every percentage', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 600, noNaN: true }), (percent) => {
        const valid = minimumDetectableEffectSchema.safeParse(mdeFraction(percent)).success;
        expect(mdeError(percent) === undefined).toBe(valid);
      }),
    );
  });

  it('shows a saved fraction as the percentage typed, and sends it back unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (percent) => {
        expect(percentOf(mdeFraction(percent))).toBe(percent);
      }),
    );
  });
});
