import { CAMPAIGN_LIMITS } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { campaignPayload } from './campaign-payload';
import { duplicateName, duplicateWizardState } from './duplicate-campaign';
import { savedCampaign } from './wizard-test-fixtures';

describe('a duplicate of a saved campaign', () => {
  const original = savedCampaign({
    name: 'Spring sale',
    isEnabled: true,
    extraMetrics: [
      {
        id: 5,
        name: 'Click 1 per session',
        kind: 'goal_per_session',
        goalId: 1,
        role: 'guardrail',
        lowerIsBetter: false,
        capPercentile: null,
      },
    ],
  });
  const copy = duplicateWizardState(original);

  it('is a new campaign being built, paused, named as a copy, at its elements', () => {
    expect(copy).toMatchObject({ mode: 'create', campaignId: undefined, step: 'EditElements' });
    expect(copy.settings).toMatchObject({ name: 'Copy of Spring sale', isEnabled: false });
    expect(copy.ingestedUrl).toBe(original.ingestedUrl);
    expect(copy.thumbnail).toEqual(original.thumbnail);
  });

  it('gives every element, variant and goal a new temporary id, so nothing points at the original', () => {
    const ids = [
      ...copy.elements.flatMap((element) => [element.id, ...element.variants.map((v) => v.id)]),
      ...copy.goals.map((goal) => goal.id),
    ];
    expect(ids.every((id) => id < 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(copy.lastTemporaryId).toBe(Math.min(...ids));
    expect(copy.elements.every((element) => element.__new__ === true)).toBe(true);
    const markers = copy.elements.flatMap((e) => e.variants.map((variant) => variant.marker));
    expect(markers.every((marker) => marker === 'draft')).toBe(true);
  });

  it('keeps what the campaign tests: selectors, variant contents, goals and their metric', () => {
    const payload = campaignPayload(copy);
    expect(payload.elements.map((element) => element.selector)).toEqual(
      original.elements.map((element) => element.selector),
    );
    expect(payload.elements.map((e) => e.variants.map((v) => v.info))).toEqual(
      original.elements.map((e) => e.variants.map((v) => v.info)),
    );
    expect(payload.goals.map((goal) => goal.event)).toEqual(original.goals.map((g) => g.event));
    const firstGoal = copy.goals[0]?.id;
    expect(payload.extraMetrics).toEqual([
      expect.objectContaining({ kind: 'goal_per_session', goalId: firstGoal, role: 'guardrail' }),
    ]);
  });

  it('sends the original plan, which differs from the defaults', () => {
    expect(campaignPayload(copy)).toMatchObject({
      statsMethod: 'fixed',
      minimumDetectableEffect: 0.05,
    });
  });

  it('names a long campaign within the name limit', () => {
    expect(duplicateName('x'.repeat(300))).toHaveLength(CAMPAIGN_LIMITS.nameMaxLength);
  });
});
