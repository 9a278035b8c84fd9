import { describe, expect, it } from 'vitest';
import { leadElementId } from './campaign-counts';

describe('leadElementId', () => {
  it('takes the element with the most views, the first one on a tie', () => {
    expect(
      leadElementId([
        [4, 10],
        [2, 30],
        [9, 30],
      ]),
    ).toBe(2);
  });

  it('answers null before any view', () => {
    expect(leadElementId([])).toBeNull();
    expect(leadElementId([[1, 0]])).toBeNull();
  });
});
