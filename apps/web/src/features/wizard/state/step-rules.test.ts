import { WIZARD_STEPS, type WizardStep } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import {
  canVisit,
  nextStep,
  PAGE_MESSAGES,
  pageBlocksForward,
  planStepChange,
  previousStep,
  STEP_MESSAGES,
  stepIndex,
} from './step-rules';
import { stepContext, textElement, textVariant } from './test-fixtures';

const advance = (to: WizardStep, extra: { requestScreenshot?: boolean } = {}) => ({
  kind: 'advance',
  to,
  requestScreenshot: extra.requestScreenshot ?? false,
  clearSelectedVariants: to === 'EditElements',
});

describe('step order', () => {
  it('numbers the steps 0..5 in the spec order', () => {
    expect(WIZARD_STEPS.map((step) => [step, stepIndex(step)])).toEqual([
      ['ChooseURL', 0],
      ['ClosePopups', 1],
      ['EditElements', 2],
      ['EditGoals', 3],
      ['CampaignTypeSelection', 4],
      ['Settings', 5],
    ]);
  });

  it('gives the next and previous steps, none past the ends', () => {
    expect(nextStep('ChooseURL')).toBe('ClosePopups');
    expect(nextStep('EditGoals')).toBe('CampaignTypeSelection');
    expect(nextStep('Settings')).toBeUndefined();
    expect(previousStep('Settings')).toBe('CampaignTypeSelection');
    expect(previousStep('ClosePopups')).toBe('ChooseURL');
    expect(previousStep('ChooseURL')).toBeUndefined();
  });
});

describe('canVisit', () => {
  it('allows any earlier step and only the next one forward', () => {
    const context = stepContext({ current: 'EditGoals' });
    expect(canVisit('ChooseURL', context)).toBe(true);
    expect(canVisit('EditElements', context)).toBe(true);
    expect(canVisit('EditGoals', context)).toBe(true);
    expect(canVisit('CampaignTypeSelection', context)).toBe(true);
    expect(canVisit('Settings', context)).toBe(false);
  });

  it('in update mode never allows the steps before EditElements', () => {
    const context = stepContext({ mode: 'update', current: 'Settings' });
    expect(canVisit('ChooseURL', context)).toBe(false);
    expect(canVisit('ClosePopups', context)).toBe(false);
    expect(canVisit('EditElements', context)).toBe(true);
    expect(canVisit('EditGoals', context)).toBe(true);
  });
});

describe('planStepChange', () => {
  it('stays on the same step', () => {
    expect(planStepChange('EditGoals', stepContext({ current: 'EditGoals' }))).toEqual({
      kind: 'stay',
    });
  });

  it('cannot skip ahead more than one step', () => {
    expect(planStepChange('EditElements', stepContext({ current: 'ChooseURL' }))).toEqual({
      kind: 'stay',
    });
    expect(planStepChange('Settings', stepContext({ current: 'EditGoals' }))).toEqual({
      kind: 'stay',
    });
    expect(
      planStepChange('CampaignTypeSelection', stepContext({ current: 'EditElements' })),
    ).toEqual({ kind: 'stay' });
  });

  describe('back to ChooseURL', () => {
    it('asks to start over when the preview has loaded', () => {
      for (const current of ['ClosePopups', 'EditElements', 'Settings'] as const) {
        expect(planStepChange('ChooseURL', stepContext({ current, previewLoaded: true }))).toEqual({
          kind: 'confirmStartOver',
        });
      }
    });

    it('goes back without asking when the preview has not loaded', () => {
      expect(
        planStepChange('ChooseURL', stepContext({ current: 'ClosePopups', previewLoaded: false })),
      ).toEqual(advance('ChooseURL'));
    });

    it('is not possible in update mode', () => {
      expect(
        planStepChange('ChooseURL', stepContext({ mode: 'update', current: 'EditElements' })),
      ).toEqual({ kind: 'stay' });
      expect(
        planStepChange('ClosePopups', stepContext({ mode: 'update', current: 'EditElements' })),
      ).toEqual({ kind: 'stay' });
    });
  });

  describe('entering ClosePopups', () => {
    it('requests the screenshot the first time in create mode', () => {
      expect(
        planStepChange(
          'ClosePopups',
          stepContext({ current: 'ChooseURL', screenshotRequested: false }),
        ),
      ).toEqual(advance('ClosePopups', { requestScreenshot: true }));
    });

    it('does not request it a second time', () => {
      expect(
        planStepChange(
          'ClosePopups',
          stepContext({ current: 'ChooseURL', screenshotRequested: true }),
        ),
      ).toEqual(advance('ClosePopups', { requestScreenshot: false }));
      expect(
        planStepChange(
          'ClosePopups',
          stepContext({ current: 'EditElements', screenshotRequested: true }),
        ),
      ).toEqual(advance('ClosePopups', { requestScreenshot: false }));
    });

    it('takes it again on leaving for the mode help too', () => {
      const leaving = stepContext({
        current: 'ClosePopups',
        screenshotOutdated: true,
        hasSeenModeHelp: false,
      });
      expect(planStepChange('EditElements', leaving)).toEqual({
        kind: 'showModeHelp',
        requestScreenshot: true,
      });
    });

    it('takes it again on leaving, when pop-ups were closed since the last one', () => {
      const leaving = stepContext({ current: 'ClosePopups', screenshotOutdated: true });
      expect(planStepChange('EditElements', leaving)).toEqual(
        advance('EditElements', { requestScreenshot: true }),
      );
      expect(planStepChange('EditElements', { ...leaving, screenshotOutdated: false })).toEqual(
        advance('EditElements'),
      );
      expect(
        planStepChange(
          'EditElements',
          stepContext({ mode: 'update', current: 'ClosePopups', screenshotOutdated: true }),
        ),
      ).toMatchObject({ requestScreenshot: false });
    });

    it('never requests it in update mode', () => {
      // Update mode cannot reach ClosePopups at all, so there is nothing to request.
      const plan = planStepChange(
        'ClosePopups',
        stepContext({ mode: 'update', current: 'EditElements', screenshotRequested: false }),
      );
      expect(plan).toEqual({ kind: 'stay' });
    });

    it('only ClosePopups requests the screenshot', () => {
      const plan = planStepChange(
        'EditElements',
        stepContext({ current: 'ClosePopups', screenshotRequested: false }),
      );
      expect(plan).toMatchObject({ kind: 'advance', requestScreenshot: false });
    });
  });

  describe('entering EditElements', () => {
    it('shows the mode help the first time instead of advancing', () => {
      expect(
        planStepChange(
          'EditElements',
          stepContext({ current: 'ClosePopups', hasSeenModeHelp: false }),
        ),
      ).toEqual({ kind: 'showModeHelp', requestScreenshot: false });
    });

    it('advances once the help has been seen, clearing the selected variants', () => {
      expect(
        planStepChange(
          'EditElements',
          stepContext({ current: 'ClosePopups', hasSeenModeHelp: true }),
        ),
      ).toEqual({
        kind: 'advance',
        to: 'EditElements',
        requestScreenshot: false,
        clearSelectedVariants: true,
      });
    });

    it('re-entering from a later step clears the selected variants (and shows no help)', () => {
      for (const current of ['EditGoals', 'CampaignTypeSelection', 'Settings'] as const) {
        expect(
          planStepChange('EditElements', stepContext({ current, hasSeenModeHelp: false })),
        ).toEqual({
          kind: 'advance',
          to: 'EditElements',
          requestScreenshot: false,
          clearSelectedVariants: true,
        });
      }
    });

    it('other steps keep the selected variants', () => {
      expect(planStepChange('ClosePopups', stepContext({ current: 'EditElements' }))).toMatchObject(
        { kind: 'advance', clearSelectedVariants: false },
      );
      expect(
        planStepChange('CampaignTypeSelection', stepContext({ current: 'Settings' })),
      ).toMatchObject({ kind: 'advance', clearSelectedVariants: false });
    });
  });

  describe('leaving EditElements for EditGoals', () => {
    it('advances when every element has a variant', () => {
      expect(planStepChange('EditGoals', stepContext())).toEqual(advance('EditGoals'));
    });

    it('is blocked without elements', () => {
      expect(planStepChange('EditGoals', stepContext({ elements: [] }))).toEqual({
        kind: 'blocked',
        message: STEP_MESSAGES.noElements,
      });
      expect(STEP_MESSAGES.noElements).toBe('Pick at least one element on the page to test.');
    });

    it('opens the first element with zero variants in the draft editor', () => {
      const elements = [
        textElement(1, [textVariant(11, { value: 'A' })]),
        textElement(2, []),
        textElement(3, []),
      ];
      expect(planStepChange('EditGoals', stepContext({ elements }))).toEqual({
        kind: 'openDraftEditor',
        elementId: 2,
      });
    });

    it('does not count suggestions as variants', () => {
      const elements = [
        textElement(1, [textVariant(11, { value: 'A' })]),
        textElement(2, [textVariant(21, { value: 'AI' }, 'suggested')]),
      ];
      expect(planStepChange('EditGoals', stepContext({ elements }))).toEqual({
        kind: 'openDraftEditor',
        elementId: 2,
      });
    });

    it('counts drafts and saved variants', () => {
      const elements = [
        textElement(1, [textVariant(11, { value: 'A' }, 'draft')]),
        textElement(2, [textVariant(21, { value: 'B' })]),
      ];
      expect(planStepChange('EditGoals', stepContext({ elements }))).toEqual(advance('EditGoals'));
    });

    it('applies in update mode too', () => {
      expect(
        planStepChange('EditGoals', stepContext({ mode: 'update', elements: [textElement(4)] })),
      ).toEqual({ kind: 'openDraftEditor', elementId: 4 });
    });

    it('does not check elements when going back or from a later step', () => {
      expect(
        planStepChange('ClosePopups', stepContext({ current: 'EditElements', elements: [] })),
      ).toMatchObject({ kind: 'advance', to: 'ClosePopups' });
      expect(
        planStepChange(
          'CampaignTypeSelection',
          stepContext({ current: 'EditGoals', elements: [textElement(4)] }),
        ),
      ).toEqual({ kind: 'confirmGoals' });
    });
  });

  describe('going to CampaignTypeSelection', () => {
    it('asks to confirm the goals', () => {
      expect(
        planStepChange('CampaignTypeSelection', stepContext({ current: 'EditGoals' })),
      ).toEqual({ kind: 'confirmGoals' });
    });

    it('advances once the goals are confirmed', () => {
      expect(
        planStepChange(
          'CampaignTypeSelection',
          stepContext({ current: 'EditGoals', goalsConfirmed: true }),
        ),
      ).toEqual(advance('CampaignTypeSelection'));
    });

    it('is blocked without goals', () => {
      expect(
        planStepChange(
          'CampaignTypeSelection',
          stepContext({ current: 'EditGoals', goalCount: 0 }),
        ),
      ).toEqual({ kind: 'blocked', message: STEP_MESSAGES.noGoals });
      expect(STEP_MESSAGES.noGoals).toBe('Add at least one goal to your funnel.');
    });

    it('does not ask again when coming back from Settings', () => {
      expect(
        planStepChange(
          'CampaignTypeSelection',
          stepContext({ current: 'Settings', goalsConfirmed: false }),
        ),
      ).toEqual(advance('CampaignTypeSelection'));
    });
  });

  it('Settings has no extra rule', () => {
    expect(
      planStepChange(
        'Settings',
        stepContext({ current: 'CampaignTypeSelection', goalsConfirmed: true, goalCount: 0 }),
      ),
    ).toEqual(advance('Settings'));
  });

  it('going back to EditGoals needs nothing', () => {
    expect(
      planStepChange('EditGoals', stepContext({ current: 'Settings', elements: [], goalCount: 0 })),
    ).toEqual(advance('EditGoals'));
  });
});

describe('the page gates going forward', () => {
  it('lets a 2xx page through, and keeps a page still being checked back', () => {
    expect(pageBlocksForward(stepContext({ page: 'ok' }))).toBeUndefined();
    expect(pageBlocksForward(stepContext({ page: 'pending' }))).toBe(PAGE_MESSAGES.pending);
  });

  it('never lets an unreachable page through, even if accepted', () => {
    const context = stepContext({ page: 'unreachable', brokenPageAccepted: true });
    expect(pageBlocksForward(context)).toBe(PAGE_MESSAGES.unreachable);
    expect(canVisit('EditElements', { ...context, current: 'ClosePopups' })).toBe(false);
  });

  it('lets an error-status page through only once the person used it anyway', () => {
    const warned = stepContext({ current: 'ClosePopups', page: 'warning' });
    expect(pageBlocksForward(warned)).toBe(PAGE_MESSAGES.unconfirmed);
    expect(canVisit('EditElements', warned)).toBe(false);
    expect(planStepChange('EditElements', warned)).toEqual({ kind: 'stay' });
    const accepted = { ...warned, brokenPageAccepted: true };
    expect(pageBlocksForward(accepted)).toBeUndefined();
    expect(canVisit('EditElements', accepted)).toBe(true);
  });

  it('does not apply before a page is chosen', () => {
    const choosing = stepContext({ current: 'ChooseURL', page: 'pending' });
    expect(pageBlocksForward(choosing)).toBeUndefined();
    expect(canVisit('ClosePopups', choosing)).toBe(true);
  });

  it('never holds anyone back from going back', () => {
    const context = stepContext({ current: 'EditGoals', page: 'unreachable' });
    expect(canVisit('EditElements', context)).toBe(true);
    expect(canVisit('ClosePopups', context)).toBe(true);
  });
});
