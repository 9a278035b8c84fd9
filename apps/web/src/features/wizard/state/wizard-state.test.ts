import { GoalEventType } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { textVariant } from './test-fixtures';
import { createWizardState, updateWizardState, wizardReducer } from './wizard-state';
import { initial, picked, run, savedCampaign, SHOP_URL } from './wizard-test-fixtures';
import type { WizardAction } from './wizard-types';

describe('createWizardState', () => {
  it('starts at ClosePopups when a URL is given', () => {
    const state = createWizardState({ url: SHOP_URL, isEnabled: true });
    expect(state.mode).toBe('create');
    expect(state.step).toBe('ClosePopups');
    expect(state.ingestedUrl).toBe(SHOP_URL);
  });

  it('starts at ChooseURL without a URL', () => {
    const state = createWizardState({ url: '', isEnabled: true });
    expect(state.step).toBe('ChooseURL');
    expect(state.ingestedUrl).toBe('');
  });

  it('takes isEnabled from the options (the team has a subscription)', () => {
    expect(createWizardState({ url: '', isEnabled: true }).settings.isEnabled).toBe(true);
    expect(createWizardState({ url: '', isEnabled: false }).settings.isEnabled).toBe(false);
  });

  it('starts empty, with the default settings', () => {
    const state = initial();
    expect(state).toMatchObject({
      campaignId: undefined,
      thumbnail: null,
      screenshotRequested: false,
      previewLoaded: false,
      elements: [],
      goals: [],
      goalsConfirmed: false,
      draft: undefined,
      selectedVariants: {},
      collapsed: {},
      lastTemporaryId: 0,
      settings: {
        name: '',
        description: '',
        type: 'ab_split',
        trafficAllocation: 100,
        exclusiveAudienceMode: false,
        isEnabled: true,
        statsMethod: 'sequential',
        mdePercent: 10,
        autoStop: false,
      },
      savedPlan: { statsMethod: 'sequential', minimumDetectableEffect: 0.1, autoStop: false },
    });
  });
});

describe('updateWizardState', () => {
  it('starts at EditElements in update mode with the campaign loaded', () => {
    const state = updateWizardState(savedCampaign());
    expect(state).toMatchObject({
      mode: 'update',
      step: 'EditElements',
      campaignId: 42,
      ingestedUrl: SHOP_URL,
      meta: { title: 'Shop' },
      thumbnail: { small: 's.png', large: 'l.png' },
      screenshotRequested: true,
      settings: {
        name: 'Spring sale',
        description: '',
        type: 'multi_armed_bandit',
        trafficAllocation: 60,
        exclusiveAudienceMode: true,
        isEnabled: false,
        statsMethod: 'fixed',
        mdePercent: 5,
        autoStop: true,
      },
      savedPlan: { statsMethod: 'fixed', minimumDetectableEffect: 0.05, autoStop: true },
    });
  });

  it('re-indexes the elements: control 0, variants 1..n', () => {
    const state = updateWizardState(savedCampaign());
    expect(state.elements.map((element) => element.index)).toEqual([0, 1]);
    expect(state.elements.map((element) => element.control.index)).toEqual([0, 0]);
    expect(state.elements[0]?.variants.map((variant) => [variant.id, variant.index])).toEqual([
      [31, 1],
      [32, 2],
    ]);
    expect(state.elements[1]?.variants.map((variant) => variant.index)).toEqual([1]);
  });

  it('keeps a description', () => {
    expect(updateWizardState(savedCampaign({ description: 'About' })).settings.description).toBe(
      'About',
    );
  });

  it('has its goals confirmed when it has goals', () => {
    const state = updateWizardState(savedCampaign());
    expect(state.goals.map((goal) => goal.id)).toEqual([1, 2]);
    expect(state.goalsConfirmed).toBe(true);
    expect(updateWizardState(savedCampaign({ goals: [] })).goalsConfirmed).toBe(false);
  });
});

describe('simple actions', () => {
  it('setUrl, screenshotRequested, thumbnail, openElement and settings', () => {
    const state = run(
      initial(),
      { type: 'setUrl', url: 'https://other.example.com' },
      { type: 'screenshotRequested', popupClicks: [] },
      {
        type: 'thumbnail',
        thumbnail: { small: 'a', large: 'b' },
        url: 'https://other.example.com',
      },
      { type: 'openElement', elementId: 3 },
      { type: 'settings', patch: { name: 'Test', trafficAllocation: 50 } },
    );
    expect(state).toMatchObject({
      ingestedUrl: 'https://other.example.com',
      screenshotRequested: true,
      thumbnail: { small: 'a', large: 'b' },
      activeElementId: 3,
      settings: { name: 'Test', trafficAllocation: 50, description: '', isEnabled: true },
    });
  });

  it('drops a thumbnail that arrives for a page given up on', () => {
    const state = run(
      initial(),
      { type: 'setUrl', url: 'https://new.example.com' },
      {
        type: 'thumbnail',
        thumbnail: { small: 'old', large: 'old' },
        url: 'https://old.example.com',
      },
    );
    expect(state.thumbnail).toBeNull();
  });

  it('previewLoaded is set once', () => {
    const loaded = wizardReducer(initial(), { type: 'previewLoaded' });
    expect(loaded.previewLoaded).toBe(true);
    expect(wizardReducer(loaded, { type: 'previewLoaded' })).toBe(loaded);
  });

  it('selectVariant selects and unselects per element', () => {
    const state = run(
      initial(),
      { type: 'selectVariant', elementId: 1, variantId: 5 },
      { type: 'selectVariant', elementId: 2, variantId: 6 },
      { type: 'selectVariant', elementId: 1, variantId: undefined },
    );
    expect(state.selectedVariants).toEqual({ 2: 6 });
  });
});

describe('goTo', () => {
  const selected = () => run(initial(), { type: 'selectVariant', elementId: 1, variantId: 5 });

  it('clears the selected variants when asked (re-entering EditElements)', () => {
    const state = wizardReducer(selected(), {
      type: 'goTo',
      step: 'EditElements',
      clearSelectedVariants: true,
    });
    expect(state.step).toBe('EditElements');
    expect(state.selectedVariants).toEqual({});
  });

  it('keeps them otherwise', () => {
    const state = wizardReducer(selected(), {
      type: 'goTo',
      step: 'EditGoals',
      clearSelectedVariants: false,
    });
    expect(state.step).toBe('EditGoals');
    expect(state.selectedVariants).toEqual({ 1: 5 });
  });
});

describe('startOver', () => {
  it('resets to ChooseURL with an empty url, keeping isEnabled', () => {
    const busy = run(
      createWizardState({ url: SHOP_URL, isEnabled: false }),
      { type: 'previewLoaded' },
      { type: 'screenshotRequested', popupClicks: [] },
      { type: 'pick', picked: picked('h1') },
      { type: 'addGoal', eventType: GoalEventType.Click },
      { type: 'goTo', step: 'EditGoals', clearSelectedVariants: false },
    );
    const state = wizardReducer(busy, { type: 'startOver' });
    expect(state).toEqual(createWizardState({ url: '', isEnabled: false }));
    expect(state.step).toBe('ChooseURL');
    expect(state.ingestedUrl).toBe('');
  });
});

describe('temporary ids', () => {
  it('are negative, decreasing and never collide', () => {
    let state = initial();
    const handedOut: number[] = [];
    const allocating = (action: WizardAction) => {
      const before = state.lastTemporaryId;
      state = wizardReducer(state, action);
      expect(state.lastTemporaryId).toBeLessThan(before);
      handedOut.push(state.lastTemporaryId);
    };
    allocating({ type: 'pick', picked: picked('h1') });
    allocating({ type: 'draftAddVariant' });
    allocating({ type: 'addGoal', eventType: GoalEventType.Click });
    state = wizardReducer(state, {
      type: 'saveDraftLocally',
      variants: [
        textVariant(-2, { value: 'one' }, 'draft'),
        textVariant(-3, { value: 'two' }, 'draft'),
      ],
    });
    allocating({ type: 'duplicateLocally', elementId: -1, variantId: -2 });
    allocating({
      type: 'openDraft',
      elementId: -1,
      draftType: 'Default',
      sourceVariantId: -3,
      copy: true,
    });
    const copyId = state.draft?.variants[0]?.id;
    allocating({ type: 'pick', picked: picked('h2') });
    allocating({ type: 'addGoal', eventType: GoalEventType.PageView });

    expect(handedOut).toEqual([-2, -3, -4, -5, -6, -8, -9]);
    const ids = [
      ...state.elements.flatMap((element) => [
        element.id,
        ...element.variants.map((variant) => variant.id),
      ]),
      ...state.goals.map((goal) => goal.id),
      ...(state.draft?.variants.map((variant) => variant.id) ?? []),
      copyId ?? 0,
    ];
    expect(ids.every((id) => id < 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort((a, b) => b - a)).toEqual([-1, -2, -3, -4, -5, -6, -7, -8, -9]);
  });
});

describe('pop-up clicks and the page check', () => {
  const closePopups = () => createWizardState({ url: SHOP_URL, isEnabled: true });

  it('records clicks in ClosePopups only, into meta.popupClicks', () => {
    const state = run(
      closePopups(),
      { type: 'popupClick', selector: '#cookie-ok' },
      { type: 'popupClick', selector: 'button[aria-label="Close newsletter"]' },
      { type: 'goTo', step: 'EditElements', clearSelectedVariants: true },
      { type: 'popupClick', selector: 'h1' },
    );
    expect(state.meta.popupClicks).toEqual(['#cookie-ok', 'button[aria-label="Close newsletter"]']);
  });

  it('forgets them on returning to ClosePopups, where the page shows as it is', () => {
    const state = run(
      closePopups(),
      { type: 'popupClick', selector: '#cookie-ok' },
      { type: 'goTo', step: 'EditElements', clearSelectedVariants: true },
      { type: 'goTo', step: 'ClosePopups', clearSelectedVariants: false },
    );
    expect(state.meta.popupClicks).toEqual([]);
  });

  it('loads them with a saved campaign, as the clicks its thumbnail was taken with', () => {
    const state = updateWizardState(savedCampaign({ meta: { popupClicks: ['#x'] } }));
    expect(state.meta.popupClicks).toEqual(['#x']);
    expect(state.screenshotClicks).toEqual(['#x']);
  });

  it('keeps "use this page anyway" for one address only', () => {
    const warned = run(
      closePopups(),
      { type: 'pageChecked', check: { kind: 'warning', httpStatus: { code: 404, text: '' } } },
      { type: 'acceptBrokenPage' },
    );
    expect(warned.brokenPageAccepted).toBe(true);
    expect(run(warned, { type: 'setUrl', url: SHOP_URL }).brokenPageAccepted).toBe(true);
    const moved = run(warned, { type: 'setUrl', url: 'https://other.example.com/' });
    expect(moved).toMatchObject({ brokenPageAccepted: false, pageCheck: { kind: 'pending' } });
  });
});
