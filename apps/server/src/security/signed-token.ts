import { createHmac, timingSafeEqual } from 'node:crypto';

// Short-lived credentials that travel in addresses (the preview ticket, variant preview links):
// a base64url JSON body and its HMAC-SHA256, with a key derived per purpose from the auth
// secret, so a token made for one purpose never opens another.

export interface SignedTokens {
  /** `{body}.{signature}`, both base64url. */
  seal(payload: unknown): string;
  /** The payload of a token this key signed, else undefined (never throws; unchecked shape). */
  open(token: string): unknown;
}

export function signedTokens(secret: string, purpose: string): SignedTokens {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    seal(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    open(token) {
      const [body = '', signature = '', ...rest] = token.split('.');
      if (rest.length) return undefined;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}
