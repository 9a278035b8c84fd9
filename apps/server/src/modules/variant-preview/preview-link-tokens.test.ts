import { VARIANT_PREVIEW_SECONDS } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { createTicketService } from '../preview/preview-ticket';
import { createPreviewLinkTokens } from './preview-link-tokens';

const SECRET = 'x'.repeat(40);
const tokens = createPreviewLinkTokens(SECRET);
const target = { t: 3, c: 11, e: 21, v: 31 } as const;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

const reseal = (token: string, change: Record<string, unknown>) => {
  const [body = '', signature = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as object;
  return `${Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')}.${signature}`;
};

describe('variant preview link tokens', () => {
  it('open what they were issued for, until an hour has passed (positive control)', () => {
    const { token, expiresAt } = tokens.issue(target, NOW);
    expect(expiresAt).toBe(NOW + VARIANT_PREVIEW_SECONDS * 1000);
    expect(tokens.verify(token, NOW)).toEqual(target);
    expect(tokens.verify(token, expiresAt - 1000)).toEqual(target);
    expect(tokens.issue({ ...target, v: 'control' }, NOW).token).not.toBe(token);
    expect(tokens.verify(tokens.issue({ ...target, v: 'control' }, NOW).token, NOW)).toEqual({
      ...target,
      v: 'control',
    });
  });

  it('do not open once expired', () => {
    const { token, expiresAt } = tokens.issue(target, NOW);
    expect(tokens.verify(token, expiresAt)).toBeUndefined();
    expect(tokens.verify(token, expiresAt + 60_000)).toBeUndefined();
  });

  it('refuse forged claims: another variant, team or a later expiry under the old signature', () => {
    const { token } = tokens.issue(target, NOW);
    expect(tokens.verify(reseal(token, { v: 32 }), NOW)).toBeUndefined();
    expect(tokens.verify(reseal(token, { t: 4 }), NOW)).toBeUndefined();
    expect(tokens.verify(reseal(token, { x: 9_999_999_999 }), NOW)).toBeUndefined();
  });

  it('refuse another secret, other token kinds and garbage', () => {
    const { token } = tokens.issue(target, NOW);
    expect(createPreviewLinkTokens('y'.repeat(40)).verify(token, NOW)).toBeUndefined();
    // A preview ticket signed with the same auth secret is another purpose's key.
    const ticket = createTicketService(SECRET).issue('https://shop.example.com/', {
      userId: 1,
      sessionId: 's',
    });
    expect(tokens.verify(ticket, NOW)).toBeUndefined();
    for (const junk of ['', '.', 'abc', `${token}.extra`, token.replace('.', '')]) {
      expect(tokens.verify(junk, NOW)).toBeUndefined();
    }
  });
});
