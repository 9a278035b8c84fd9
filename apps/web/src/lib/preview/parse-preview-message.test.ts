import { emptyDomStats } from '@kindling/domain';
import { PREVIEW_CHANNEL } from '@kindling/page-runtime';
import { describe, expect, it } from 'vitest';
import { parseFromPreviewMessage } from './parse-preview-message';

const pick = (fingerprint?: unknown) => ({
  channel: PREVIEW_CHANNEL,
  type: 'pick',
  element: {
    selector: 'nav a[href="/signup"]',
    ...(fingerprint === undefined ? {} : { fingerprint }),
    type: 'text',
    tagName: 'a',
    clickable: true,
    text: 'Sign up',
    html: 'Sign up',
    dimensions: { width: 80, height: 32 },
    domStats: emptyDomStats(),
  },
});

describe('a pick from the preview', () => {
  it('carries the fingerprint of the element (or none, from an older agent)', () => {
    const fingerprint = { tag: 'a', text: 'Sign up', attrs: { href: '/signup' }, landmark: 'nav' };
    expect(parseFromPreviewMessage(pick(fingerprint))).toMatchObject({ element: { fingerprint } });
    expect(parseFromPreviewMessage(pick())).toBeDefined();
  });

  it('is refused with a fingerprint the schema refuses (the frame runs untrusted code)', () => {
    expect(parseFromPreviewMessage(pick({ tag: 'a', text: 'x'.repeat(500) }))).toBeUndefined();
    expect(parseFromPreviewMessage(pick({ tag: 'a', landmark: 'body' }))).toBeUndefined();
  });
});
