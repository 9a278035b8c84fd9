import { describe, expect, it } from 'vitest';
import { isTokenExpired, jwtExpiry } from './jwt';

function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

describe('jwtExpiry', () => {
  it('reads exp from a base64url payload', () => {
    expect(jwtExpiry(fakeJwt({ exp: 1_700_000_000, name: 'Zoë ✓' }))).toBe(1_700_000_000);
  });

  it('is undefined for malformed tokens', () => {
    expect(jwtExpiry('nope')).toBeUndefined();
    expect(jwtExpiry('a.!!!.c')).toBeUndefined();
    expect(jwtExpiry(fakeJwt({ exp: 'soon' }))).toBeUndefined();
  });
});

describe('isTokenExpired', () => {
  const now = 1_700_000_000_000;

  it('treats tokens that expire within 30 s as expired', () => {
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 + 3600 }), now)).toBe(false);
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 + 10 }), now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 - 1 }), now)).toBe(true);
  });

  it('treats unreadable tokens as expired', () => {
    expect(isTokenExpired('garbage', now)).toBe(true);
  });
});
