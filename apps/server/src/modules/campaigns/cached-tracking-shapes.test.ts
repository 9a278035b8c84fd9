import { describe, expect, it } from 'vitest';
import { cachedTrackingShapes } from './cached-tracking-shapes';
import type { TrackingShape } from './get-tracking-shapes';

const shape = (id: number, version = 1): TrackingShape => ({
  id,
  teamId: 1,
  isEnabled: true,
  isDemo: false,
  ended: false,
  elements: new Map([[version, new Set<number>()]]),
  funnel: [],
  goals: new Set(),
  url: 'https://shop.example.com/landing',
  pages: null,
  collectKey: null,
});

/** A cache over a fake database whose campaigns the test changes, on a clock it moves. */
function setUp() {
  const stored = new Map<number, TrackingShape>([[1, shape(1)]]);
  const loads: number[][] = [];
  let clock = 1_000;
  const get = cachedTrackingShapes({
    load: ({ campaignIds }) => {
      loads.push(campaignIds);
      return Promise.resolve(
        new Map(campaignIds.flatMap((id) => (stored.has(id) ? [[id, stored.get(id)!]] : []))),
      );
    },
    ttlMs: 5_000,
    now: () => clock,
  });
  return { stored, loads, get, advance: (ms: number) => (clock += ms) };
}

describe('cachedTrackingShapes', () => {
  it('reads a campaign once within the time to live, and again after it', async () => {
    const { stored, loads, get, advance } = setUp();
    expect((await get({ campaignIds: [1] })).get(1)).toBe(stored.get(1));
    stored.set(1, shape(1, 2));
    advance(4_999);
    expect((await get({ campaignIds: [1] })).get(1)?.elements.has(1)).toBe(true);
    advance(1);
    expect((await get({ campaignIds: [1] })).get(1)?.elements.has(2)).toBe(true);
    expect(loads).toEqual([[1], [1]]);
  });

  it('keeps no answer for an unknown campaign, so one created later is found at once', async () => {
    const { stored, get } = setUp();
    expect((await get({ campaignIds: [2] })).has(2)).toBe(false);
    stored.set(2, shape(2));
    expect((await get({ campaignIds: [2] })).has(2)).toBe(true);
  });

  it('reads only the campaigns it does not hold', async () => {
    const { stored, loads, get } = setUp();
    stored.set(2, shape(2));
    await get({ campaignIds: [1] });
    const both = await get({ campaignIds: [1, 2] });
    expect([...both.keys()].sort()).toEqual([1, 2]);
    expect(loads).toEqual([[1], [2]]);
  });

  it('asks the database when told to (fresh), and forgets a campaign deleted since', async () => {
    const { stored, loads, get } = setUp();
    await get({ campaignIds: [1] });
    stored.delete(1);
    expect((await get({ campaignIds: [1] })).has(1)).toBe(true); // stale, within the bound
    expect((await get({ campaignIds: [1], fresh: true })).has(1)).toBe(false);
    expect((await get({ campaignIds: [1] })).has(1)).toBe(false);
    expect(loads).toEqual([[1], [1], [1]]);
  });

  it("forgets a team's shapes when the team writes, and only that team's", async () => {
    const { stored, loads, get } = setUp();
    stored.set(2, { ...shape(2), teamId: 2 });
    await get({ campaignIds: [1, 2] });
    // Campaign 1 ended meanwhile: the team's write drops what was kept of it.
    stored.set(1, { ...shape(1), ended: true });
    get.forgetTeam(1);
    const shapes = await get({ campaignIds: [1, 2] });
    expect(shapes.get(1)?.ended).toBe(true);
    expect(loads).toEqual([[1, 2], [1]]);
  });

  it('keeps nothing a load read before the team wrote, so the write counts from the next batch', async () => {
    const stored = new Map([[1, shape(1)]]);
    let finishLoad: () => void = () => undefined;
    const get = cachedTrackingShapes({
      load: ({ campaignIds }) =>
        new Promise((resolve) => {
          const before = new Map(campaignIds.map((id) => [id, stored.get(id)!]));
          finishLoad = () => resolve(before);
        }),
      ttlMs: 5_000,
    });
    const reading = get({ campaignIds: [1] });
    // The campaign ends and its team's write commits while the load is under way.
    stored.set(1, { ...shape(1), ended: true });
    get.forgetTeam(1);
    finishLoad();
    expect((await reading).get(1)?.ended).toBe(false);
    const next = get({ campaignIds: [1] });
    finishLoad();
    expect((await next).get(1)?.ended).toBe(true);
  });
});
