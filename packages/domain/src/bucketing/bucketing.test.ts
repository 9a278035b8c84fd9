import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignCampaigns,
  assignElement,
  chooseExclusiveCampaign,
  fmix32,
  fnv1a32,
  isInTraffic,
  unitHash,
  type BucketingCampaign,
} from './index';
import vectors from './bucketing-vectors.json';

const visitors = (count: number) => Array.from({ length: count }, (_v, i) => `visitor-${i}`);
const campaign = (over: Partial<BucketingCampaign> = {}): BucketingCampaign => ({
  id: 12,
  trafficAllocation: 100,
  exclusive: false,
  elements: [{ id: 34, variants: [{ id: 101 }, { id: 102 }] }],
  ...over,
});

describe('the public hash', () => {
  it('is FNV-1a 32 and murmur3 fmix32, as published', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    expect(fmix32(0)).toBe(0);
    expect(fmix32(1)).toBe(0x514e28b7);
  });

  it('matches the shared test vectors', () => {
    for (const { seed, value } of vectors.unitHash) expect(unitHash(seed)).toBe(value);
    for (const { visitorId, campaigns } of vectors.assignments) {
      const got = Object.fromEntries(
        assignCampaigns(visitorId, vectors.campaigns as BucketingCampaign[]),
      );
      expect(JSON.parse(JSON.stringify(got))).toEqual(campaigns);
    }
  });

  it('stays in [0, 1) for any seed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (seed) => {
        const value = unitHash(seed);
        return value >= 0 && value < 1;
      }),
    );
  });
});

describe('assignment', () => {
  it('is the same for the same visitor every time', () => {
    fc.assert(
      fc.property(fc.uuid(), (visitorId) => {
        const first = assignCampaigns(visitorId, [campaign()]);
        expect(assignCampaigns(visitorId, [campaign()])).toEqual(first);
      }),
    );
  });

  it('splits evenly between the control and the variants (10,000 visitors, within 3%)', () => {
    const counts = new Map<string, number>();
    for (const visitorId of visitors(10_000)) {
      const arm = String(assignElement(visitorId, 12, campaign().elements[0]!));
      counts.set(arm, (counts.get(arm) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['101', '102', 'control']);
    for (const count of counts.values())
      expect(Math.abs(count / 10_000 - 1 / 3)).toBeLessThan(0.03);
  });

  describe('elements changed together', () => {
    const headline = { id: 50, variants: [{ id: 501 }, { id: 502 }, { id: 503 }] };
    const linked = (variants: { id: number; with: number }[]) => ({
      id: 12,
      trafficAllocation: 100,
      exclusive: false,
      elements: [headline, { id: 51, bucketWith: 50, variants }],
    });
    const assign = (campaign: ReturnType<typeof linked>, visitorId: string) =>
      assignCampaigns(visitorId, [campaign]).get(12)!;

    it('show the variant partnered with the lead’s arm: whole pages, never a mix', () => {
      const campaign = linked([
        { id: 511, with: 501 },
        { id: 512, with: 502 },
        { id: 513, with: 503 },
      ]);
      const pages = new Set<string>();
      for (const visitorId of visitors(2000)) {
        const shown = assign(campaign, visitorId);
        pages.add(`${shown[50]}+${shown[51]}`);
      }
      expect([...pages].sort()).toEqual(['501+511', '502+512', '503+513', 'control+control']);
    });

    it('keep the original where an element has no partner (fewer or paused variants)', () => {
      // The button's variant 2 is paused (left out of the served list), it has no variant 3.
      const campaign = linked([{ id: 511, with: 501 }]);
      const pages = new Set<string>();
      for (const visitorId of visitors(2000)) {
        const shown = assign(campaign, visitorId);
        pages.add(`${shown[50]}+${shown[51]}`);
      }
      expect([...pages].sort()).toEqual([
        '501+511',
        '502+control',
        '503+control',
        'control+control',
      ]);
    });

    it('leave the lead’s own draw as it was, so running campaigns keep their visitors', () => {
      const campaign = linked([{ id: 511, with: 501 }]);
      for (const visitorId of visitors(500)) {
        expect(assign(campaign, visitorId)[50]).toBe(assignElement(visitorId, 12, headline));
      }
    });
  });

  it('follows bandit weights', () => {
    const element = { id: 40, controlWeight: 0.1, variants: [{ id: 201, weight: 0.9 }] };
    const shown = visitors(10_000).filter((v) => assignElement(v, 13, element) === 201).length;
    expect(Math.abs(shown / 10_000 - 0.9)).toBeLessThan(0.02);
    const none = { id: 41, controlWeight: 0, variants: [{ id: 301, weight: 0 }] };
    expect(assignElement('v', 13, none)).toBe('control');
  });

  it('never shows a variant that is not in the served list (disabled ones are left out)', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.uniqueArray(fc.integer({ min: 1, max: 1e6 }), { maxLength: 5 }),
        (v, ids) => {
          const arm = assignElement(v, 1, { id: 1, variants: ids.map((id) => ({ id })) });
          return arm === 'control' || ids.includes(arm);
        },
      ),
    );
  });

  it('lets the traffic allocation share of visitors in (within 2%)', () => {
    for (const allocation of [0, 10, 50, 90, 100]) {
      const inside = visitors(10_000).filter((v) =>
        isInTraffic(v, campaign({ trafficAllocation: allocation })),
      ).length;
      expect(Math.abs(inside / 100 - allocation)).toBeLessThan(2);
    }
  });

  it('puts a visitor in at most one exclusive campaign, and keeps the others', () => {
    const campaigns = [
      campaign({ id: 1, exclusive: true }),
      campaign({ id: 2, exclusive: true }),
      campaign({ id: 3, exclusive: false }),
    ];
    for (const visitorId of visitors(2_000)) {
      const ids = [...assignCampaigns(visitorId, campaigns).keys()];
      expect(ids.filter((id) => id !== 3)).toHaveLength(1);
      expect(ids).toContain(3);
    }
  });

  it('moves visitors only into a newly started exclusive campaign, never between old ones', () => {
    const before = [campaign({ id: 1, exclusive: true }), campaign({ id: 2, exclusive: true })];
    const after = [...before, campaign({ id: 9, exclusive: true })];
    for (const visitorId of visitors(2_000)) {
      const then = chooseExclusiveCampaign(visitorId, before);
      const now = chooseExclusiveCampaign(visitorId, after);
      expect(now === then || now === 9).toBe(true);
    }
  });
});
