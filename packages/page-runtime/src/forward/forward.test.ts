// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ForwardedExposures } from '../tracker/load-part';
import type { Config } from '../tracker/plan';
import { forward } from './entry';

const config = {
  version: 1,
  collectUrl: '',
  forward: 'ids',
  campaigns: [
    { id: 7, elements: [{ id: 10, variants: [{ id: 101, mutations: [] }] }] },
    { id: 8, elements: [{ id: 20, variants: [{ id: 201, mutations: [] }] }] },
  ],
} as unknown as Config;

afterEach(() => {
  delete window.dataLayer;
  delete window.gtag;
  delete window.analytics;
});

describe('forward.js', () => {
  it('hands each exposure on once, however often it runs', () => {
    const gtag = vi.fn();
    window.gtag = gtag;
    const handed: ForwardedExposures = {
      config,
      exposures: [{ campaignId: 7, assignments: { 10: 101 } }],
      hooks: [],
    };
    forward(handed);
    // The next page view's exposure arrives; the first is not handed on again.
    handed.exposures.push({ campaignId: 8, assignments: { 20: 'control' } });
    forward(handed);
    forward(handed);
    expect(gtag.mock.calls).toEqual([
      ['event', 'experience_impression', { exp_variant_string: 'kindling-7-101' }],
      ['event', 'experience_impression', { exp_variant_string: 'kindling-8-control' }],
    ]);
    expect(window.dataLayer).toHaveLength(2);
  });

  it('skips tools the page lacks, and a broken hook stops neither the others nor the tools', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const track = vi.fn();
    window.analytics = { track };
    const after = vi.fn();
    forward({
      config,
      exposures: [{ campaignId: 7, assignments: { 10: 101 } }],
      hooks: [
        [
          'exposure',
          () => {
            throw new Error('broken');
          },
        ],
        ['something-else', after],
        ['exposure', after],
        ['exposure', 'not a function'],
      ],
    });
    expect(track).toHaveBeenCalledOnce();
    expect(after.mock.calls).toEqual([
      [{ experimentId: '7', experimentName: '7', variationId: '101', variationName: '101' }],
    ]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('tells a hook registered twice once, skips a rollout, and outlives a throwing gtag', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.gtag = () => {
      throw new Error('broken gtag');
    };
    const track = vi.fn();
    window.analytics = { track };
    const hook = vi.fn();
    const rolledOut = {
      ...config,
      campaigns: [...config.campaigns, { ...config.campaigns[0]!, id: 9, rollout: true }],
    } as unknown as Config;
    forward({
      config: rolledOut,
      exposures: [
        { campaignId: 9, assignments: { 10: 101 } },
        { campaignId: 7, assignments: { 10: 101 } },
        { campaignId: 8, assignments: { 20: 201 } },
      ],
      hooks: [
        ['exposure', hook],
        ['exposure', hook],
      ],
    });
    // The rollout (9) went nowhere; 7 and 8 each reached Segment and the hook once.
    expect(
      track.mock.calls.map(([, fields]) => (fields as { experiment_id: string }).experiment_id),
    ).toEqual(['7', '8']);
    expect(hook).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('off, tells only the hooks; a campaign no longer served is skipped', () => {
    const hook = vi.fn();
    const gtag = vi.fn();
    window.gtag = gtag;
    forward({
      config: { ...config, forward: undefined },
      exposures: [
        { campaignId: 99, assignments: {} },
        { campaignId: 7, assignments: { 10: 'control' } },
      ],
      hooks: [['exposure', hook]],
    });
    expect(gtag).not.toHaveBeenCalled();
    expect(window.dataLayer).toBeUndefined();
    expect(hook.mock.calls).toEqual([
      [
        {
          experimentId: '7',
          experimentName: '7',
          variationId: 'control',
          variationName: 'Original',
        },
      ],
    ]);
  });
});
