import { assignCampaigns, runsOn, type TrackerCampaign } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import type { PageMutation } from '../mutation-types';
import { planPage, type Config } from './plan';
import { createLoopGuard, LOOP_LIMIT, LOOP_WINDOW_MS } from './loop-guard';
import { CONVERSION_WINDOW_MS, liveExposures } from './events';

const text = (selector: string, value: string): PageMutation => ({
  type: 'textValue',
  selector,
  value,
});

const campaign = (over: Partial<TrackerCampaign<PageMutation>> = {}) => ({
  id: 12,
  url: 'https://shop.example.com/landing',
  trafficAllocation: 100,
  exclusive: false,
  goals: [],
  elements: [
    {
      id: 34,
      selector: 'h1',
      variants: [
        { id: 101, mutations: [text('h1', 'New headline')] },
        { id: 102, mutations: [] },
      ],
    },
  ],
  ...over,
});

const config = (...campaigns: TrackerCampaign<PageMutation>[]): Config => ({
  version: 1,
  collectUrl: 'https://kindling.example.com/api/collect',
  campaigns,
});

/** A visitor id whose arm for element 34 of campaign 12 is `arm`, found with the domain hash. */
function visitorShown(arm: number | 'control', campaigns = [campaign()]): string {
  for (let i = 0; ; i += 1) {
    if (assignCampaigns(`v${i}`, campaigns).get(12)?.[34] === arm) return `v${i}`;
  }
}

describe('planning a page view (config -> mutations)', () => {
  it("applies the assigned variant's mutations on the campaign's page", () => {
    const plan = planPage(
      config(campaign()),
      'https://shop.example.com/landing/?utm=1',
      visitorShown(101),
    );
    expect(plan.exposures).toEqual([{ campaignId: 12, assignments: { 34: 101 } }]);
    expect(plan.changes).toEqual([
      { campaignId: 12, elementId: 34, selector: 'h1', mutations: [text('h1', 'New headline')] },
    ]);
  });

  it('exposes the control or an empty variant, tracking its element with nothing to change', () => {
    for (const arm of ['control', 102] as const) {
      const plan = planPage(
        config(campaign()),
        'https://shop.example.com/landing',
        visitorShown(arm),
      );
      expect(plan.exposures).toEqual([{ campaignId: 12, assignments: { 34: arm } }]);
      // Tracked all the same: the exposure says for every arm whether the element was on the
      // page ("not on this page", issue 31).
      expect(plan.changes).toEqual([
        { campaignId: 12, elementId: 34, selector: 'h1', mutations: [] },
      ]);
    }
  });

  it('does nothing on another page, or for a visitor outside the traffic allocation', () => {
    expect(planPage(config(campaign()), 'https://shop.example.com/other', 'v1')).toEqual({
      exposures: [],
      changes: [],
    });
    const closed = campaign({ trafficAllocation: 0 });
    expect(planPage(config(closed), 'https://shop.example.com/landing', 'v1').exposures).toEqual(
      [],
    );
  });

  it('runs a campaign with page rules where they match, with the rules bundle only', () => {
    const ruled = campaign({
      pages: {
        include: [{ kind: 'wildcard', value: 'https://*.example.com/products/*' }],
        exclude: [{ kind: 'exact', value: 'https://shop.example.com/products/gift-card' }],
      },
    });
    const visitor = visitorShown(101, [ruled]);
    const plan = (href: string) => planPage(config(ruled), href, visitor, runsOn).exposures.length;
    expect(plan('https://eu.example.com/products/lamp')).toBe(1);
    expect(plan('https://shop.example.com/products/gift-card')).toBe(0);
    // Its edited-on page is not one of its pages here.
    expect(plan('https://shop.example.com/landing')).toBe(0);
    // A plain script the browser cached before the rules were set: the campaign runs nowhere.
    expect(
      planPage(config(ruled), 'https://eu.example.com/products/lamp', visitor).exposures,
    ).toEqual([]);
  });

  it('shows a campaign with an audience only to visitors the targeting part admits', () => {
    const phones = campaign({
      audience: {
        match: 'all',
        conditions: [{ attribute: 'deviceType', operator: 'is', value: 'phone' }],
      },
    });
    const visitor = visitorShown(101, [phones]);
    const page = 'https://shop.example.com/landing';
    const admitted = (admits?: (audience: unknown) => boolean) =>
      planPage(config(phones), page, visitor, runsOn, admits).exposures.length;
    expect(admitted(() => true)).toBe(1);
    expect(admitted(() => false)).toBe(0);
    // A plain script (no targeting part) shows it to no one.
    expect(admitted(undefined)).toBe(0);
  });

  it('keeps a visitor in one exclusive campaign even when the others run on other pages', () => {
    const here = campaign({ id: 12, exclusive: true });
    const elsewhere = campaign({ id: 13, exclusive: true, url: 'https://shop.example.com/other' });
    let inHere = 0;
    for (let i = 0; i < 200; i += 1) {
      const visitor = `x${i}`;
      const onHere = planPage(config(here, elsewhere), here.url, visitor).exposures.length;
      const onOther = planPage(config(here, elsewhere), elsewhere.url, visitor).exposures.length;
      expect(onHere + onOther).toBe(1);
      inHere += onHere;
    }
    expect(inHere).toBeGreaterThan(50);
    expect(inHere).toBeLessThan(150);
  });
});

describe('the loop guard', () => {
  it('allows LOOP_LIMIT re-applies a second, then pauses with growing pauses, reporting each', () => {
    let time = 0;
    const trips: number[] = [];
    const guard = createLoopGuard(
      () => time,
      (pause) => trips.push(pause),
    );
    for (let i = 0; i < LOOP_LIMIT; i += 1) expect(guard()).toBe(0);
    expect(guard()).toBe(LOOP_WINDOW_MS);
    expect(trips).toEqual([LOOP_WINDOW_MS]);
    time = 500;
    expect(guard()).toBe(500);
    time = LOOP_WINDOW_MS;
    for (let i = 0; i < LOOP_LIMIT; i += 1) expect(guard()).toBe(0);
    expect(guard()).toBe(2 * LOOP_WINDOW_MS);
    expect(trips).toEqual([LOOP_WINDOW_MS, 2 * LOOP_WINDOW_MS]);
  });

  it('never trips for re-applies spread out in time', () => {
    let time = 0;
    const guard = createLoopGuard(
      () => time,
      () => expect.fail('tripped'),
    );
    for (let i = 0; i < 100; i += 1) {
      time += LOOP_WINDOW_MS / LOOP_LIMIT;
      expect(guard()).toBe(0);
    }
  });
});

describe('exposures that count for goals and revenue', () => {
  it('are those inside the 7-day conversion window', () => {
    const now = 2_000_000_000_000;
    expect(
      liveExposures({ 1: now - 1000, 2: now - CONVERSION_WINDOW_MS, 3: 'x' as never }, now),
    ).toEqual({ 1: now - 1000 });
    expect(liveExposures(undefined, now)).toEqual({});
  });
});
