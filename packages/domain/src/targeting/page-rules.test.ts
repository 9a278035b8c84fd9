import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageKey, samePage } from '../tracker-config';
import { matchesPage, matchesPageRule, normalisedRuleAddress, type PageRule } from './page-rules';

const only = (rule: PageRule) => ({ include: [rule], exclude: [] });
const urls = fc.webUrl({ withQueryParameters: true, withFragments: true });

describe('page rules (properties)', () => {
  it('exact is samePage', () => {
    fc.assert(
      fc.property(urls, urls, (rule, page) => {
        const both = pageKey(rule) !== undefined && pageKey(page) !== undefined;
        expect(matchesPage(only({ kind: 'exact', value: rule }), page)).toBe(
          both && samePage(rule, page),
        );
        expect(matchesPage(only({ kind: 'exact', value: page }), page)).toBe(
          pageKey(page) !== undefined,
        );
      }),
    );
  });

  it('a page starts with its origin and with itself, and a wildcard path takes it in', () => {
    fc.assert(
      fc.property(urls, (page) => {
        fc.pre(pageKey(page) !== undefined);
        const origin = normalisedRuleAddress(page)!.replace(/^(https?:\/\/[^/]+).*$/, '$1');
        expect(matchesPageRule({ kind: 'startsWith', value: origin }, page)).toBe(true);
        expect(matchesPageRule({ kind: 'startsWith', value: page.split('#')[0]! }, page)).toBe(
          true,
        );
        expect(matchesPageRule({ kind: 'wildcard', value: `${origin}/*` }, page)).toBe(true);
        // With a `?` of its own, a wildcard needs a query.
        expect(matchesPageRule({ kind: 'wildcard', value: `${origin}/*?*` }, page)).toBe(
          new URL(page).search !== '',
        );
      }),
    );
  });

  it('an exclusion always wins', () => {
    const kinds = fc.constantFrom('exact', 'startsWith', 'wildcard') satisfies fc.Arbitrary<
      PageRule['kind']
    >;
    fc.assert(
      fc.property(urls, urls, kinds, (value, page, kind) => {
        const rule = { kind, value };
        expect(matchesPage({ include: [rule], exclude: [rule] }, page)).toBe(false);
        expect(matchesPage(only(rule), page)).toBe(matchesPageRule(rule, page));
      }),
    );
  });

  it('matches wildcards in time linear in the address for everyday patterns', () => {
    const long = `https://shop.example/${'a/'.repeat(5000)}b`;
    expect(matchesPageRule({ kind: 'wildcard', value: 'https://shop.example/*/*/*/c' }, long)).toBe(
      false,
    );
    expect(matchesPageRule({ kind: 'wildcard', value: 'https://shop.example/*b' }, long)).toBe(
      true,
    );
  });

  it('reads a rule’s address as the URL parser does, keeping its own trailing slash', () => {
    expect(normalisedRuleAddress('SHOP.example:443/Products/?q=1#x')).toBe(
      'https://shop.example/Products/?q=1',
    );
    expect(normalisedRuleAddress('https://exa mple.com')).toBeUndefined();
  });
});
