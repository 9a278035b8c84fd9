import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile, normalSf } from './normal';

// Reference values: mpmath ncdf / √2·erfinv at 40 digits (the same as printed normal tables to
// their precision, e.g. Abramowitz & Stegun table 26.1, and scipy.stats.norm).
describe('normalCdf', () => {
  it('matches reference values', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1)).toBeCloseTo(0.8413447460685429, 15);
    expect(normalCdf(0.5)).toBeCloseTo(0.6914624612740131, 15);
    expect(normalCdf(-1.959963984540054)).toBeCloseTo(0.025, 15);
  });

  it('keeps relative precision far in the tails', () => {
    const relative = (got: number, want: number) => Math.abs(got / want - 1);
    expect(relative(normalCdf(-5), 2.866515718791939e-7)).toBeLessThan(1e-13);
    expect(relative(normalCdf(-10), 7.619853024160525e-24)).toBeLessThan(1e-13);
    expect(relative(normalCdf(-30), 4.906713927148187e-198)).toBeLessThan(1e-12);
    expect(relative(normalSf(10), 7.619853024160525e-24)).toBeLessThan(1e-13);
  });

  it('is symmetric and monotone', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -40, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (z, step) => {
          expect(normalCdf(z) + normalCdf(-z)).toBeCloseTo(1, 15);
          expect(normalCdf(z + step)).toBeGreaterThanOrEqual(normalCdf(z));
        },
      ),
    );
  });
});

describe('normalQuantile', () => {
  it('matches reference values', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.9599639845400543, 14);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729142, 14);
    expect(normalQuantile(0.9)).toBeCloseTo(1.2815515655446006, 14);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 15);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404057, 12);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(() => normalQuantile(1.5)).toThrow(RangeError);
  });

  it('inverts normalCdf', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1, maxExcluded: true, noNaN: true }), (p) => {
        const z = normalQuantile(p);
        const back = p > 0.5 ? 1 - normalSf(z) : normalCdf(z);
        expect(Math.abs(back / p - 1)).toBeLessThan(1e-12);
      }),
    );
  });
});
