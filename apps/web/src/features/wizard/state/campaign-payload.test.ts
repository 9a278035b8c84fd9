import { campaignInputSchema, GoalEventType, type Goal } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { campaignPayload } from './campaign-payload';
import { openDraftEditor } from '../elements/state/draft-editor';
import { imageElement, imageVariant, RED, textElement, textVariant } from './test-fixtures';
import { createWizardState } from './wizard-state';
import type { WizardSettings } from '../settings/state/wizard-settings';
import type { WizardState } from './wizard-types';

const URL = 'https://shop.example.com/landing';

const goals: Goal[] = [
  {
    id: -3,
    isConversionGoal: false,
    metricRole: null,
    lowerIsBetter: false,
    event: {
      type: GoalEventType.Click,
      name: 'Click 1',
      url: URL,
      elements: [{ id: 1, label: 'Buy', selector: '#buy' }],
    },
  },
  {
    id: -4,
    isConversionGoal: true,
    metricRole: null,
    lowerIsBetter: false,
    event: { type: GoalEventType.PageView, name: 'Page View 2', url: `${URL}/thanks` },
  },
];

function state(
  patch: Partial<WizardState> = {},
  settings: Partial<WizardSettings> = {},
): WizardState {
  const base = createWizardState({ url: URL, isEnabled: true });
  return {
    ...base,
    step: 'Settings',
    goals,
    goalsConfirmed: true,
    ...patch,
    settings: { ...base.settings, name: 'Spring sale', ...settings },
  };
}

describe('campaignPayload', () => {
  it('carries the URL, settings, meta, thumbnail and goals', () => {
    const payload = campaignPayload(
      state(
        {
          meta: { title: 'Shop', stats: { htmlBytes: 1200, elementCount: 40, loadMs: 300 } },
          thumbnail: { small: 'small.png', large: 'large.png' },
        },
        {
          name: 'Spring sale',
          description: 'Try a new button',
          type: 'multi_armed_bandit',
          trafficAllocation: 40,
          exclusiveAudienceMode: true,
          isEnabled: false,
        },
      ),
    );
    expect(payload).toEqual({
      ingestedUrl: URL,
      name: 'Spring sale',
      description: 'Try a new button',
      type: 'multi_armed_bandit',
      // One element or none: nothing to change together.
      meta: {
        title: 'Shop',
        stats: { htmlBytes: 1200, elementCount: 40, loadMs: 300 },
        linkedElements: false,
      },
      thumbnail: { small: 'small.png', large: 'large.png' },
      exclusiveAudienceMode: true,
      trafficAllocation: 40,
      isEnabled: false,
      elements: [],
      goals,
      extraMetrics: [],
    });
  });

  it('carries the revenue and per-session metrics, a goal named by its temporary id', () => {
    const extraMetrics = [
      {
        kind: 'goal_per_session' as const,
        goalId: goals[0]!.id,
        role: 'guardrail' as const,
        lowerIsBetter: true,
        capPercentile: null,
      },
    ];
    expect(campaignPayload(state({ extraMetrics })).extraMetrics).toEqual(extraMetrics);
  });

  it('sends the test method and the minimum detectable effect only when they were changed', () => {
    expect(campaignPayload(state())).not.toHaveProperty('statsMethod');
    expect(campaignPayload(state())).not.toHaveProperty('minimumDetectableEffect');
    const chosen = campaignPayload(state({}, { statsMethod: 'fixed', mdePercent: 25 }));
    expect(chosen).toMatchObject({ statsMethod: 'fixed', minimumDetectableEffect: 0.25 });
    // A saved campaign's own plan, unchanged, is left to the server.
    const saved = state(
      { savedPlan: { statsMethod: 'fixed', minimumDetectableEffect: 0.25, autoStop: false } },
      { statsMethod: 'fixed', mdePercent: 25 },
    );
    expect(campaignPayload(saved)).not.toHaveProperty('statsMethod');
    expect(campaignPayload(saved)).not.toHaveProperty('minimumDetectableEffect');
  });

  it('sends auto-stop only when it was switched', () => {
    expect(campaignPayload(state())).not.toHaveProperty('autoStop');
    expect(campaignPayload(state({}, { autoStop: true }))).toMatchObject({ autoStop: true });
  });

  it('passes goals through unchanged (conversion goal included)', () => {
    const payload = campaignPayload(state());
    expect(payload.goals).toBe(goals);
    expect(payload.goals?.map((goal) => goal.isConversionGoal)).toEqual([false, true]);
  });

  it('keeps a missing thumbnail as null', () => {
    expect(campaignPayload(state({ thumbnail: null })).thumbnail).toBeNull();
  });

  it('trims the name', () => {
    expect(campaignPayload(state({}, { name: '  Spring sale \n' })).name).toBe('Spring sale');
  });

  it('trims the description', () => {
    expect(campaignPayload(state({}, { description: '\n Try it  ' })).description).toBe('Try it');
  });

  it.each(['', '   ', '\n\t'])('sends an empty description (%j) as null', (description) => {
    expect(campaignPayload(state({}, { description })).description).toBeNull();
  });

  it('drops suggested variants, the client markers and the __new__ flag', () => {
    const saved = textVariant(11, { value: 'Saved' });
    const draft = textVariant(
      -5,
      { value: 'Draft', styles: [{ type: 'textColor', value: RED }] },
      'draft',
    );
    const suggested = textVariant(
      -6,
      { value: 'AI idea', creationMethod: 'generated' },
      'suggested',
    );
    const text = { ...textElement(1, [saved, draft, suggested]), __new__: true };
    const image = imageElement(2, [
      imageVariant(-7, 'https://cdn.example.com/a.png', 'draft'),
      imageVariant(-8, 'https://cdn.example.com/b.png', 'suggested'),
    ]);

    const { elements } = campaignPayload(state({ elements: [text, image] }));

    expect(elements).toEqual([
      {
        ...textElement(1),
        variants: [
          saved,
          {
            id: -5,
            key: 'k-5',
            type: 'text',
            isEnabled: true,
            info: { ...draft.info },
          },
        ],
      },
      {
        ...imageElement(2),
        variants: [
          {
            id: -7,
            key: 'k-7',
            type: 'image',
            isEnabled: true,
            info: { src: 'https://cdn.example.com/a.png' },
          },
        ],
      },
    ]);
    for (const element of elements ?? []) {
      expect(element).not.toHaveProperty('__new__');
      for (const variant of element.variants) expect(variant).not.toHaveProperty('marker');
    }
  });

  it('keeps an element whose only variants were suggestions, with no variants', () => {
    const element = textElement(1, [textVariant(-2, { value: 'AI' }, 'suggested')]);
    expect(campaignPayload(state({ elements: [element] })).elements).toEqual([
      { ...textElement(1), variants: [] },
    ]);
  });

  it('keeps element order and element fields such as domStats and meta', () => {
    const domStats = {
      textColor: [{ value: RED }],
      backgroundColor: [],
      fontSize: [{ size: 14 }],
      borderColor: [],
      borderWidth: [],
      padding: [],
      borderRadius: [],
    };
    const first = { ...textElement(3), domStats, meta: 'Hero button' };
    const second = textElement(1);
    const { elements } = campaignPayload(state({ elements: [first, second] }));
    expect(elements?.map((element) => element.id)).toEqual([3, 1]);
    expect(elements?.[0]).toMatchObject({ domStats, meta: 'Hero button' });
  });

  it('leaves out wizard-only state (id, step, draft, selections)', () => {
    const element = textElement(1, [textVariant(11, { value: 'Saved' })]);
    const payload = campaignPayload(
      state({
        mode: 'update',
        campaignId: 42,
        elements: [element],
        activeElementId: 1,
        selectedVariants: { 1: 11 },
        collapsed: { '1:saved': true },
        draft: openDraftEditor({ element, type: 'Default', variants: [] }),
        lastTemporaryId: -9,
      }),
    );
    expect(Object.keys(payload).sort()).toEqual(
      [
        'description',
        'elements',
        'exclusiveAudienceMode',
        'extraMetrics',
        'goals',
        'ingestedUrl',
        'isEnabled',
        'meta',
        'name',
        'thumbnail',
        'trafficAllocation',
        'type',
      ].sort(),
    );
  });

  it('does not change the wizard state', () => {
    const element = {
      ...textElement(1, [
        textVariant(-2, { value: 'Draft' }, 'draft'),
        textVariant(-3, { value: 'AI' }, 'suggested'),
      ]),
      __new__: true,
    };
    const before = state({ elements: [element] }, { name: ' Spring sale ', description: ' ' });
    const copy = structuredClone(before);
    campaignPayload(before);
    expect(before).toEqual(copy);
  });

  it('is a body that POST /create accepts, unchanged by parsing', () => {
    const text = {
      ...textElement(1, [
        textVariant(-2, { value: 'Buy today' }, 'draft'),
        textVariant(-3, { value: 'AI' }, 'suggested'),
      ]),
      __new__: true,
    };
    const payload = campaignPayload(
      state(
        { elements: [text], thumbnail: { small: 's.png', large: 'l.png' }, meta: { title: 'T' } },
        { name: '  Spring sale  ', description: '  ' },
      ),
    );
    const parsed = campaignInputSchema.safeParse(payload);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(payload);
  });
});
