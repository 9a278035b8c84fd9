import {
  emptyDomStats,
  GoalEventType,
  type Campaign,
  type Goal,
  type TextVariant,
} from '@kindling/domain';
import { imageElement, imageVariant, textElement, textVariant } from './test-fixtures';
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

/** A saved campaign: a text element with two variants, an image with one, two goals. */
export function savedCampaign(patch: Partial<Campaign> = {}): Campaign {
  const variants: TextVariant[] = [
    { ...textVariant(31, { value: 'B' }), index: 7 },
    { ...textVariant(32, { value: 'C' }), index: 2 },
  ];
  return {
    id: 42,
    name: 'Spring sale',
    description: null,
    type: 'multi_armed_bandit',
    ingestedUrl: SHOP_URL,
    meta: { title: 'Shop' },
    thumbnail: { small: 's.png', large: 'l.png' },
    exclusiveAudienceMode: true,
    trafficAllocation: 60,
    isEnabled: false,
    isDemo: false,
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
    statsMethod: 'fixed',
    minimumDetectableEffect: 0.05,
    autoStop: true,
    autoStoppedAt: null,
    extraMetrics: [],
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-02T00:00:00Z',
    ...patch,
  };
}
