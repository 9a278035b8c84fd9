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

describe('the page meta from the preview', () => {
  const meta = {
    title: 'Lamp',
    requestedUrl: 'https://shop.example.com/lamp',
    finalUrl: 'https://shop.example.com/lamp',
    stats: { htmlBytes: 10, elementCount: 3, loadMs: 40 },
  };
  const message = (value: unknown) => ({ channel: PREVIEW_CHANNEL, type: 'pageMeta', meta: value });

  it("passes the schema's fields on and nothing the page added", () => {
    expect(
      parseFromPreviewMessage(message({ ...meta, popupClicks: ['#x'], favicon: 'x' })),
    ).toEqual({ type: 'pageMeta', meta });
  });

  it('is refused when the schema refuses it', () => {
    expect(
      parseFromPreviewMessage(message({ ...meta, faviconUrl: 'javascript:x' })),
    ).toBeUndefined();
    expect(parseFromPreviewMessage(message({ title: 'no addresses' }))).toBeUndefined();
  });
});
