import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evenServedShares, HOUR_MS, phaseWeightedShares } from './served-phases';
import { sampleRatioMismatch } from './srm';

const T0 = Date.UTC(2026, 3, 1);
const at = (hours: number) => T0 + hours * HOUR_MS;
const A = 11;
const B = 12;
const ARMS = [0, A, B];
const all = { 0: 1, [A]: 1, [B]: 1 };
const bPaused = { 0: 1, [A]: 1 };

describe('phaseWeightedShares', () => {
  it('answers null without phases, and a lone phase’s shares whatever the traffic', () => {
    expect(phaseWeightedShares({ arms: ARMS, phases: [], hours: [] })).toBeNull();
    const shares = phaseWeightedShares({
      arms: ARMS,
      phases: [{ start: at(0), shares: { 0: 2, [A]: 1, [B]: 1 } }],
      hours: [{ start: at(5), visitors: 40 }],
    });
    expect(shares).toEqual([0.5, 0.25, 0.25]);
  });

  it('weights each phase by its visitors: B paused halfway expects 2:2:1, and sees no SRM there', () => {
    // 900 visitors while all three arms were served, 600 after B was paused.
    const shares = phaseWeightedShares({
      arms: ARMS,
      phases: [
        { start: at(0), shares: all },
        { start: at(10), shares: bPaused },
      ],
      hours: [
        { start: at(2), visitors: 500 },
        { start: at(6), visitors: 400 },
        { start: at(12), visitors: 600 },
      ],
    })!;
    expect(shares[0]).toBeCloseTo(0.4, 12);
    expect(shares[1]).toBeCloseTo(0.4, 12);
    expect(shares[2]).toBeCloseTo(0.2, 12);
    const exposures = [600, 600, 300];
    expect(sampleRatioMismatch({ exposures, expectedWeights: shares }).flagged).toBe(false);
    // The even split the test used before phases flags the same traffic (p < 1e-20).
    const even = sampleRatioMismatch({ exposures, expectedWeights: [1, 1, 1] });
    expect(even.flagged).toBe(true);
    expect(even.pValue).toBeLessThan(1e-20);
  });

  it('still flags a real imbalance under phases: the original 50%, variant A 40%', () => {
    const shares = phaseWeightedShares({
      arms: ARMS,
      phases: [
        { start: at(0), shares: all },
        { start: at(10), shares: bPaused },
      ],
      hours: [
        { start: at(2), visitors: 3000 },
        { start: at(12), visitors: 2000 },
      ],
    })!;
    // Expected 2,000 / 2,000 / 1,000; seen 2,500 / 2,000 / 500 (50% / 40% / 10%).
    const srm = sampleRatioMismatch({ exposures: [2500, 2000, 500], expectedWeights: shares });
    expect(srm.flagged).toBe(true);
    // χ² = 500²/2000 + 0 + 500²/1000 = 375.
    expect(srm.statistic).toBeCloseTo(375, 9);
  });

  it('splits the hour a phase began in by the time each phase held of it', () => {
    // B paused 15 minutes into hour 3: a quarter of its 400 visitors drawn three ways.
    const shares = phaseWeightedShares({
      arms: ARMS,
      phases: [
        { start: at(0), shares: all },
        { start: at(3.25), shares: bPaused },
      ],
      hours: [{ start: at(3), visitors: 400 }],
    })!;
    const expected = [100 / 3 + 150, 100 / 3 + 150, 100 / 3].map((n) => n / 400);
    shares.forEach((share, i) => expect(share).toBeCloseTo(expected[i]!, 12));
  });

  it('gives a campaign switched off no visitors: the hour goes to the phase that served', () => {
    const shares = phaseWeightedShares({
      arms: ARMS,
      phases: [
        { start: at(0), shares: bPaused },
        { start: at(4.5), shares: {} },
        { start: at(20), shares: all },
      ],
      hours: [
        { start: at(4), visitors: 100 },
        { start: at(21), visitors: 300 },
      ],
    })!;
    // Hour 4's 100 all came while A and the original were served (the off phase took none).
    expect(shares[0]).toBeCloseTo((50 + 100) / 400, 12);
    expect(shares[2]).toBeCloseTo(100 / 400, 12);
  });

  it('takes each phase’s shares over the arms tested (a deleted variant is not counted)', () => {
    const shares = phaseWeightedShares({
      arms: [0, A],
      phases: [
        { start: at(0), shares: { 0: 1, [A]: 1, 99: 1 } },
        { start: at(5), shares: { 0: 1, [A]: 1 } },
      ],
      hours: [
        { start: at(1), visitors: 200 },
        { start: at(6), visitors: 200 },
      ],
    });
    expect(shares).toEqual([0.5, 0.5]);
  });

  it('follows the first phase before it, and answers null when no phase served the arms', () => {
    const shares = phaseWeightedShares({
      arms: ARMS,
      phases: [{ start: at(10), shares: bPaused }],
      hours: [{ start: at(1), visitors: 100 }],
    });
    expect(shares).toEqual([0.5, 0.5, 0]);
    expect(
      phaseWeightedShares({ arms: ARMS, phases: [{ start: at(0), shares: {} }], hours: [] }),
    ).toBeNull();
  });

  it('answers shares that sum to 1, each within the range of the phases’ own', () => {
    const phase = fc.record({
      start: fc.integer({ min: 0, max: 48 }).map(at),
      shares: fc.record({
        0: fc.integer({ min: 0, max: 5 }),
        [A]: fc.integer({ min: 0, max: 5 }),
        [B]: fc.integer({ min: 0, max: 5 }),
      }),
    });
    const hour = fc.record({
      start: fc.integer({ min: 0, max: 60 }).map(at),
      visitors: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(phase, { minLength: 1, maxLength: 6 }), fc.array(hour), (ps, hs) => {
        const shares = phaseWeightedShares({ arms: ARMS, phases: ps, hours: hs });
        const normalised = ps.flatMap(({ shares: own }: { shares: Record<number, number> }) => {
          const total = ARMS.reduce((sum, arm) => sum + (own[arm] ?? 0), 0);
          return total > 0 ? [ARMS.map((arm) => (own[arm] ?? 0) / total)] : [];
        });
        if (normalised.length === 0) {
          // A property's return value is its verdict: assert, then return nothing.
          expect(shares).toBeNull();
          return;
        }
        expect(shares!.reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 9);
        shares!.forEach((share, a) => {
          const own = normalised.map((row) => row[a]!);
          expect(share).toBeGreaterThanOrEqual(Math.min(...own) - 1e-9);
          expect(share).toBeLessThanOrEqual(Math.max(...own) + 1e-9);
        });
      }),
    );
  });
});

describe('evenServedShares', () => {
  it('serves the original and each enabled variant alike, nothing when off', () => {
    const variants = [
      { id: A, isEnabled: true },
      { id: B, isEnabled: false },
    ];
    expect(evenServedShares({ campaignEnabled: true, variants })).toEqual({ 0: 0.5, [A]: 0.5 });
    expect(evenServedShares({ campaignEnabled: false, variants })).toEqual({});
  });
});
