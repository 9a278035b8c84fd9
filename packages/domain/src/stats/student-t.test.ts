import { describe, expect, it } from 'vitest';
import { regularizedIncompleteBeta, studentTCritical, studentTTwoSided } from './student-t';

// Reference values from R 4.x: pbeta, pt and qt.
describe("Student's t", () => {
  it('matches R pbeta for the incomplete beta on both sides of the mean', () => {
    expect(regularizedIncompleteBeta(0.3, 2, 5)).toBeCloseTo(0.579825, 6); // pbeta(0.3, 2, 5)
    expect(regularizedIncompleteBeta(0.9, 2, 5)).toBeCloseTo(0.999945, 6); // pbeta(0.9, 2, 5)
    expect(regularizedIncompleteBeta(0.5, 0.5, 0.5)).toBeCloseTo(0.5, 12);
  });

  it('matches R pt for whole and fractional degrees of freedom', () => {
    expect(studentTTwoSided(2, 5)).toBeCloseTo(2 * (1 - 0.9490303), 6); // pt(2, 5), 7 digits
    expect(studentTTwoSided(-1.860813, 17.77647)).toBeCloseTo(0.07939414, 6); // t, df rounded
    expect(studentTTwoSided(0, 3)).toBe(1);
    expect(studentTTwoSided(Infinity, 3)).toBe(0);
  });

  it('matches R qt, and inverts its own tail', () => {
    expect(studentTCritical(0.05, 10)).toBeCloseTo(2.228139, 6); // qt(0.975, 10)
    expect(studentTCritical(0.05, 1)).toBeCloseTo(12.7062, 4); // qt(0.975, 1)
    expect(studentTCritical(0.01, 1e6)).toBeCloseTo(2.575831, 5); // near the normal's
    for (const [alpha, df] of [
      [0.05, 3.5],
      [0.001, 40],
      [0.3, 2],
    ] as const) {
      expect(studentTTwoSided(studentTCritical(alpha, df), df)).toBeCloseTo(alpha, 10);
    }
  });

  it('refuses arguments outside the distribution', () => {
    expect(() => studentTTwoSided(1, 0)).toThrow(RangeError);
    expect(() => studentTCritical(0, 5)).toThrow(RangeError);
    expect(() => regularizedIncompleteBeta(1.5, 1, 1)).toThrow(RangeError);
  });
});
