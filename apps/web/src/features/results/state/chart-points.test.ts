import { variantMetrics } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import type { Measure } from './chart-points';
import { armChartPoints, chartPoints, countMeasure, seriesArray } from './chart-points';
import { base, dailyAnswer, elementAnswer } from './stats-fixtures';

const perSession: Measure = (m) => m.conversionsPerSession.value;

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

  it('plot the measure of each interval', () => {
    expect(chartPoints(answer, perSession, 'discrete').map((p) => p.value)).toEqual([0.1, 0.12]);
  });

  it('start at the interval the campaign was created in, not at the range', () => {
    const quiet = { date: '2026-03-04T00:00:00Z', base: base({}), original: base({}) };
    const late = dailyAnswer([quiet, day('2026-03-05T00:00:00Z', 12, 5)]);
    const started = chartPoints(late, perSession, 'discrete', '2026-03-05T09:30:00Z');
    expect(started.map((p) => p.key)).toEqual(['2026-03-05T00:00:00Z']);
    // Views from before it was created (a demo's history): drawn from the first of them.
    expect(chartPoints(answer, perSession, 'discrete', '2026-03-05T09:30:00Z')).toHaveLength(2);
  });

  it('line the comparison period up interval by interval and label both dates', () => {
    const views = chartPoints(answer, countMeasure('visitors'), 'cumulative');
    expect(views.map((p) => [p.label, p.value, p.compareValue])).toEqual([
      ['3/4 vs 2/25', 90, 90],
      ['3/5 vs 2/26', 90, 90],
    ]);
    const rates = chartPoints(answer, perSession, 'discrete');
    expect(rates.map((p) => p.compareValue)).toEqual([0.06, 0.08]);
  });

  it('label points alone without a comparison', () => {
    const alone = dailyAnswer([day('2026-03-04T00:00:00Z', 1, 1)]);
    const [point] = chartPoints(alone, countMeasure('views'), 'discrete');
    expect(point).toMatchObject({ label: '3/4', title: 'Mar 4, 2026', compareValue: null });
  });

  it('draw a line per arm, with no value where an arm had no views yet', () => {
    const days = ['2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z', '2026-03-05T00:00:00Z'];
    const element = elementAnswer(7, base({}), [{ id: 70, metrics: base({}), significance: null }]);
    const series = (perDay: ({ sessions: number; conversions: number } | null)[]) => ({
      start: days[0]!,
      values: Object.fromEntries(
        perDay.flatMap((day, index) => {
          if (!day) return [];
          const metrics = variantMetrics(
            base({
              views: day.sessions,
              visitors: day.sessions,
              funnelSessions: day.sessions,
              funnelConversions: day.conversions,
            }),
          );
          return [[days[index]!, { discrete: metrics, cumulative: metrics }]];
        }),
      ),
    });
    element.variants.control!.timeSeries = series([
      { sessions: 0, conversions: 0 },
      { sessions: 50, conversions: 5 },
      { sessions: 40, conversions: 2 },
    ]);
    element.variants['70']!.timeSeries = series([null, null, { sessions: 20, conversions: 4 }]);
    const ranged = {
      ...dailyAnswer(days.map((date) => ({ date, base: base({}), original: base({}) }))),
      intervals: days.map((start, index) => ({
        start,
        end: days[index + 1] ?? '2026-03-06T00:00:00Z',
      })),
    };
    const points = armChartPoints({
      answer: ranged,
      element,
      arms: [
        { key: 'control', label: 'Original' },
        { key: '70', label: 'Variant 1' },
      ],
      metric: 'conversionsPerSession',
      mode: 'discrete',
      startedAt: '2026-03-03T12:00:00Z',
    });
    expect(points.map((p) => [p.label, p.values])).toEqual([
      ['3/3', { control: null, '70': null }],
      ['3/4', { control: 0.1, '70': null }],
      ['3/5', { control: 0.05, '70': 0.2 }],
    ]);
    // Created on the 4th: the 3rd is not drawn at all.
    const later = armChartPoints({
      answer: ranged,
      element,
      arms: [{ key: 'control', label: 'Original' }],
      metric: 'conversionsPerSession',
      mode: 'discrete',
      startedAt: '2026-03-04T08:00:00Z',
    });
    expect(later.map((p) => p.label)).toEqual(['3/4', '3/5']);
  });
});
