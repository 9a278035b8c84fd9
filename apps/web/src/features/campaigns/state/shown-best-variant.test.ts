import type { PerformanceFigures } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { shownBestVariant } from './shown-best-variant';

const figures = (
  best: { uplift: number | null; chanceToBeatControl: number | null } | null,
  enoughData = true,
): PerformanceFigures => ({
  views: 400,
  conversions: 40,
  conversionRate: 0.1,
  bestVariant: best && { elementId: 1, variantId: 2, ...best },
  enoughData,
  last30Days: { views: 400, conversions: 40, daily: [] },
});

describe('shownBestVariant', () => {
  it('shows the uplift and the chance together', () => {
    expect(shownBestVariant(figures({ uplift: 0.25, chanceToBeatControl: 0.97 }))).toEqual({
      uplift: 0.25,
      chanceToBeatControl: 0.97,
    });
  });

  it('shows neither below the minimum sample, when the server leaves either out', () => {
    expect(shownBestVariant(figures({ uplift: 0.25, chanceToBeatControl: null }))).toBeNull();
    expect(shownBestVariant(figures({ uplift: null, chanceToBeatControl: 0.5 }))).toBeNull();
    expect(shownBestVariant(figures({ uplift: null, chanceToBeatControl: null }))).toBeNull();
  });

  it('shows nothing without enough views or a variant', () => {
    expect(
      shownBestVariant(figures({ uplift: 0.25, chanceToBeatControl: 0.97 }, false)),
    ).toBeNull();
    expect(shownBestVariant(figures(null))).toBeNull();
  });
});
