import { GoalEventType, type CampaignDraft } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { imagePlaceholders } from '../elements/state/image-suggestions';
import { DRAFT_STATE_VERSION, draftOf, wizardStateFromDraft } from './draft-snapshot';
import { imageElement, imageVariant, textElement, textVariant } from './test-fixtures';
import { initial, picked, run, SHOP_URL, withElements } from './wizard-test-fixtures';

const asStored = (state: ReturnType<typeof initial>): CampaignDraft => {
  const draft = draftOf(state);
  if (!draft) throw new Error('no draft');
  return {
    id: 7,
    revision: 3,
    createdAt: '2026-11-28T08:00:00.000Z',
    updatedAt: '2026-11-28T08:05:00.000Z',
    updatedBy: 'ada@example.com',
    // The server answers what it was sent, through JSON.
    ...(JSON.parse(JSON.stringify(draft)) as typeof draft),
  };
};

describe('a draft of the wizard', () => {
  it('is nothing before a page is chosen, nor for a saved campaign being edited', () => {
    expect(draftOf({ ...initial(), step: 'ChooseURL' })).toBeUndefined();
    expect(draftOf({ ...initial(), ingestedUrl: '' })).toBeUndefined();
    expect(draftOf({ ...initial(), mode: 'update', campaignId: 4 })).toBeUndefined();
    expect(draftOf(initial())).toMatchObject({ ingestedUrl: SHOP_URL, step: 'ClosePopups' });
  });

  it('opens where it was left, with its elements, variants, goals and settings', () => {
    const built = run(
      withElements(textElement(-1, [textVariant(-2, { value: 'Grow 3x' }, 'draft')])),
      { type: 'pick', picked: picked('#cta') },
      { type: 'addGoal', eventType: GoalEventType.Click },
      { type: 'settings', patch: { name: 'Spring headline', trafficAllocation: 40 } },
      { type: 'goTo', step: 'EditGoals', clearSelectedVariants: false },
    );
    const reopened = wizardStateFromDraft(asStored(built));
    expect(reopened).toEqual({
      ...built,
      selectedVariants: {},
      previewLoaded: false,
      pageCheck: { kind: 'pending' },
      pageMetaError: undefined,
    });
    expect(reopened?.lastTemporaryId).toBe(built.lastTemporaryId);
  });

  it('leaves out what the open page reports, so the reopened page is checked afresh', () => {
    const loaded = { ...initial(), previewLoaded: true, pageCheck: { kind: 'ok' as const } };
    const kept = draftOf(loaded)?.state ?? {};
    expect(Object.keys(kept)).not.toContain('previewLoaded');
    expect(Object.keys(kept)).not.toContain('pageCheck');
    expect(kept.version).toBe(DRAFT_STATE_VERSION);
  });

  it('drops AI images still being made: their job is not followed after a reload', () => {
    const element = imageElement(-1, [imageVariant(-2, 'https://cdn.example/a.png')]);
    const waiting = { ...element, variants: [...element.variants, ...imagePlaceholders([-3])] };
    const reopened = wizardStateFromDraft(asStored(withElements(waiting)));
    expect(reopened?.elements[0]?.variants.map((variant) => variant.id)).toEqual([-2]);
  });

  it('refuses a draft another version wrote', () => {
    const stored = asStored(initial());
    expect(wizardStateFromDraft({ ...stored, state: { ...stored.state, version: 99 } })).toBe(
      undefined,
    );
    expect(wizardStateFromDraft({ ...stored, state: { version: DRAFT_STATE_VERSION } })).toBe(
      undefined,
    );
  });
});
