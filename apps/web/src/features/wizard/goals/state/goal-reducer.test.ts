import { GoalEventType, type GoalElement } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { wizardReducer } from '../../state/wizard-state';
import { initial, run, SHOP_URL } from '../../state/wizard-test-fixtures';
import type { WizardAction, WizardState } from '../../state/wizard-types';

const goalElement = (id: number | string, selector: string): GoalElement => ({
  id,
  label: `label ${id}`,
  selector,
});

describe('goals', () => {
  const addGoal = (eventType: GoalEventType): WizardAction => ({ type: 'addGoal', eventType });
  const conversion = (state: WizardState) => state.goals.map((goal) => goal.isConversionGoal);

  it('keeps the revenue and per-session metrics, and drops those of a deleted goal', () => {
    const withGoals = run(initial(), addGoal(GoalEventType.Click), addGoal(GoalEventType.Click));
    const metrics = [
      {
        kind: 'revenue_per_visitor' as const,
        goalId: null,
        role: 'secondary' as const,
        lowerIsBetter: false,
        capPercentile: null,
      },
      {
        kind: 'goal_per_session' as const,
        goalId: -1,
        role: 'guardrail' as const,
        lowerIsBetter: true,
        capPercentile: null,
      },
    ];
    const state = run(withGoals, { type: 'setExtraMetrics', metrics });
    expect(state.extraMetrics).toEqual(metrics);
    expect(run(state, { type: 'deleteGoal', goalId: -1 }).extraMetrics).toEqual([metrics[0]]);
    expect(run(state, { type: 'deleteGoal', goalId: -2 }).extraMetrics).toEqual(metrics);
  });

  it('addGoal uses the default names with n = count + 1', () => {
    const state = run(
      initial(),
      addGoal(GoalEventType.Click),
      addGoal(GoalEventType.PageView),
      addGoal(GoalEventType.Click),
    );
    expect(state.goals.map((goal) => goal.event.name)).toEqual([
      'Click Goal #1',
      'Page View Goal #2',
      'Click Goal #3',
    ]);
  });

  it('a new goal is an active funnel step; a click goal listens on the campaign page, a page view starts empty', () => {
    const state = run(initial(), addGoal(GoalEventType.Click), addGoal(GoalEventType.PageView));
    expect(state.goals).toEqual([
      {
        id: -1,
        isConversionGoal: false,
        metricRole: null,
        lowerIsBetter: false,
        event: { type: GoalEventType.Click, name: 'Click Goal #1', url: SHOP_URL, elements: [] },
      },
      {
        id: -2,
        isConversionGoal: true,
        metricRole: null,
        lowerIsBetter: false,
        event: { type: GoalEventType.PageView, name: 'Page View Goal #2', url: '', elements: [] },
      },
    ]);
    expect(state.activeGoalId).toBe(-2);
  });

  it('at most 5 goals: the 6th throws', () => {
    const five = run(initial(), ...Array.from({ length: 5 }, () => addGoal(GoalEventType.Click)));
    expect(five.goals).toHaveLength(5);
    expect(() => wizardReducer(five, addGoal(GoalEventType.PageView))).toThrow(
      'You can have at most 5 goals',
    );
    expect(five.goals).toHaveLength(5);
  });

  it('the last goal is always the conversion goal after add, move, update and delete', () => {
    let state = run(
      initial(),
      addGoal(GoalEventType.Click),
      addGoal(GoalEventType.Click),
      addGoal(GoalEventType.PageView),
    );
    expect(conversion(state)).toEqual([false, false, true]);

    state = wizardReducer(state, { type: 'moveGoal', from: 2, to: 0 });
    expect(state.goals.map((goal) => goal.id)).toEqual([-3, -1, -2]);
    expect(conversion(state)).toEqual([false, false, true]);

    state = wizardReducer(state, {
      type: 'updateGoal',
      goal: {
        ...state.goals[0]!,
        isConversionGoal: true,
        event: { ...state.goals[0]!.event, name: 'Thanks' },
      },
    });
    expect(state.goals[0]?.event.name).toBe('Thanks');
    expect(conversion(state)).toEqual([false, false, true]);

    state = wizardReducer(state, { type: 'deleteGoal', goalId: -2 });
    expect(state.goals.map((goal) => goal.id)).toEqual([-3, -1]);
    expect(conversion(state)).toEqual([false, true]);
  });

  it('a goal made a guardrail or a secondary metric leaves the funnel: the last step converts', () => {
    let state = run(initial(), addGoal(GoalEventType.Click), addGoal(GoalEventType.PageView));
    const last = state.goals[1]!;
    state = wizardReducer(state, {
      type: 'updateGoal',
      goal: { ...last, metricRole: 'guardrail', lowerIsBetter: true },
    });
    expect(state.goals.map((goal) => [goal.metricRole, goal.lowerIsBetter])).toEqual([
      [null, false],
      ['guardrail', true],
    ]);
    expect(conversion(state)).toEqual([true, false]);
    state = wizardReducer(state, {
      type: 'updateGoal',
      goal: { ...state.goals[1]!, metricRole: null },
    });
    expect(conversion(state)).toEqual([false, true]);
  });

  it('deleteGoal clears the active goal only when it was deleted', () => {
    const state = run(initial(), addGoal(GoalEventType.Click), addGoal(GoalEventType.Click));
    expect(wizardReducer(state, { type: 'deleteGoal', goalId: -1 }).activeGoalId).toBe(-2);
    expect(wizardReducer(state, { type: 'deleteGoal', goalId: -2 }).activeGoalId).toBeUndefined();
  });

  it('selectGoal sets the active goal', () => {
    const state = run(initial(), addGoal(GoalEventType.Click), addGoal(GoalEventType.Click));
    expect(wizardReducer(state, { type: 'selectGoal', goalId: -1 }).activeGoalId).toBe(-1);
    expect(wizardReducer(state, { type: 'selectGoal', goalId: undefined }).activeGoalId).toBe(
      undefined,
    );
  });

  describe('toggleGoalElement', () => {
    const twoClicks = () =>
      run(initial(), addGoal(GoalEventType.Click), addGoal(GoalEventType.Click), {
        type: 'selectGoal',
        goalId: -1,
      });
    const elementsOf = (state: WizardState, id: number) =>
      state.goals.find((goal) => goal.id === id)?.event.elements;

    it('adds and removes by selector on the active click goal only', () => {
      const added = run(
        twoClicks(),
        { type: 'toggleGoalElement', element: goalElement(1, '#buy') },
        { type: 'toggleGoalElement', element: goalElement(2, '#cart') },
      );
      expect(elementsOf(added, -1)).toEqual([goalElement(1, '#buy'), goalElement(2, '#cart')]);
      expect(elementsOf(added, -2)).toEqual([]);

      // Another id with the same selector still toggles it off.
      const removed = wizardReducer(added, {
        type: 'toggleGoalElement',
        element: goalElement('other', '#buy'),
      });
      expect(elementsOf(removed, -1)).toEqual([goalElement(2, '#cart')]);
    });

    it('does nothing for an active page view goal or without an active goal', () => {
      const pageView = run(initial(), addGoal(GoalEventType.PageView));
      expect(
        wizardReducer(pageView, { type: 'toggleGoalElement', element: goalElement(1, '#buy') })
          .goals,
      ).toEqual(pageView.goals);

      const none = wizardReducer(twoClicks(), { type: 'selectGoal', goalId: undefined });
      expect(
        wizardReducer(none, { type: 'toggleGoalElement', element: goalElement(1, '#buy') }).goals,
      ).toEqual(none.goals);
    });
  });

  it('confirmGoals fixes the funnel with the given goals, the last one converting', () => {
    const state = run(initial(), addGoal(GoalEventType.Click), addGoal(GoalEventType.PageView));
    const normalised = state.goals.map((goal) =>
      goal.event.type === GoalEventType.PageView
        ? {
            ...goal,
            isConversionGoal: false,
            event: { ...goal.event, url: 'https://x.example.com' },
          }
        : { ...goal, isConversionGoal: true },
    );
    const confirmed = wizardReducer(state, { type: 'confirmGoals', goals: normalised });
    expect(confirmed.goalsConfirmed).toBe(true);
    expect(confirmed.activeGoalId).toBeUndefined();
    expect(confirmed.goals.map((goal) => [goal.id, goal.isConversionGoal, goal.event.url])).toEqual(
      [
        [-1, false, SHOP_URL],
        [-2, true, 'https://x.example.com'],
      ],
    );

    const ids = (next: typeof confirmed) => next.goals.map((goal) => goal.id);
    expect(ids(wizardReducer(confirmed, addGoal(GoalEventType.Click)))).toEqual([-1, -2]);
    expect(ids(wizardReducer(confirmed, { type: 'moveGoal', from: 0, to: 1 }))).toEqual([-1, -2]);
    expect(ids(wizardReducer(confirmed, { type: 'deleteGoal', goalId: -1 }))).toEqual([-1, -2]);
  });
});
