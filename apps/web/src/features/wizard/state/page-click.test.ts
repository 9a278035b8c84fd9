import { emptyDomStats, GoalEventType } from '@kindling/domain';
import type { ElementDescription } from '@kindling/page-runtime';
import { describe, expect, it } from 'vitest';
import { pageClickAction } from './page-click';
import { initial, run } from './wizard-test-fixtures';
import type { WizardState } from './wizard-types';

const button: ElementDescription = {
  selector: '#buy',
  type: 'text',
  tagName: 'BUTTON',
  clickable: true,
  dimensions: { width: 120, height: 40 },
  text: '  Buy now  ',
  html: 'Buy now',
  domStats: emptyDomStats(),
};

const at = (step: WizardState['step'], state = initial()): WizardState => ({ ...state, step });
const clickGoalActive = () =>
  at('EditGoals', run(initial(), { type: 'addGoal', eventType: GoalEventType.Click }));

describe('pageClickAction', () => {
  it('picks the element in EditElements when the mode adds elements', () => {
    const state = at('EditElements');
    expect(pageClickAction({ state, changesElements: true, clicked: button })).toEqual({
      type: 'pick',
      picked: button,
    });
    expect(pageClickAction({ state, changesElements: false, clicked: button })).toBeUndefined();
  });

  it('toggles the element of the active click goal in EditGoals, labelled by its text', () => {
    expect(
      pageClickAction({ state: clickGoalActive(), changesElements: false, clicked: button }),
    ).toEqual({
      type: 'toggleGoalElement',
      element: { id: '#buy', label: 'Buy now', selector: '#buy' },
    });
  });

  it('labels an element without text by its tag', () => {
    const image = { ...button, selector: 'img.logo', tagName: 'IMG', text: ' ' };
    const action = pageClickAction({
      state: clickGoalActive(),
      changesElements: true,
      clicked: image,
    });
    expect(action).toMatchObject({ element: { label: 'img', selector: 'img.logo' } });
  });

  it('does nothing for a page view goal, no active goal, or a confirmed funnel', () => {
    const pageView = at(
      'EditGoals',
      run(initial(), { type: 'addGoal', eventType: GoalEventType.PageView }),
    );
    const none = { ...clickGoalActive(), activeGoalId: undefined };
    const confirmed = { ...clickGoalActive(), goalsConfirmed: true };
    for (const state of [pageView, none, confirmed]) {
      expect(pageClickAction({ state, changesElements: true, clicked: button })).toBeUndefined();
    }
  });

  it('does nothing on the other steps', () => {
    for (const step of ['ClosePopups', 'CampaignTypeSelection', 'Settings'] as const) {
      expect(
        pageClickAction({ state: at(step), changesElements: true, clicked: button }),
      ).toBeUndefined();
    }
  });
});
