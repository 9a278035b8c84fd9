import { describe, expect, it } from 'vitest';
import { daysLeft } from './days-left';

describe('daysLeft', () => {
  const now = Date.UTC(2025, 0, 1);
  it('rounds partial days up and never goes negative', () => {
    expect(daysLeft(now / 1000 + 86_400 * 3, now)).toBe(3);
    expect(daysLeft(now / 1000 + 60, now)).toBe(1);
    expect(daysLeft(now / 1000 - 60, now)).toBe(0);
    expect(daysLeft(null, now)).toBe(0);
  });
});
