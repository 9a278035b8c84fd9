import { describe, expect, it } from 'vitest';
import { sampleSizeText } from './sample-size-text';

describe('the plan in words', () => {
  it('says the planned sample, the smallest arm and the days left at the current traffic', () => {
    expect(
      sampleSizeText({ requiredPerArm: 1_250, exposedPerArm: 300, daysRemaining: 4.2 }, 0.1),
    ).toBe(
      'Planned: 1,250 visitors per arm to detect a 10% change; the smallest arm has 300 (about 5 more days at the current traffic).',
    );
    expect(
      sampleSizeText({ requiredPerArm: 400, exposedPerArm: 390, daysRemaining: 0.3 }, 0.5),
    ).toMatch(/ to detect a 50% change; .* \(about 1 more day at the current traffic\)\.$/);
  });

  it('says when every arm has reached the plan', () => {
    expect(sampleSizeText({ requiredPerArm: 200, exposedPerArm: 300, daysRemaining: 0 }, 0.1)).toBe(
      'Planned: 200 visitors per arm to detect a 10% change. Every arm has reached it.',
    );
  });

  it('leaves out what it cannot estimate', () => {
    expect(
      sampleSizeText({ requiredPerArm: 100, exposedPerArm: 0, daysRemaining: null }, 0.1),
    ).toBe('Planned: 100 visitors per arm to detect a 10% change; the smallest arm has 0.');
    expect(sampleSizeText(null, 0.1)).toBeNull();
    expect(
      sampleSizeText({ requiredPerArm: null, exposedPerArm: 10, daysRemaining: null }, 0.1),
    ).toBeNull();
  });
});
