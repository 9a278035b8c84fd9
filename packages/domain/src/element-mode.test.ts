import { describe, expect, it } from 'vitest';
import {
  ELEMENT_MODE_MESSAGES,
  elementModeOf,
  elementModePlan,
  linkedElementsProblem,
  linkedPartners,
  servedVersions,
  variantsBeyondLead,
} from './element-mode';
import { plannedSamplePerArm } from './stats/plan';

const element = (id: number, variants: number, paused = 0) => ({
  id,
  variants: Array.from({ length: variants }, (_, i) => ({
    id: id * 10 + i + 1,
    isEnabled: i >= paused,
  })),
});

describe('element modes', () => {
  // The walkthrough's campaign: a headline with 3 variants, a button and an image with 2 each.
  const walkthrough = [element(1, 3), element(2, 2), element(3, 2)];

  it('counts whole-page arms together and every combination separately', () => {
    expect(servedVersions(walkthrough, 'together')).toBe(4);
    expect(servedVersions(walkthrough, 'separate')).toBe(36);
    expect(servedVersions([element(1, 2)], 'separate')).toBe(3);
    expect(servedVersions([], 'together')).toBe(1);
  });

  it('leaves paused variants out of the count', () => {
    expect(servedVersions([element(1, 3, 1), element(2, 2)], 'together')).toBe(3);
    expect(servedVersions([element(1, 3, 1), element(2, 2, 2)], 'separate')).toBe(3);
  });

  it('costs each version as an arm of the planned power, so separate needs 9x the traffic here', () => {
    const plan = (mode: 'together' | 'separate') =>
      elementModePlan({
        elements: walkthrough,
        mode,
        minimumDetectableEffect: 0.1,
        method: 'fixed',
      });
    const perArm = plannedSamplePerArm({
      baselineRate: 0.05,
      minimumDetectableEffect: 0.1,
      method: 'fixed',
    });
    expect(plan('together')).toEqual({
      mode: 'together',
      versions: 4,
      visitorsPerVersion: perArm,
      visitorsInAll: perArm! * 4,
    });
    expect(plan('separate').visitorsInAll).toBe(perArm! * 36);
  });

  it('reads the mode from the campaign meta: separate unless linked', () => {
    expect(elementModeOf({ linkedElements: true })).toBe('together');
    expect(elementModeOf({})).toBe('separate');
  });

  it('partners each variant with the lead’s variant at the same position, paused ones included', () => {
    const partners = linkedPartners([element(1, 3), element(2, 2, 1), element(3, 4)]);
    expect([...partners.get(2)!]).toEqual([
      [21, 11],
      [22, 12],
    ]);
    // Past the lead's last variant: no partner, never served.
    expect([...partners.get(3)!]).toEqual([
      [31, 11],
      [32, 12],
      [33, 13],
    ]);
    expect(partners.has(1)).toBe(false);
  });

  it('names an element with more variants than the lead', () => {
    const beyond = variantsBeyondLead([element(1, 2), element(2, 2), element(3, 3)]);
    expect(beyond).toMatchObject({ index: 2, count: 3, leadCount: 2 });
    expect(variantsBeyondLead([element(1, 3), element(2, 1)])).toBeUndefined();
    const named = [element(1, 1), { ...element(2, 2), selector: '#buy' }].map((e) => ({
      selector: `#e${e.id}`,
      ...e,
    }));
    expect(linkedElementsProblem(named)).toBe(ELEMENT_MODE_MESSAGES.beyondLead('“#buy”', 2, 1));
    expect(linkedElementsProblem(named.slice(0, 1))).toBeUndefined();
    expect(ELEMENT_MODE_MESSAGES.beyondLead('“Buy button”', 3, 2)).toBe(
      '“Buy button” has 3 variants but the first element has 2: elements changed together show variant 1 of each together, so its variant 3 would never be shown. Add variants to the first element, remove that one, or test each element on its own.',
    );
  });
});
