import { emptyDomStats, GoalEventType, type Goal } from '@kindling/domain';
import type { PickedElement } from '../elements/state/variant-life-cycle';
import { createWizardState, wizardReducer } from './wizard-state';
import type { WizardAction, WizardState } from './wizard-types';

// Builders shared by the reducer tests of the wizard and its sub-features (test-only; nothing
// in the app imports this).

export const SHOP_URL = 'https://shop.example.com/';

export const run = (state: WizardState, ...actions: WizardAction[]): WizardState =>
  actions.reduce(wizardReducer, state);

/** A new campaign's wizard on SHOP_URL. */
export const initial = () => createWizardState({ url: SHOP_URL, isEnabled: true });

export const picked = (selector: string, type: PickedElement['type'] = 'text'): PickedElement => ({
  selector,
  type,
  text: `Text of ${selector}`,
  html: `<span>Text of ${selector}</span>`,
  src: type === 'image' ? 'https://shop.example.com/a.png' : undefined,
  domStats: emptyDomStats(),
});

/** A state holding the given elements, with no draft open. */
export const withElements = (...elements: WizardState['elements']): WizardState => ({
  ...initial(),
  step: 'EditElements',
  elements,
});

export const clickGoal = (id: number, name = `Click ${id}`): Goal => ({
  id,
  isConversionGoal: false,
  metricRole: null,
  lowerIsBetter: false,
  event: { type: GoalEventType.Click, name, url: SHOP_URL, elements: [] },
});
