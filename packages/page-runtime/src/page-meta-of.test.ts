// @vitest-environment happy-dom
import { PAGE_META_LIMITS, pageMetaSchema } from '@kindling/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { clipText, pageMetaOf } from './page-meta-of';

const facts = {
  requestedUrl: 'https://shop.example.com/lamp',
  finalUrl: 'https://shop.example.com/lamps/lumen',
  htmlBytes: 4321,
};

function page(head: string, body = '<h1>Lamp</h1>', lang = 'en-GB') {
  document.documentElement.lang = lang;
  document.head.innerHTML = `<base href="${facts.finalUrl}">${head}`;
  document.body.innerHTML = body;
}

const read = (ownElements = 1) => pageMetaOf({ doc: document, facts, loadMs: 812.6, ownElements });

describe('pageMetaOf', () => {
  beforeEach(() => page(''));

  it('reads title, description, canonical, icon and language, with the proxy facts', () => {
    page(
      `<title> Lumen  Desk Lamp </title>
       <meta name="Description" content="Warm light">
       <link rel="canonical" href="/lamps/lumen?ref=x">
       <link rel="icon" type="image/svg+xml" href="/icon.svg">
       <link rel="shortcut icon" href="icons/lamp.png">`,
    );
    const meta = read();
    expect(meta).toEqual({
      requestedUrl: facts.requestedUrl,
      finalUrl: facts.finalUrl,
      title: 'Lumen Desk Lamp',
      description: 'Warm light',
      canonicalUrl: 'https://shop.example.com/lamps/lumen?ref=x',
      // The SVG icon is passed over; relative addresses resolve against the page's.
      faviconUrl: 'https://shop.example.com/lamps/icons/lamp.png',
      lang: 'en-GB',
      // html, head, title, meta, link x3, body, h1 (the <base> is the proxy's)
      stats: { htmlBytes: 4321, elementCount: 9, loadMs: 813 },
    });
    expect(pageMetaSchema.parse(meta)).toEqual(meta);
  });

  it('falls back to /favicon.ico and leaves out what the page does not say', () => {
    page('', '<p>x</p>', '');
    const meta = read();
    expect(meta.faviconUrl).toBe('https://shop.example.com/favicon.ico');
    expect(Object.keys(meta).sort()).toEqual(
      ['faviconUrl', 'finalUrl', 'requestedUrl', 'stats'].sort(),
    );
  });

  it('clips long or hostile text so the schema always takes it', () => {
    const long = `${'é'.repeat(PAGE_META_LIMITS.title - 1)}😀😀`;
    page(
      `<title>${long}</title><meta name="description" content="a\u0000b\u0007c">
       <link rel="canonical" href="javascript:alert(1)">`,
      '',
      'x'.repeat(100),
    );
    const meta = read();
    expect(meta.title!.length).toBeLessThanOrEqual(PAGE_META_LIMITS.title);
    expect(meta.title!.endsWith('\ud83d')).toBe(false);
    expect(meta.description).toBe('a b c');
    expect(meta.canonicalUrl).toBeUndefined();
    expect(meta.lang!.length).toBe(PAGE_META_LIMITS.lang);
    expect(pageMetaSchema.safeParse(meta).success).toBe(true);
  });
});

describe('clipText', () => {
  it('is one trimmed line, undefined when empty', () => {
    expect(clipText('  a \n\t b  ', 10)).toBe('a b');
    expect(clipText('   ', 10)).toBeUndefined();
    expect(clipText(undefined, 10)).toBeUndefined();
    expect(clipText('abcdef', 3)).toBe('abc');
  });
});
