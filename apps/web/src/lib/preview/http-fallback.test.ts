import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpFallbackOf, shownAddress } from './http-fallback';
import type { PageCheck } from './page-check';

const refused: PageCheck = { kind: 'unreachable', message: 'The page could not be reached' };

describe('httpFallbackOf', () => {
  it('offers http for an https page whose connection failed', () => {
    expect(httpFallbackOf('https://shop.example.com/pricing?a=1', refused)).toBe(
      'http://shop.example.com/pricing?a=1',
    );
    const slow: PageCheck = { kind: 'unreachable', message: 'The page took too long to answer' };
    expect(httpFallbackOf('https://shop.example.com', slow)).toBe('http://shop.example.com/');
    // The proxy's error page said nothing readable: still worth a try.
    expect(
      httpFallbackOf('https://shop.example.com/', { kind: 'unreachable', message: undefined }),
    ).toBe('http://shop.example.com/');
  });

  it('keeps a port that was written', () => {
    expect(httpFallbackOf('https://fixtures.localhost:4173/a.html', refused)).toBe(
      'http://fixtures.localhost:4173/a.html',
    );
  });

  it('says nothing while the page loads, once it answered, or when it answered an error', () => {
    const url = 'https://shop.example.com/';
    expect(httpFallbackOf(url, { kind: 'pending' })).toBeUndefined();
    expect(httpFallbackOf(url, { kind: 'ok' })).toBeUndefined();
    const notFound: PageCheck = { kind: 'warning', httpStatus: { code: 404, text: 'Not Found' } };
    expect(httpFallbackOf(url, notFound)).toBeUndefined();
  });

  it('says nothing for an http page, or when the address itself was refused', () => {
    expect(httpFallbackOf('http://shop.example.com/', refused)).toBeUndefined();
    for (const message of ['This address is not valid', 'Too many redirects']) {
      expect(
        httpFallbackOf('https://shop.example.com/', { kind: 'unreachable', message }),
      ).toBeUndefined();
    }
    expect(httpFallbackOf('not a url', refused)).toBeUndefined();
  });

  it('changes only the scheme of any https address', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https'], withQueryParameters: true }), (url) => {
        const fallback = httpFallbackOf(url, refused);
        expect(fallback).toBeDefined();
        const [before, after] = [new URL(url), new URL(fallback ?? '')];
        expect(after.protocol).toBe('http:');
        expect(after.href.slice('http'.length)).toBe(before.href.slice('https'.length));
      }),
    );
  });
});

describe('shownAddress', () => {
  it('names the address as people write it', () => {
    expect(shownAddress('http://shop.example.com/')).toBe('http://shop.example.com');
    expect(shownAddress('http://shop.example.com:8080/sale?x=1')).toBe(
      'http://shop.example.com:8080/sale?x=1',
    );
  });
});
