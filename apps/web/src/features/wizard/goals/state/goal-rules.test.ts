import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GoalEventType, type Goal, type GoalElement } from '@kindling/domain';
import {
  activeGoalTarget,
  goalsReadyMessage,
  NO_FUNNEL_STEP_MESSAGE,
  pageUrlError,
} from './goal-rules';

const button: GoalElement = { id: 1, label: 'Buy now', selector: '#buy' };

function clickGoal(id: number, elements: GoalElement[] = [button]): Goal {
  return {
    id,
    isConversionGoal: false,
    metricRole: null,
    lowerIsBetter: false,
    event: { type: GoalEventType.Click, name: `Click Goal #${id}`, url: '', elements },
  };
}

function pageViewGoal(id: number, url: string): Goal {
  return {
    id,
    isConversionGoal: false,
    metricRole: null,
    lowerIsBetter: false,
    event: { type: GoalEventType.PageView, name: `Page View Goal #${id}`, url, elements: [] },
  };
}

describe('goalsReadyMessage', () => {
  it('accepts an empty funnel and complete goals', () => {
    expect(goalsReadyMessage([])).toBeUndefined();
    expect(goalsReadyMessage([clickGoal(1), pageViewGoal(2, 'https://shop.com/thanks')])).toBe(
      undefined,
    );
  });

  it('asks for an element on a click goal without elements', () => {
    expect(goalsReadyMessage([clickGoal(1, [])])).toBe(
      'Choose at least one element for Click Goal #1.',
    );
    const noList: Goal = {
      id: 1,
      isConversionGoal: false,
      metricRole: null,
      lowerIsBetter: false,
      event: { type: 2, name: 'Buy' },
    };
    expect(goalsReadyMessage([noList])).toBe('Choose at least one element for Buy.');
  });

  it('asks for a valid URL on a page view goal', () => {
    expect(goalsReadyMessage([pageViewGoal(3, '')])).toBe(
      'Enter a valid page URL for Page View Goal #3.',
    );
    expect(goalsReadyMessage([pageViewGoal(3, 'not a url')])).toBe(
      'Enter a valid page URL for Page View Goal #3.',
    );
    const noUrl: Goal = {
      id: 3,
      isConversionGoal: false,
      metricRole: null,
      lowerIsBetter: false,
      event: { type: 1, name: 'Thanks' },
    };
    expect(goalsReadyMessage([noUrl])).toBe('Enter a valid page URL for Thanks.');
  });

  it('accepts a page URL that is valid once normalised', () => {
    expect(goalsReadyMessage([pageViewGoal(1, '  shop.com/thanks ')])).toBeUndefined();
  });

  it('reports the first incomplete goal in funnel order', () => {
    const goals = [clickGoal(1), pageViewGoal(2, 'x'), clickGoal(3, [])];
    expect(goalsReadyMessage(goals)).toBe('Enter a valid page URL for Page View Goal #2.');
  });

  it('asks for a name when it is blank, by position', () => {
    const blank = clickGoal(7);
    blank.event.name = '   ';
    expect(goalsReadyMessage([clickGoal(1), blank])).toBe('Enter a name for goal 2.');
  });

  it('needs a funnel step among the goals, whatever else they measure', () => {
    const guardrail: Goal = { ...clickGoal(1), metricRole: 'guardrail', lowerIsBetter: true };
    const secondary: Goal = { ...clickGoal(2), metricRole: 'secondary' };
    expect(goalsReadyMessage([guardrail, secondary])).toBe(NO_FUNNEL_STEP_MESSAGE);
    expect(goalsReadyMessage([guardrail, clickGoal(3), secondary])).toBeUndefined();
  });

  it('refuses goals of an unknown type', () => {
    const unknown: Goal = {
      id: 1,
      isConversionGoal: false,
      metricRole: null,
      lowerIsBetter: false,
      event: { type: 0, name: 'Old' },
    };
    expect(goalsReadyMessage([unknown])).toBe('Unsupported track event type in this step.');
  });

  it('finds a message exactly when some click goal has no elements', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 5 }), (chosen) => {
        const goals = chosen.map((has, i) => clickGoal(i + 1, has ? [button] : []));
        expect(goalsReadyMessage(goals) === undefined).toBe(chosen.every(Boolean));
      }),
    );
  });
});

describe('pageUrlError', () => {
  it('requires a URL, then a valid one', () => {
    expect(pageUrlError('')).toBe('Please enter a URL');
    expect(pageUrlError(undefined)).toBe('Please enter a URL');
    expect(pageUrlError('not a url')).toBe('Please check that you have entered a valid URL');
    expect(pageUrlError('shop.com/thanks')).toBeUndefined();
  });

  it("accepts the thank-you page of one of the app's own pages, wherever the app runs", () => {
    const origin = 'http://192.168.1.5:3000';
    const thanks = `${origin}/p/acme/launch/thanks`;
    expect(pageUrlError(thanks, origin)).toBeUndefined();
    expect(pageUrlError(thanks)).toBe('Please check that you have entered a valid URL');
    expect(goalsReadyMessage([pageViewGoal(1, thanks)], origin)).toBeUndefined();
    expect(goalsReadyMessage([pageViewGoal(1, thanks)])).toBe(
      'Enter a valid page URL for Page View Goal #1.',
    );
    expect(
      activeGoalTarget(
        { goals: [pageViewGoal(1, thanks)], activeGoalId: 1, ingestedUrl: thanks },
        origin,
      ),
    ).toEqual({ label: 'Counts visits to', url: thanks });
  });
});

describe('activeGoalTarget', () => {
  const ingestedUrl = 'https://shop.com/';
  const goals = [clickGoal(-1), pageViewGoal(-2, 'shop.com/thanks'), pageViewGoal(-3, 'nope')];

  it('is undefined without an active goal', () => {
    expect(activeGoalTarget({ goals, activeGoalId: undefined, ingestedUrl })).toBeUndefined();
    expect(activeGoalTarget({ goals, activeGoalId: 99, ingestedUrl })).toBeUndefined();
  });

  it("counts clicks on the campaign page and visits to a page view goal's own URL", () => {
    expect(activeGoalTarget({ goals, activeGoalId: -1, ingestedUrl })).toEqual({
      label: 'Counts clicks on',
      url: ingestedUrl,
    });
    expect(activeGoalTarget({ goals, activeGoalId: -2, ingestedUrl })).toEqual({
      label: 'Counts visits to',
      url: 'https://shop.com/thanks',
    });
  });

  it('is undefined while the page view URL is not valid', () => {
    expect(activeGoalTarget({ goals, activeGoalId: -3, ingestedUrl })).toBeUndefined();
  });
});
