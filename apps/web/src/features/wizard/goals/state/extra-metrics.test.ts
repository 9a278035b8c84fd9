import { GoalEventType, MAX_CAMPAIGN_METRICS, type Goal } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { metricChoices, withNextMetric, withoutGoal } from './extra-metrics';

const goal = (id: number, name: string): Goal => ({
  id,
  isConversionGoal: false,
  metricRole: null,
  lowerIsBetter: false,
  event: { type: GoalEventType.Click, name, elements: [] },
});
const goals = [goal(-1, 'Sign-up'), goal(-2, 'Purchase')];

describe('the goals step’s revenue and per-session metrics', () => {
  it('offers revenue per visitor, revenue per session and each goal per session', () => {
    expect(metricChoices(goals).map((choice) => choice.label)).toEqual([
      'Revenue per visitor',
      'Revenue per session',
      'Sign-up per session',
      'Purchase per session',
    ]);
  });

  it('adds the first metric not chosen yet, as a secondary metric', () => {
    const one = withNextMetric([], goals);
    expect(one).toEqual([
      {
        kind: 'revenue_per_visitor',
        goalId: null,
        role: 'secondary',
        lowerIsBetter: false,
        capPercentile: null,
      },
    ]);
    const three = withNextMetric(withNextMetric(one, goals), goals);
    expect(three[2]).toMatchObject({ kind: 'goal_per_session', goalId: -1 });
    const all = withNextMetric(withNextMetric(three, goals), goals);
    expect(withNextMetric(all, goals)).toEqual(all);
  });

  it('stops at the limit, and drops the metrics of a deleted goal', () => {
    const many = Array.from({ length: 12 }, (_, i) => goal(-i - 1, `Goal ${i}`));
    let metrics = withNextMetric([], many);
    for (let i = 0; i < 20; i++) metrics = withNextMetric(metrics, many);
    expect(metrics).toHaveLength(MAX_CAMPAIGN_METRICS);
    expect(withoutGoal(metrics, -1).some((metric) => metric.goalId === -1)).toBe(false);
    expect(withoutGoal(metrics, -1)).toHaveLength(MAX_CAMPAIGN_METRICS - 1);
  });
});
