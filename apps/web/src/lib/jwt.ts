/** Reads the `exp` claim (seconds) of a JWT without verifying it; undefined when unreadable. */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    if (typeof claims === 'object' && claims !== null && 'exp' in claims) {
      const exp = claims.exp;
      return typeof exp === 'number' ? exp : undefined;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** Refresh slightly early so a token does not expire in flight. */
const EXPIRY_SKEW_MS = 30_000;

export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const exp = jwtExpiry(token);
  if (exp === undefined) return true;
  return exp * 1000 - EXPIRY_SKEW_MS <= nowMs;
}
