import type { Campaign } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { cachedBanditWeights } from './cached-bandit-weights';
import type { ElementWeights } from './get-bandit-weights';

const campaign = (enabled = true) =>
  ({
    id: 7,
    goals: [{ id: 3, isConversionGoal: true }],
    elements: [
      {
        id: 1,
        variants: [
          { id: 10, isEnabled: true },
          { id: 11, isEnabled: enabled },
        ],
      },
    ],
  }) as unknown as Campaign;

/** A cache over a loader that answers its call number as the control's weight. */
function setUp() {
  let clock = 1_000;
  let calls = 0;
  let fail = false;
  const get = cachedBanditWeights({
    load: () => {
      calls++;
      if (fail) return Promise.reject(new Error('database gone'));
      return Promise.resolve(
        new Map<number, ElementWeights>([[1, { control: calls, variants: new Map() }]]),
      );
    },
    ttlMs: 60_000,
    now: () => clock,
  });
  const control = async (c = campaign()) => (await get({ teamId: 1, campaign: c })).get(1)!.control;
  return {
    control,
    get,
    calls: () => calls,
    failNext: (value: boolean) => (fail = value),
    advance: (ms: number) => (clock += ms),
  };
}

describe('cachedBanditWeights', () => {
  it('computes a campaign once per minute', async () => {
    const { control, calls, advance } = setUp();
    expect(await control()).toBe(1);
    advance(59_999);
    expect(await control()).toBe(1);
    advance(1);
    expect(await control()).toBe(2);
    expect(calls()).toBe(2);
  });

  it('shares one computation between requests that arrive during it', async () => {
    const { get, calls } = setUp();
    const [a, b] = await Promise.all([
      get({ teamId: 1, campaign: campaign() }),
      get({ teamId: 1, campaign: campaign() }),
    ]);
    expect(a).toBe(b);
    expect(calls()).toBe(1);
  });

  it('computes again at once when the served arms change', async () => {
    const { control } = setUp();
    expect(await control()).toBe(1);
    expect(await control(campaign(false))).toBe(2);
  });

  it('keeps no failure: the next request computes again', async () => {
    const { control, failNext } = setUp();
    failNext(true);
    await expect(control()).rejects.toThrow('database gone');
    failNext(false);
    expect(await control()).toBe(2);
  });
});
