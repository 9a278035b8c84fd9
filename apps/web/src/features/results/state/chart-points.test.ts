import { describe, expect, it } from 'vitest';
import { chartPoints, countMeasure, metricMeasure, seriesArray } from './chart-points';
import { base, dailyAnswer } from './stats-fixtures';

const day = (date: string, conversions: number, originalConversions: number) => ({
  date,
  base: base({ views: 100, visitors: 90, funnelSessions: 100, funnelConversions: conversions }),
  original: base({ funnelSessions: 50, funnelConversions: originalConversions }),
});

describe('chart points', () => {
  const answer = dailyAnswer(
    [day('2026-03-05T00:00:00Z', 12, 5), day('2026-03-04T00:00:00Z', 10, 4)],
    [day('2026-02-26T00:00:00Z', 8, 4), day('2026-02-25T00:00:00Z', 6, 3)],
  );

  it('turn the keyed series into the array form, oldest first', () => {
    expect(seriesArray(answer.timeSeries).map((p) => p.date)).toEqual([
      '2026-03-04T00:00:00Z',
      '2026-03-05T00:00:00Z',
    ]);
  });

  it('plot the actual value, the original or the improvement over the original', () => {
    const actual = chartPoints(
      answer,
      metricMeasure('conversionsPerSession', 'actual'),
      'discrete',
    );
    expect(actual.map((p) => p.value)).toEqual([0.1, 0.12]);
    const original = chartPoints(
      answer,
      metricMeasure('conversionsPerSession', 'original'),
      'discrete',
    );
    expect(original.map((p) => p.value)).toEqual([0.08, 0.1]);
    const lift = chartPoints(
      answer,
      metricMeasure('conversionsPerSession', 'improvement'),
      'discrete',
    );
    expect(lift[0]!.value).toBeCloseTo(0.25);
    expect(lift[1]!.value).toBeCloseTo(0.2);
  });

  it('line the comparison period up interval by interval and label both dates', () => {
    const views = chartPoints(answer, countMeasure('visitors'), 'cumulative');
    expect(views.map((p) => [p.label, p.value, p.compareValue])).toEqual([
      ['3/4 vs 2/25', 90, 90],
      ['3/5 vs 2/26', 90, 90],
    ]);
    const rates = chartPoints(answer, metricMeasure('conversionsPerSession', 'actual'), 'discrete');
    expect(rates.map((p) => p.compareValue)).toEqual([0.06, 0.08]);
  });

  it('label points alone without a comparison', () => {
    const alone = dailyAnswer([day('2026-03-04T00:00:00Z', 1, 1)]);
    const [point] = chartPoints(alone, countMeasure('views'), 'discrete');
    expect(point).toMatchObject({ label: '3/4', title: 'Mar 4, 2026', compareValue: null });
  });
});
