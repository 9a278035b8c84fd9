import { describe, expect, it } from 'vitest';
import { parseToPreviewMessage, PREVIEW_CHANNEL } from './protocol';

const fingerprintMessage = (fingerprint: unknown) => ({
  channel: PREVIEW_CHANNEL,
  type: 'fingerprint',
  selector: 'nav a[href="/signup"]',
  fingerprint,
});

describe('the fingerprint message', () => {
  it('takes a fingerprint as the editor stores it', () => {
    const fingerprint = {
      tag: 'a',
      text: 'Sign up',
      attrs: { href: '/signup' },
      classes: ['btn'],
      landmark: 'nav',
      path: ['nav', 'header', 'body'],
      index: 2,
    };
    expect(parseToPreviewMessage(fingerprintMessage(fingerprint))).toMatchObject({ fingerprint });
    expect(parseToPreviewMessage(fingerprintMessage({ tag: 'h1' }))).toBeDefined();
  });

  it.each([
    ['no tag', { text: 'x' }],
    ['a tag that is not one', { tag: 'a,b' }],
    ['an unknown landmark', { tag: 'a', landmark: 'body' }],
    ['attributes that are not text', { tag: 'a', attrs: { href: 1 } }],
    ['a negative index', { tag: 'a', index: -1 }],
  ])('refuses %s', (_name, fingerprint) => {
    expect(parseToPreviewMessage(fingerprintMessage(fingerprint))).toBeUndefined();
  });
});
