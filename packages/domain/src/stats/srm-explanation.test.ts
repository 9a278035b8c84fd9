import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEGMENT_DIMENSIONS, type VisitorSegment } from '../visitor-segments';
import { explainSrm, MAX_SRM_SEGMENTS, type SegmentCounts } from './srm-explanation';
import { sampleRatioMismatch } from './srm';

/** Visitors of one class per arm (control first), as the collector counts them. */
interface Group {
  segment: Omit<VisitorSegment, 'platform'>;
  visitors: number[];
}

/** The segment counts the collector would store for these groups: each dimension summed. */
function countsOf(groups: readonly Group[]): SegmentCounts[] {
  const rows = new Map<string, SegmentCounts>();
  for (const { segment, visitors } of groups) {
    const full: VisitorSegment = { ...segment, platform: `${segment.browser}/${segment.device}` };
    for (const dimension of SEGMENT_DIMENSIONS) {
      const key = `${dimension}:${full[dimension]}`;
      const row = rows.get(key) ?? {
        dimension,
        value: full[dimension],
        visitors: visitors.map(() => 0),
      };
      rows.set(key, { ...row, visitors: row.visitors.map((n, a) => n + visitors[a]!) });
    }
  }
  return [...rows.values()];
}

const totalsOf = (groups: readonly Group[]) =>
  groups.reduce(
    (sum, g) => sum.map((n, a) => n + g.visitors[a]!),
    groups[0]!.visitors.map(() => 0),
  );

const chrome = { browser: 'chrome', device: 'desktop', visitor: 'new', referrer: '(direct)' };
const chromeSearch = { ...chrome, visitor: 'returning', referrer: 'www.google.com' };
const safariPhone = {
  browser: 'safari',
  device: 'phone',
  visitor: 'new',
  referrer: 'www.google.com',
};
const safariMac = {
  browser: 'safari',
  device: 'desktop',
  visitor: 'returning',
  referrer: '(direct)',
};
const firefox = { browser: 'firefox', device: 'desktop', visitor: 'new', referrer: '(direct)' };
const TWO = ['the original', 'Variant 1'];

describe('explainSrm', () => {
  it('names the one browser on one device where a variant loses its visitors', () => {
    // Variant 1 fails in Safari on iPhones: 1,000 of the original's visitors, 300 of its own.
    const groups: Group[] = [
      { segment: chrome, visitors: [1500, 1500] },
      { segment: chromeSearch, visitors: [1500, 1500] },
      { segment: safariMac, visitors: [500, 500] },
      { segment: safariPhone, visitors: [1000, 300] },
    ];
    const exposures = totalsOf(groups);
    expect(sampleRatioMismatch({ exposures, expectedWeights: [1, 1] }).flagged).toBe(true);
    const explanation = explainSrm({
      labels: TWO,
      expectedShares: [0.5, 0.5],
      segments: countsOf(groups),
    })!;
    expect(explanation.explained).toBe(true);
    const [first, ...others] = explanation.segments;
    expect(first).toMatchObject({
      dimension: 'platform',
      value: 'safari/phone',
      label: 'Safari on phones',
      visitors: [1000, 300],
    });
    // 1,000 of 4,500 is 22%; 300 of 3,800 is 8%.
    expect(first!.shares[0]).toBeCloseTo(1000 / 4500, 12);
    expect(first!.shares[1]).toBeCloseTo(300 / 3800, 12);
    expect(first!.contribution).toBe(1);
    expect(explanation.summary).toBe(
      "Safari on phones made up 22% of the original's exposures but 8% of Variant 1's: " +
        'something in Variant 1 fails there. Without them the split is as expected.',
    );
    // Phones are the same visitors (named after the platform); then Safari on any device.
    expect(others.map((s) => s.label)).toEqual(['Phones', 'Safari']);
    expect(explanation.segments.length).toBeLessThanOrEqual(MAX_SRM_SEGMENTS);
  });

  it('compares the variant most unlike the original, and leaves an arm not tested out', () => {
    // Three variants; Variant 2 loses Firefox; Variant 3 was paused throughout (share 0).
    const groups: Group[] = [
      { segment: chrome, visitors: [2000, 2000, 2000, 0] },
      { segment: firefox, visitors: [800, 800, 200, 0] },
    ];
    const explanation = explainSrm({
      labels: ['the original', 'Variant 1', 'Variant 2', 'Variant 3'],
      expectedShares: [1, 1, 1, 0],
      segments: countsOf(groups),
    })!;
    expect(explanation.explained).toBe(true);
    expect(explanation.segments[0]!.label).toBe('Firefox on desktops');
    expect(explanation.segments[0]!.shares[3]).toBeNull();
    expect(explanation.summary).toMatch(
      /^Firefox on desktops made up 29% of the original's exposures but 9% of Variant 2's: something in Variant 2 fails there\./,
    );
  });

  it('says when a variant has more of a segment than the original', () => {
    const groups: Group[] = [
      { segment: chrome, visitors: [3000, 3000] },
      { segment: safariPhone, visitors: [300, 900] },
    ];
    const explanation = explainSrm({
      labels: TWO,
      expectedShares: [1, 1],
      segments: countsOf(groups),
    })!;
    expect(explanation.explained).toBe(true);
    expect(explanation.summary).toContain(
      "made up 9% of the original's exposures but 23% of Variant 1's: something in the original fails there, or Variant 1 counts them more than once",
    );
  });

  it('names no segment when the imbalance is spread evenly over all of them', () => {
    // Variant 1 loses 15% of every segment alike: each arm's exposures split the same way.
    const groups: Group[] = [
      { segment: chrome, visitors: [2000, 1700] },
      { segment: chromeSearch, visitors: [1000, 850] },
      { segment: safariPhone, visitors: [1000, 850] },
      { segment: firefox, visitors: [600, 510] },
    ];
    expect(
      sampleRatioMismatch({ exposures: totalsOf(groups), expectedWeights: [1, 1] }).flagged,
    ).toBe(true);
    const explanation = explainSrm({
      labels: TWO,
      expectedShares: [1, 1],
      segments: countsOf(groups),
    })!;
    expect(explanation.explained).toBe(false);
    expect(explanation.summary).toMatch(/^No single browser, device, visitor type or referrer/);
    // The largest contributors are still listed, at most three.
    expect(explanation.segments).toHaveLength(MAX_SRM_SEGMENTS);
    expect(explanation.segments[0]!.label).toBe('Desktops');
  });

  it('does not name the larger half when both halves are out of balance', () => {
    // Chrome loses 20% and Safari on phones loses 60%: removing either still leaves a mismatch.
    const groups: Group[] = [
      { segment: chrome, visitors: [3000, 2400] },
      { segment: safariPhone, visitors: [1000, 400] },
    ];
    const explanation = explainSrm({
      labels: TWO,
      expectedShares: [1, 1],
      segments: countsOf(groups),
    })!;
    expect(explanation.explained).toBe(false);
  });

  it('answers null without segment counts or an expected split', () => {
    expect(explainSrm({ labels: TWO, expectedShares: [1, 1], segments: [] })).toBeNull();
    expect(
      explainSrm({
        labels: TWO,
        expectedShares: [0, 0],
        segments: countsOf([{ segment: chrome, visitors: [10, 5] }]),
      }),
    ).toBeNull();
  });
});

describe('explainSrm, for any counts', () => {
  const dimensions = ['browser', 'device', 'visitor'] as const;
  const segmentsOf = (counts: number[][], factors: number[]): SegmentCounts[] =>
    counts.map((row, i) => ({
      dimension: dimensions[i % dimensions.length]!,
      value: `value-${i}`,
      visitors: factors.map((factor, a) => Math.round((row[a % row.length] ?? 0) * factor)),
    }));

  it('answers shares and contributions within 0..1 and names at most three segments', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 3, maxLength: 3 }), {
          minLength: 1,
          maxLength: 12,
        }),
        (counts) => {
          const explanation = explainSrm({
            labels: ['the original', 'Variant 1', 'Variant 2'],
            expectedShares: [1, 1, 1],
            segments: segmentsOf(counts, [1, 1, 1]),
          });
          if (!explanation) return;
          expect(explanation.segments.length).toBeLessThanOrEqual(MAX_SRM_SEGMENTS);
          for (const segment of explanation.segments) {
            expect(segment.contribution).toBeGreaterThanOrEqual(0);
            expect(segment.contribution).toBeLessThanOrEqual(1 + 1e-12);
            // Null only for an arm without visitors in the dimension.
            for (const share of segment.shares.filter((s) => s !== null)) {
              expect(share).toBeGreaterThanOrEqual(0);
              expect(share).toBeLessThanOrEqual(1);
            }
          }
        },
      ),
    );
  });

  it('never blames a segment when every segment lost the same part of an arm', () => {
    // One mix of segments for both arms, variant 1 scaled down alike in each: shares are equal.
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 200, max: 5000 }), { minLength: 2, maxLength: 8 }),
        fc.double({ min: 0.5, max: 0.95, noNaN: true }),
        (sizes, kept) => {
          const explanation = explainSrm({
            labels: TWO,
            expectedShares: [1, 1],
            segments: sizes.map((size, i) => ({
              dimension: 'browser',
              value: `b${i}`,
              visitors: [size * 20, Math.round(size * 20 * kept)],
            })),
          });
          expect(explanation?.explained).toBe(false);
        },
      ),
    );
  });
});
