import { describe, it, expect } from 'vitest';
import { userInitials } from './user';

describe('userInitials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace byron', 'AL'],
    ['  grace   hopper ', 'GH'],
    ['Cher', 'C'],
    ['émile zola', 'ÉZ'],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (name, initials) => {
    expect(userInitials(name)).toBe(initials);
  });

  it('handles missing names', () => {
    expect(userInitials(null)).toBe('');
    expect(userInitials(undefined)).toBe('');
  });
});
