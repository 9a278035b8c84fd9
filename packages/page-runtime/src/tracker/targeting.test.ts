// @vitest-environment happy-dom
import { inHoldout, type Audience } from '@kindling/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Config } from './plan';
import { memoryStore, type Store } from './storage';
import { planPage } from './plan';
import { targeting } from './targeting';

const config = { version: 1, collectUrl: '', campaigns: [] } as unknown as Config;
const audience = (attribute: string, operator: string, value?: string): Audience =>
  ({
    match: 'all',
    conditions: [{ attribute, operator, ...(value === undefined ? {} : { value }) }],
  }) as Audience;

/** A store that counts its writes. */
function countingStore(): Store & { writes: number } {
  const store = memoryStore();
  const counted = {
    writes: 0,
    getItem: store.getItem,
    removeItem: store.removeItem,
    setItem(key: string, value: string) {
      counted.writes += 1;
      store.setItem(key, value);
    },
  };
  return counted;
}

describe('the targeting part: who sees a campaign', () => {
  beforeEach(() => history.replaceState(null, '', '/landing?utm_source=newsletter'));

  it('works out the visitor once per page view, however many campaigns ask', () => {
    const store = countingStore();
    const [, admits] = targeting(config, store, 'v', { returning: false }, {}, undefined);
    const fromNewsletter = audience('utmSource', 'is', 'newsletter');
    for (let campaign = 0; campaign < 5; campaign += 1) expect(admits(fromNewsletter)).toBe(true);
    // The session, the UTM tags and the visit count: written once, not once per campaign.
    expect(store.writes).toBe(3);
    // The next page view (an SPA navigation) works it out again; the tags hold for the visit.
    history.pushState(null, '', '/pricing');
    expect(admits(fromNewsletter)).toBe(true);
    expect(admits(audience('query', 'exists'))).toBe(false);
    expect(store.writes).toBe(6);
  });

  it("reads what kindling('set') says at each call, also after the first", () => {
    const set: Record<string, unknown> = {};
    const [, admits] = targeting(config, memoryStore(), 'v', { returning: true }, set, undefined);
    const pro = {
      match: 'all',
      conditions: [{ attribute: 'attribute', name: 'plan', operator: 'is', value: 'pro' }],
    } as Audience;
    expect(admits(pro)).toBe(false);
    set.plan = 'pro';
    expect(admits(pro)).toBe(true);
    expect(admits(audience('visitorType', 'is', 'returning'))).toBe(true);
  });
});

describe('the targeting part: the global holdout', () => {
  const page = 'https://shop.example/landing';
  const ids = Array.from({ length: 400 }, (_, i) => `visitor-${i}`);
  const heldOut = ids.find((id) => inHoldout(id, 20))!;
  const included = ids.find((id) => !inHoldout(id, 20))!;
  const teamConfig = (holdout?: number) =>
    ({
      version: 1,
      collectUrl: '',
      forward: 'ids',
      ...(holdout ? { holdout } : {}),
      campaigns: [
        {
          id: 3,
          url: page,
          trafficAllocation: 100,
          exclusive: false,
          goals: [],
          vitals: 1,
          elements: [
            {
              id: 8,
              selector: 'h1',
              variants: [{ id: 9, mutations: [{ type: 'text', text: 'New' }] }],
              controlWeight: 0,
            },
          ],
        },
      ],
    }) as unknown as Config;

  function planFor(visitor: string, holdout?: number) {
    const config = teamConfig(holdout);
    const arrival: { returning: boolean; holdout?: true } = { returning: false };
    const [runsOn, admits] = targeting(config, memoryStore(), visitor, arrival, {}, undefined);
    return { plan: planPage(config, page, visitor, runsOn, admits), arrival, config };
  }

  it('shows a held-out visitor the original of every campaign, marks the exposure, forwards nothing', () => {
    const { plan, arrival, config } = planFor(heldOut, 20);
    // Its element is tracked (was it on the page?) with nothing to change.
    expect(plan.changes.map((change) => change.mutations)).toEqual([[]]);
    // Web Vitals are measured per arm: none is sampled for the holdout.
    expect(config.campaigns[0]!.vitals).toBeUndefined();
    // In no test: nothing goes to the page's analytics tools.
    expect(config.forward).toBeUndefined();
    expect(plan.exposures).toEqual([{ campaignId: 3, assignments: { 8: 'control' } }]);
    expect(arrival.holdout).toBe(true);
  });

  it('leaves everyone else, and everyone when the team has no holdout, as they were', () => {
    for (const [visitor, holdout] of [
      [included, 20],
      [heldOut, undefined],
    ] as const) {
      const { plan, arrival, config } = planFor(visitor, holdout);
      expect(config.campaigns[0]!.vitals).toBe(1);
      expect(config.forward).toBe('ids');
      // The original's share is 0: a visitor outside the holdout always gets the variant.
      expect(plan.changes.map((change) => change.elementId)).toEqual([8]);
      expect(plan.exposures).toEqual([{ campaignId: 3, assignments: { 8: 9 } }]);
      expect(arrival.holdout).toBeUndefined();
    }
  });
});
