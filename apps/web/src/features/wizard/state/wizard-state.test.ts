import {
  GoalEventType,
  type Campaign,
  type Goal,
  type GoalElement,
  type TextVariant,
} from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { emptyVariant } from '../elements/state/draft-editor';
import { imageElement, imageVariant, textElement, textVariant } from './test-fixtures';
import type { PickedElement } from '../elements/state/variant-life-cycle';
import {
  createWizardState,
  findElement,
  isCollapsed,
  updateWizardState,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-state';

const URL = 'https://shop.example.com/';

const run = (state: WizardState, ...actions: WizardAction[]): WizardState =>
  actions.reduce(wizardReducer, state);

const initial = () => createWizardState({ url: URL, isEnabled: true });

const picked = (selector: string, type: PickedElement['type'] = 'text'): PickedElement => ({
  selector,
  type,
  text: `Text of ${selector}`,
  html: `<span>Text of ${selector}</span>`,
  src: type === 'image' ? 'https://shop.example.com/a.png' : undefined,
  domStats: {
    textColor: [],
    backgroundColor: [],
    fontSize: [],
    borderColor: [],
    borderWidth: [],
    padding: [],
    borderRadius: [],
  },
});

/** A state holding the given elements, with no draft open. */
const withElements = (...elements: WizardState['elements']): WizardState => ({
  ...initial(),
  step: 'EditElements',
  elements,
});

const clickGoal = (id: number, name = `Click ${id}`): Goal => ({
  id,
  isConversionGoal: false,
  event: { type: GoalEventType.Click, name, url: URL, elements: [] },
});

const goalElement = (id: number | string, selector: string): GoalElement => ({
  id,
  label: `label ${id}`,
  selector,
});

function campaign(patch: Partial<Campaign> = {}): Campaign {
  const variants: TextVariant[] = [
    { ...textVariant(31, { value: 'B' }), index: 7 },
    { ...textVariant(32, { value: 'C' }), index: 2 },
  ];
  return {
    id: 42,
    name: 'Spring sale',
    description: null,
    type: 'multi_armed_bandit',
    ingestedUrl: URL,
    meta: { title: 'Shop' },
    thumbnail: { small: 's.png', large: 'l.png' },
    exclusiveAudienceMode: true,
    trafficAllocation: 60,
    isEnabled: false,
    elements: [
      {
        ...textElement(3, variants),
        index: 5,
        control: { index: 4, info: textElement(3).control.info },
      },
      { ...imageElement(4, [imageVariant(41, 'x.png')]), index: 9 },
    ],
    goals: [clickGoal(1), { ...clickGoal(2), isConversionGoal: true }],
    metrics: null,
    benchmark: null,
    autoGenerationStatus: null,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-02T00:00:00Z',
    ...patch,
  };
}

describe('createWizardState', () => {
  it('starts at ClosePopups when a URL is given', () => {
    const state = createWizardState({ url: URL, isEnabled: true });
    expect(state.mode).toBe('create');
    expect(state.step).toBe('ClosePopups');
    expect(state.ingestedUrl).toBe(URL);
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
      },
    });
  });
});

describe('updateWizardState', () => {
  it('starts at EditElements in update mode with the campaign loaded', () => {
    const state = updateWizardState(campaign());
    expect(state).toMatchObject({
      mode: 'update',
      step: 'EditElements',
      campaignId: 42,
      ingestedUrl: URL,
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
      },
    });
  });

  it('re-indexes the elements: control 0, variants 1..n', () => {
    const state = updateWizardState(campaign());
    expect(state.elements.map((element) => element.index)).toEqual([0, 1]);
    expect(state.elements.map((element) => element.control.index)).toEqual([0, 0]);
    expect(state.elements[0]?.variants.map((variant) => [variant.id, variant.index])).toEqual([
      [31, 1],
      [32, 2],
    ]);
    expect(state.elements[1]?.variants.map((variant) => variant.index)).toEqual([1]);
  });

  it('keeps a description', () => {
    expect(updateWizardState(campaign({ description: 'About' })).settings.description).toBe(
      'About',
    );
  });

  it('has its goals confirmed when it has goals', () => {
    const state = updateWizardState(campaign());
    expect(state.goals.map((goal) => goal.id)).toEqual([1, 2]);
    expect(state.goalsConfirmed).toBe(true);
    expect(updateWizardState(campaign({ goals: [] })).goalsConfirmed).toBe(false);
  });
});

describe('simple actions', () => {
  it('setUrl, screenshotRequested, thumbnail, openElement and settings', () => {
    const state = run(
      initial(),
      { type: 'setUrl', url: 'https://other.example.com' },
      { type: 'screenshotRequested' },
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
      createWizardState({ url: URL, isEnabled: false }),
      { type: 'previewLoaded' },
      { type: 'screenshotRequested' },
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

describe('pick', () => {
  it('adds a new element with a temporary negative id and opens the Default draft editor', () => {
    const state = wizardReducer(initial(), { type: 'pick', picked: picked('h1') });
    expect(state.elements).toHaveLength(1);
    const element = state.elements[0]!;
    expect(element).toMatchObject({ id: -1, selector: 'h1', type: 'text', __new__: true });
    expect(element.control.info).toMatchObject({ value: 'Text of h1' });
    expect(state.activeElementId).toBe(-1);
    expect(state.draft).toMatchObject({
      elementId: -1,
      type: 'Default',
      submitCount: 0,
      variants: [emptyVariant(element, -2)],
    });
    expect(state.lastTemporaryId).toBe(-2);
  });

  it('opens an image draft for an image pick', () => {
    const state = wizardReducer(initial(), { type: 'pick', picked: picked('img.hero', 'image') });
    expect(state.elements[0]).toMatchObject({
      type: 'image',
      control: { info: { src: 'https://shop.example.com/a.png' } },
    });
    expect(state.draft?.variants).toEqual([emptyVariant(state.elements[0]!, -2)]);
  });

  it('picking the same selector again only re-opens the element', () => {
    const first = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      { type: 'closeDraft' },
      {
        type: 'openElement',
        elementId: undefined,
      },
    );
    const again = wizardReducer(first, { type: 'pick', picked: picked('h1') });
    expect(again.elements).toEqual(first.elements);
    expect(again.activeElementId).toBe(-1);
    expect(again.draft).toBeUndefined();
    expect(again.lastTemporaryId).toBe(first.lastTemporaryId);
  });

  it('ignores layout picks', () => {
    const state = initial();
    expect(wizardReducer(state, { type: 'pick', picked: picked('div.row', 'layout') })).toBe(state);
  });

  it('a second element gets the next ids', () => {
    const state = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      { type: 'pick', picked: picked('h2') },
    );
    expect(state.elements.map((element) => element.id)).toEqual([-1, -3]);
    expect(state.draft).toMatchObject({ elementId: -3, variants: [{ id: -4 }] });
  });
});

describe('openDraft', () => {
  const saved = textVariant(5, { value: 'saved' });
  const draft = textVariant(-20, { value: 'draft' }, 'draft');
  const suggestion = textVariant(-21, { value: 'ai' }, 'suggested');
  const state = () => ({
    ...withElements(textElement(1, [saved, draft, suggestion])),
    lastTemporaryId: -30,
  });

  it('of a saved variant creates a draft copy with a new id and never edits in place', () => {
    const next = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'Default',
      sourceVariantId: 5,
    });
    expect(next.draft).toMatchObject({ elementId: 1, type: 'Default', sourceVariantId: 5 });
    expect(next.draft?.variants).toEqual([
      { id: -31, key: 'v31', type: 'text', isEnabled: true, marker: 'draft', info: saved.info },
    ]);
    expect(next.lastTemporaryId).toBe(-31);
    expect(next.activeElementId).toBe(1);
    expect(next.elements).toEqual(state().elements);
  });

  it('of a draft edits it in place', () => {
    const next = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'Default',
      sourceVariantId: -20,
    });
    expect(next.draft?.variants).toEqual([draft]);
    expect(next.draft?.sourceVariantId).toBe(-20);
    expect(next.lastTemporaryId).toBe(-30);
  });

  it('with copy copies even a draft', () => {
    const next = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'Default',
      sourceVariantId: -20,
      copy: true,
    });
    expect(next.draft?.variants).toEqual([{ ...draft, id: -31, key: 'v31' }]);
  });

  it('of a suggestion (EditSuggestion) copies it and saving replaces the suggestion', () => {
    const opened = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'EditSuggestion',
      sourceVariantId: -21,
    });
    expect(opened.draft).toMatchObject({ type: 'EditSuggestion', sourceVariantId: -21 });
    expect(opened.draft?.variants).toEqual([
      {
        id: -31,
        key: 'v31',
        type: 'text',
        isEnabled: true,
        marker: 'draft',
        info: suggestion.info,
      },
    ]);
    const edited = textVariant(-31, { value: 'ai edited' }, 'draft');
    const saved2 = wizardReducer(opened, { type: 'saveDraftLocally', variants: [edited] });
    expect(saved2.draft).toBeUndefined();
    expect(saved2.elements[0]?.variants).toEqual([saved, draft, edited]);
  });

  it('saving the copy of a saved variant keeps the saved one', () => {
    const opened = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'Default',
      sourceVariantId: 5,
    });
    const copy = textVariant(-31, { value: 'changed' }, 'draft');
    const next = wizardReducer(opened, { type: 'saveDraftLocally', variants: [copy] });
    expect(next.elements[0]?.variants).toEqual([saved, draft, suggestion, copy]);
  });

  it('saving a draft edited in place replaces it where it was', () => {
    const opened = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'Default',
      sourceVariantId: -20,
    });
    const changed = textVariant(-20, { value: 'changed' }, 'draft');
    const next = wizardReducer(opened, { type: 'saveDraftLocally', variants: [changed] });
    expect(next.elements[0]?.variants).toEqual([saved, changed, suggestion]);
  });

  it('without a source opens an empty variant', () => {
    const next = wizardReducer(state(), { type: 'openDraft', elementId: 1, draftType: 'Default' });
    expect(next.draft?.variants).toEqual([emptyVariant(textElement(1), -31)]);
    expect(next.draft?.sourceVariantId).toBeUndefined();
  });

  it('of an unknown element does nothing', () => {
    const before = state();
    expect(wizardReducer(before, { type: 'openDraft', elementId: 99, draftType: 'Default' })).toBe(
      before,
    );
  });
});

describe('draft actions', () => {
  it('draftAddVariant adds an empty variant with a new id', () => {
    const state = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      { type: 'draftAddVariant' },
    );
    expect(state.draft?.variants.map((variant) => variant.id)).toEqual([-2, -3]);
    expect(state.lastTemporaryId).toBe(-3);
  });

  it('draftAddVariant stops at 5 new variants', () => {
    const state = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      ...Array.from({ length: 6 }, (): WizardAction => ({ type: 'draftAddVariant' })),
    );
    expect(state.draft?.variants).toHaveLength(5);
  });

  it('without an open draft nothing happens', () => {
    const state = initial();
    expect(wizardReducer(state, { type: 'draftAddVariant' })).toBe(state);
    expect(wizardReducer(state, { type: 'saveDraftLocally', variants: [] })).toBe(state);
  });

  it('draftSet and closeDraft', () => {
    const opened = wizardReducer(initial(), { type: 'pick', picked: picked('h1') });
    const draft = { ...opened.draft!, submitCount: 3 };
    expect(wizardReducer(opened, { type: 'draftSet', draft }).draft).toBe(draft);
    expect(wizardReducer(opened, { type: 'closeDraft' }).draft).toBeUndefined();
  });

  it('saveDraftLocally saves the new element variants and closes the editor', () => {
    const opened = wizardReducer(initial(), { type: 'pick', picked: picked('h1') });
    const variant = textVariant(-2, { value: 'New text' }, 'draft');
    const state = wizardReducer(opened, { type: 'saveDraftLocally', variants: [variant] });
    expect(state.draft).toBeUndefined();
    expect(findElement(state, -1)?.variants).toEqual([variant]);
  });
});

describe('variant actions', () => {
  const base = () => ({
    ...withElements(
      textElement(1, [
        textVariant(5, { value: 'saved' }),
        textVariant(-20, { value: 'ai' }, 'suggested'),
      ]),
      textElement(2, [textVariant(6, { value: 'other' })]),
    ),
    lastTemporaryId: -30,
  });

  it('approveLocally turns the suggestion into a draft', () => {
    const state = wizardReducer(base(), { type: 'approveLocally', elementId: 1, variantId: -20 });
    expect(findElement(state, 1)?.variants.map((variant) => variant.marker)).toEqual([
      undefined,
      'draft',
    ]);
  });

  it('duplicateLocally adds a suggested copy with a new negative id', () => {
    const state = wizardReducer(base(), { type: 'duplicateLocally', elementId: 1, variantId: 5 });
    expect(state.lastTemporaryId).toBe(-31);
    expect(findElement(state, 1)?.variants.at(-1)).toMatchObject({
      id: -31,
      marker: 'suggested',
      info: { value: 'saved' },
    });
    expect(findElement(state, 2)).toEqual(findElement(base(), 2));
  });

  it('serverVariants replaces the saved variants and removes the approved suggestion', () => {
    const state = wizardReducer(base(), {
      type: 'serverVariants',
      elementId: 1,
      variants: [textVariant(5, { value: 'saved' }), textVariant(7, { value: 'ai' })],
      removedSuggestionId: -20,
    });
    expect(findElement(state, 1)?.variants.map((variant) => variant.id)).toEqual([5, 7]);
  });

  it('variantEnabled enables or disables a variant', () => {
    const state = wizardReducer(base(), {
      type: 'variantEnabled',
      elementId: 1,
      variantId: 5,
      isEnabled: false,
    });
    expect(findElement(state, 1)?.variants[0]?.isEnabled).toBe(false);
    expect(findElement(state, 2)?.variants[0]?.isEnabled).toBe(true);
  });

  it('variantRemoved removes the variant and its selection', () => {
    const selected = run(
      base(),
      { type: 'selectVariant', elementId: 1, variantId: 5 },
      { type: 'selectVariant', elementId: 2, variantId: 6 },
    );
    const state = wizardReducer(selected, { type: 'variantRemoved', elementId: 1, variantId: 5 });
    expect(findElement(state, 1)?.variants.map((variant) => variant.id)).toEqual([-20]);
    expect(state.selectedVariants).toEqual({ 2: 6 });
  });

  it('variantRemoved keeps the selection of another variant', () => {
    const selected = wizardReducer(base(), { type: 'selectVariant', elementId: 1, variantId: -20 });
    const state = wizardReducer(selected, { type: 'variantRemoved', elementId: 1, variantId: 5 });
    expect(state.selectedVariants).toEqual({ 1: -20 });
  });
});

describe('collapse', () => {
  const saved = textVariant(5, { value: 'saved' });
  const draft = textVariant(-6, { value: 'draft' }, 'draft');
  const suggestion = textVariant(-7, { value: 'ai' }, 'suggested');
  const selecting = (variantId: number) =>
    run(
      withElements(textElement(1, [saved, draft, suggestion]), textElement(2, [textVariant(8)])),
      { type: 'selectVariant', elementId: 1, variantId },
      { type: 'selectVariant', elementId: 2, variantId: 8 },
    );
  const collapse = (state: WizardState, group: 'element' | 'suggested' | 'saved', elementId = 1) =>
    wizardReducer(state, { type: 'collapse', elementId, group, collapsed: true });

  it('the element group always clears the selected variant', () => {
    for (const id of [5, -6, -7]) {
      const state = collapse(selecting(id), 'element');
      expect(state.selectedVariants).toEqual({ 2: 8 });
      expect(isCollapsed(state, 1, 'element')).toBe(true);
    }
  });

  it('the suggested group clears it only for a suggestion', () => {
    expect(collapse(selecting(-7), 'suggested').selectedVariants).toEqual({ 2: 8 });
    expect(collapse(selecting(5), 'suggested').selectedVariants).toEqual({ 1: 5, 2: 8 });
    expect(collapse(selecting(-6), 'suggested').selectedVariants).toEqual({ 1: -6, 2: 8 });
  });

  it('the saved group clears it for saved variants and drafts, not suggestions', () => {
    expect(collapse(selecting(5), 'saved').selectedVariants).toEqual({ 2: 8 });
    expect(collapse(selecting(-6), 'saved').selectedVariants).toEqual({ 2: 8 });
    expect(collapse(selecting(-7), 'saved').selectedVariants).toEqual({ 1: -7, 2: 8 });
  });

  it('only affects its own element', () => {
    const state = collapse(selecting(5), 'element', 2);
    expect(state.selectedVariants).toEqual({ 1: 5 });
    expect(isCollapsed(state, 2, 'element')).toBe(true);
    expect(isCollapsed(state, 1, 'element')).toBe(false);
  });

  it('expanding keeps the selection and clears the collapsed flag', () => {
    const collapsed = collapse(selecting(-7), 'saved');
    const expanded = wizardReducer(collapsed, {
      type: 'collapse',
      elementId: 1,
      group: 'saved',
      collapsed: false,
    });
    expect(isCollapsed(collapsed, 1, 'saved')).toBe(true);
    expect(isCollapsed(expanded, 1, 'saved')).toBe(false);
    expect(isCollapsed(expanded, 1, 'suggested')).toBe(false);
    expect(expanded.selectedVariants).toEqual({ 1: -7, 2: 8 });
  });
});

describe('deleteElement', () => {
  it('removes the element with its selection, and closes it when open', () => {
    const state = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      { type: 'selectVariant', elementId: -1, variantId: -2 },
      { type: 'deleteElement', elementId: -1 },
    );
    expect(state.elements).toEqual([]);
    expect(state.activeElementId).toBeUndefined();
    expect(state.draft).toBeUndefined();
    expect(state.selectedVariants).toEqual({});
  });

  it('leaves another open element and its draft alone', () => {
    const two = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      { type: 'pick', picked: picked('h2') },
      { type: 'selectVariant', elementId: -3, variantId: -4 },
    );
    const state = wizardReducer(two, { type: 'deleteElement', elementId: -1 });
    expect(state.elements.map((element) => element.id)).toEqual([-3]);
    expect(state.activeElementId).toBe(-3);
    expect(state.draft?.elementId).toBe(-3);
    expect(state.selectedVariants).toEqual({ [-3]: -4 });
  });
});

describe('goals', () => {
  const addGoal = (eventType: GoalEventType): WizardAction => ({ type: 'addGoal', eventType });
  const conversion = (state: WizardState) => state.goals.map((goal) => goal.isConversionGoal);

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

  it('a new goal is active; a click goal listens on the campaign page, a page view starts empty', () => {
    const state = run(initial(), addGoal(GoalEventType.Click), addGoal(GoalEventType.PageView));
    expect(state.goals).toEqual([
      {
        id: -1,
        isConversionGoal: false,
        event: { type: GoalEventType.Click, name: 'Click Goal #1', url: URL, elements: [] },
      },
      {
        id: -2,
        isConversionGoal: true,
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
        [-1, false, URL],
        [-2, true, 'https://x.example.com'],
      ],
    );

    const ids = (next: typeof confirmed) => next.goals.map((goal) => goal.id);
    expect(ids(wizardReducer(confirmed, addGoal(GoalEventType.Click)))).toEqual([-1, -2]);
    expect(ids(wizardReducer(confirmed, { type: 'moveGoal', from: 0, to: 1 }))).toEqual([-1, -2]);
    expect(ids(wizardReducer(confirmed, { type: 'deleteGoal', goalId: -1 }))).toEqual([-1, -2]);
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
