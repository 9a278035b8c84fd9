import { describe, expect, it } from 'vitest';
import { goalPositionLabel, metricRoleOf, roleChoiceOf } from './goal-roles';

describe('goalPositionLabel', () => {
  it('numbers funnel steps only; a metric beside the funnel says its role', () => {
    const goals = [
      { metricRole: null },
      { metricRole: 'guardrail' as const },
      { metricRole: null },
      { metricRole: 'secondary' as const },
    ];
    expect(goals.map((_, index) => goalPositionLabel(goals, index))).toEqual([
      'Step 1',
      'Guardrail',
      'Step 2',
      'Secondary metric',
    ]);
  });
});

describe('roles', () => {
  it('reads and writes "Funnel step" as no role', () => {
    expect(roleChoiceOf({ metricRole: null })).toBe('funnel');
    expect(metricRoleOf('funnel')).toBeNull();
    expect(metricRoleOf(roleChoiceOf({ metricRole: 'guardrail' }))).toBe('guardrail');
  });
});
