import type { TrackerCampaign } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import type { PageMutation } from '../mutation-types';
import { planPage } from './plan';

// An ended test's rollout (issue 35) needs no tracker code of its own: the server sends the
// rolled-out variant alone with the original's share 0 at 100% of traffic, and the tracker's
// own bucketing shows it to every visitor, exclusive campaigns or not.

const rollout: TrackerCampaign<PageMutation> = {
  id: 7,
  url: 'https://shop.example.com/landing',
  trafficAllocation: 100,
  exclusive: false,
  goals: [],
  elements: [
    {
      id: 70,
      selector: 'h1',
      controlWeight: 0,
      variants: [
        { id: 702, mutations: [{ type: 'textValue', selector: 'h1', value: 'Grow now' }] },
      ],
    },
  ],
};
const exclusive: TrackerCampaign<PageMutation> = {
  ...rollout,
  id: 8,
  exclusive: true,
  elements: [{ id: 80, selector: 'p', variants: [{ id: 801, mutations: [] }] }],
};

describe('a rollout in the tracker', () => {
  it('shows the rolled-out variant to every visitor', () => {
    const config = {
      version: 1 as const,
      collectUrl: 'https://kindling.example.com/api/collect',
      campaigns: [rollout, exclusive],
    };
    for (let visitor = 0; visitor < 200; visitor += 1) {
      const plan = planPage(config, 'https://shop.example.com/landing?utm=x', `visitor-${visitor}`);
      expect(plan.changes.filter((change) => change.campaignId === 7)).toEqual([
        expect.objectContaining({
          elementId: 70,
          mutations: rollout.elements[0]!.variants[0]!.mutations,
        }),
      ]);
      expect(plan.exposures).toContainEqual({ campaignId: 7, assignments: { 70: 702 } });
    }
  });
});
