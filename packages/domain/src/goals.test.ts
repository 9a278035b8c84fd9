import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  addGoal,
  assertGoalEventAllowed,
  canAddGoal,
  defaultGoalName,
  deleteGoal,
  isGoalEventAllowed,
  markConversionGoal,
  moveGoal,
  saveGoal,
  swapGoals,
  toggleClickGoalElement,
  funnelGoals,
} from './goals';
import { GoalEventType } from './goal-schema';
import type { Goal } from './goal-schema';

function goal(id: number, type: GoalEventType = GoalEventType.PageView): Goal {
  return {
    id,
    isConversionGoal: false,
    metricRole: null,
    lowerIsBetter: false,
    event: { type, name: `Goal ${id}` },
  };
}

const ids = (goals: Goal[]): number[] => goals.map((g) => g.id);
const conversion = (goals: Goal[]): boolean[] => goals.map((g) => g.isConversionGoal);

describe('defaultGoalName', () => {
  it('numbers from the current count + 1', () => {
    expect(defaultGoalName(GoalEventType.Click, 0)).toBe('Click Goal #1');
    expect(defaultGoalName(GoalEventType.PageView, 2)).toBe('Page View Goal #3');
    expect(defaultGoalName(GoalEventType.Unknown, 4)).toBe('Goal #5');
  });
});

describe('goal list operations', () => {
  const three = [goal(1), goal(2), goal(3)];

  it('marks only the last goal as the conversion goal', () => {
    expect(conversion(markConversionGoal(three))).toEqual([false, false, true]);
    expect(markConversionGoal([])).toEqual([]);
  });

  it('adds up to 5 goals', () => {
    const added = addGoal(three, goal(4));
    expect(ids(added)).toEqual([1, 2, 3, 4]);
    expect(conversion(added)).toEqual([false, false, false, true]);
    const five = addGoal(added, goal(5));
    expect(canAddGoal(added)).toBe(true);
    expect(canAddGoal(five)).toBe(false);
    expect(() => addGoal(five, goal(6))).toThrow('You can have at most 5 goals');
  });

  it('saves by replacing the goal with the same id', () => {
    const renamed = { ...goal(2), event: { type: GoalEventType.Click, name: 'Renamed' } };
    const saved = saveGoal(markConversionGoal(three), renamed);
    expect(saved[1]?.event.name).toBe('Renamed');
    expect(conversion(saved)).toEqual([false, false, true]);
    expect(ids(saveGoal(three, goal(9)))).toEqual([1, 2, 3, 9]);
  });

  it('swaps and recomputes the conversion goal', () => {
    const swapped = swapGoals(markConversionGoal(three), 0, 2);
    expect(ids(swapped)).toEqual([3, 2, 1]);
    expect(conversion(swapped)).toEqual([false, false, true]);
    expect(() => swapGoals(three, 0, 3)).toThrow(RangeError);
  });

  it('moves and recomputes the conversion goal', () => {
    expect(ids(moveGoal(three, 0, 2))).toEqual([2, 3, 1]);
    expect(ids(moveGoal(three, 2, 0))).toEqual([3, 1, 2]);
    expect(conversion(moveGoal(markConversionGoal(three), 2, 0))).toEqual([false, false, true]);
    expect(() => moveGoal(three, -1, 0)).toThrow(RangeError);
  });

  it('deletes and recomputes the conversion goal', () => {
    const deleted = deleteGoal(markConversionGoal(three), 3);
    expect(ids(deleted)).toEqual([1, 2]);
    expect(conversion(deleted)).toEqual([false, true]);
  });

  it('does not mutate the input', () => {
    const input = markConversionGoal(three);
    const copy = JSON.parse(JSON.stringify(input)) as unknown;
    swapGoals(input, 0, 1);
    moveGoal(input, 0, 2);
    deleteGoal(input, 1);
    addGoal(input, goal(4));
    expect(input).toEqual(copy);
  });

  it('always ends with exactly one conversion goal, the last', () => {
    const goals = fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(goals, fc.nat(), fc.nat(), (list, x, y) => {
        const start = list.map((id) => goal(id));
        const from = x % start.length;
        const to = y % start.length;
        for (const result of [
          swapGoals(start, from, to),
          moveGoal(start, from, to),
          deleteGoal(start, list[from] ?? 0),
        ]) {
          expect(result.filter((g) => g.isConversionGoal).length).toBe(result.length > 0 ? 1 : 0);
          expect(result.at(-1)?.isConversionGoal ?? false).toBe(result.length > 0);
        }
      }),
    );
  });
});

describe('toggleClickGoalElement', () => {
  it('adds and removes page elements by selector', () => {
    const click = goal(1, GoalEventType.Click);
    const buy = { id: 'a', label: 'Buy', selector: '#buy' };
    const once = toggleClickGoalElement(click, buy);
    expect(once.event.elements).toEqual([buy]);
    const other = toggleClickGoalElement(once, { id: 'b', label: 'More', selector: '.more' });
    expect(other.event.elements?.map((e) => e.selector)).toEqual(['#buy', '.more']);
    const removed = toggleClickGoalElement(other, {
      id: 'z',
      label: 'Other label',
      selector: '#buy',
    });
    expect(removed.event.elements?.map((e) => e.selector)).toEqual(['.more']);
    expect(click.event.elements).toBeUndefined();
  });
});

describe('assertGoalEventAllowed', () => {
  it('allows page views and clicks in EditGoals', () => {
    expect(() => assertGoalEventAllowed(GoalEventType.Click, 'EditGoals')).not.toThrow();
    expect(() => assertGoalEventAllowed(GoalEventType.PageView, 'EditGoals')).not.toThrow();
    expect(isGoalEventAllowed(GoalEventType.Click, 'EditGoals')).toBe(true);
  });

  it('throws the spec message otherwise', () => {
    expect(() => assertGoalEventAllowed(GoalEventType.Unknown, 'EditGoals')).toThrow(
      'Unsupported track event type in this step.',
    );
    expect(() => assertGoalEventAllowed(GoalEventType.Click, 'EditElements')).toThrow(
      'Unsupported track event type in this step.',
    );
  });
});

describe('metric goals beside the funnel (issue 29)', () => {
  const guardrail = { ...goal(9), metricRole: 'guardrail' as const };

  it('never end the funnel: the last funnel goal is the conversion goal', () => {
    expect(conversion(markConversionGoal([goal(1), goal(2), guardrail]))).toEqual([
      false,
      true,
      false,
    ]);
    expect(conversion(markConversionGoal([guardrail]))).toEqual([false]);
  });

  it('are not steps of it', () => {
    const marked = markConversionGoal([goal(1), guardrail, goal(2)]);
    expect(ids(funnelGoals(marked))).toEqual([1, 2]);
    expect(ids(funnelGoals([goal(1), { ...goal(2), isConversionGoal: true }, goal(3)]))).toEqual([
      1, 2,
    ]);
    expect(funnelGoals([guardrail])).toEqual([]);
  });
});
