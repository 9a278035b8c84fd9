import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pageKey, pageOrigin, samePage } from './tracker-config';

describe('the tracker page-matching rule', () => {
  it('matches the same origin and path, whatever the query, fragment or trailing slash', () => {
    const page = 'https://shop.example.com/landing';
    for (const seen of [
      'https://shop.example.com/landing',
      'https://shop.example.com/landing/',
      'https://shop.example.com/landing?utm_source=mail',
      'https://shop.example.com/landing#offer',
      'https://SHOP.example.com/landing/?a=1#b',
      'https://shop.example.com:443/landing',
    ]) {
      expect(samePage(page, seen), seen).toBe(true);
    }
  });

  it('tells apart another scheme, host, port or path', () => {
    const page = 'https://shop.example.com/landing';
    for (const seen of [
      'http://shop.example.com/landing',
      'https://www.shop.example.com/landing',
      'https://shop.example.com:8443/landing',
      'https://shop.example.com/Landing',
      'https://shop.example.com/landing/more',
      'https://shop.example.com/',
    ]) {
      expect(samePage(page, seen), seen).toBe(false);
    }
  });

  it('reads an address without a scheme as https and the bare origin as its root', () => {
    expect(samePage('shop.example.com/landing', 'https://shop.example.com/landing/')).toBe(true);
    expect(pageKey('https://shop.example.com')).toBe('https://shop.example.com/');
    expect(samePage('https://shop.example.com', 'https://shop.example.com/?q=1')).toBe(true);
  });

  it('matches nothing for an address that does not parse', () => {
    expect(pageKey('https://exa mple.com/')).toBeUndefined();
    expect(samePage('https://exa mple.com/', 'https://exa mple.com/')).toBe(false);
  });

  it('reads the origin of a page as the browser names it (property)', () => {
    expect(pageOrigin('shop.example.com/landing?x=1')).toBe('https://shop.example.com');
    expect(pageOrigin('https://SHOP.example.com:443/')).toBe('https://shop.example.com');
    expect(pageOrigin('http://localhost:3000/p/acme/launch')).toBe('http://localhost:3000');
    expect(pageOrigin('https://exa mple.com/')).toBeUndefined();
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const key = pageKey(url);
        return (
          key === undefined ||
          (pageOrigin(url) === new URL(url).origin && key.startsWith(`${pageOrigin(url)}/`))
        );
      }),
    );
  });
});
