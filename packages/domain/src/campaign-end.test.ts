import { describe, expect, it } from 'vitest';
import { endChoices } from './campaign-end-choices';
import {
  CAMPAIGN_END_MESSAGES,
  describeEnd,
  endCampaignInputSchema,
  rolloutProblem,
  rolloutReminderNotice,
  servedRollout,
  storedRollout,
} from './campaign-end';

// What an ended test serves (issue 35): the rolled-out variants until removed, nothing for an
// element whose original was kept, nothing at all while the test runs.

const headline = { id: 11, type: 'text', variants: [{ id: 101 }, { id: 102 }] };
const image = { id: 12, type: 'image', variants: [{ id: 201 }] };
const endedAt = '2026-03-01T10:00:00.000Z';
const end = (rollout: Record<string, number> | null, rolloutRemovedAt: string | null = null) =>
  describeEnd([headline, image], { endedAt, rollout, rolloutRemovedAt, rolloutViews: 7 });

describe('the serving rule of an ended test', () => {
  it('serves nothing while the test runs', () => {
    expect(describeEnd([headline], null)).toBeNull();
    expect(servedRollout(null)).toEqual([]);
  });

  it('serves the rolled-out variant of each element, the others keep their original', () => {
    const ended = end({ 11: 102 });
    expect(servedRollout(ended)).toEqual([{ elementId: 11, variantId: 102 }]);
    expect(ended).toMatchObject({
      outcome: 'Variant 2 of Text 1 rolled out',
      serving: true,
      rolloutViews: 7,
      remindAt: '2026-03-31T10:00:00.000Z',
    });
    expect(end({ 11: 101, 12: 201 })!.outcome).toBe(
      'Variant 1 of Text 1 and Variant 1 of Image 2 rolled out',
    );
  });

  it('names a single element’s variant alone', () => {
    const single = describeEnd([headline], {
      endedAt,
      rollout: { 11: 102 },
      rolloutRemovedAt: null,
      rolloutViews: 0,
    });
    expect(single!.outcome).toBe('Variant 2 rolled out');
    expect(
      rolloutReminderNotice({ campaignName: 'Spring sale', outcome: single!.outcome }),
    ).toEqual({
      title: 'A rollout is 30 days old: ship it in code',
      body: 'Variant 2 of Spring sale has been rolled out for 30 days: ship it in code and remove the rollout',
    });
  });

  it('serves nothing once the rollout is removed, or when the original was kept', () => {
    const removed = end({ 11: 102 }, '2026-03-05T00:00:00.000Z');
    expect(servedRollout(removed)).toEqual([]);
    expect(removed).toMatchObject({ serving: false, remindAt: null });
    expect(removed!.outcome).toBe('Variant 2 of Text 1 rolled out');
    const kept = end(null);
    expect(servedRollout(kept)).toEqual([]);
    expect(kept).toMatchObject({ outcome: 'original kept', serving: false, rolledOut: [] });
  });

  it('ignores a stored variant the element no longer has', () => {
    expect(servedRollout(end({ 11: 999 }))).toEqual([]);
  });
});

describe('the choice at the end', () => {
  it('stores only the elements given a variant', () => {
    expect(storedRollout({ 11: 102, 12: null })).toEqual({ 11: 102 });
    expect(storedRollout({ 12: null })).toBeNull();
    expect(storedRollout(null)).toBeNull();
  });

  it('names the first bad element or variant', () => {
    expect(rolloutProblem([headline, image], { 11: 102, 12: null })).toBeNull();
    expect(rolloutProblem([headline], { 13: null })).toBe(
      CAMPAIGN_END_MESSAGES.unknownElement('13'),
    );
    expect(rolloutProblem([headline, image], { 12: 101 })).toBe(
      'Variant id 101 is not one of the variants of Image 2.',
    );
  });

  it('parses element ids as keys and refuses anything else with one message', () => {
    expect(endCampaignInputSchema.parse({ id: 3 })).toEqual({ id: 3, rollout: null });
    for (const rollout of [{ x: 1 }, { 11: 'a' }, { 11: 0 }, [1]]) {
      const parsed = endCampaignInputSchema.safeParse({ id: 3, rollout });
      expect(parsed.error?.issues[0]?.message).toBe(CAMPAIGN_END_MESSAGES.rolloutShape);
    }
  });

  it('suggests the verdict’s winner, else the original', () => {
    const winner = { state: 'winner', variantId: 102, summary: 'Variant 2 converts better.' };
    const choices = endChoices(
      [headline, image],
      [
        { elementId: 11, verdict: winner },
        { elementId: 12, verdict: { state: 'keep_running', variantId: null, summary: 'Wait.' } },
      ],
    );
    expect(choices.elements.map((e) => [e.elementName, e.suggested, e.verdict])).toEqual([
      ['Text 1', 102, 'Variant 2 converts better.'],
      ['Image 2', null, 'Wait.'],
    ]);
    expect(choices.elements[1]!.options).toEqual([
      { variantId: null, name: 'Original' },
      { variantId: 201, name: 'Variant 1' },
    ]);
    // A winner the element no longer has suggests nothing.
    const gone = endChoices([image], [{ elementId: 12, verdict: { ...winner, variantId: 999 } }]);
    expect(gone.elements[0]!.suggested).toBeNull();
  });
});
