import { describe, expect, it } from 'vitest';
import { sampleSizeText } from './sample-size-text';

describe('sample size in words', () => {
  it('says how many more days the current traffic needs', () => {
    expect(sampleSizeText({ requiredPerArm: 1_250, exposedPerArm: 300, daysRemaining: 4.2 })).toBe(
      'About 5 more days at the current traffic: the difference seen so far needs 1,250 visitors per arm, the smallest arm has 300.',
    );
    expect(sampleSizeText({ requiredPerArm: 400, exposedPerArm: 390, daysRemaining: 0.3 })).toMatch(
      /^About 1 more day /,
    );
  });

  it('says when the arms already have enough', () => {
    expect(sampleSizeText({ requiredPerArm: 200, exposedPerArm: 300, daysRemaining: 0 })).toBe(
      'Each arm has the 200 visitors per arm needed to confirm the difference seen so far.',
    );
  });

  it('says nothing it cannot estimate', () => {
    expect(sampleSizeText(null)).toBeNull();
    expect(
      sampleSizeText({ requiredPerArm: null, exposedPerArm: 10, daysRemaining: null }),
    ).toBeNull();
    expect(
      sampleSizeText({ requiredPerArm: 100, exposedPerArm: 0, daysRemaining: null }),
    ).toBeNull();
  });
});
