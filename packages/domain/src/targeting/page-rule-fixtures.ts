import type { PageRule, PageRules } from './page-rules';

// Page-rule rows of the shared targeting table (targeting-fixtures.ts).

export interface PageRuleFixture {
  name: string;
  rules: PageRules;
  input: string;
  expected: boolean;
}

const SHOP = 'https://shop.example';
const only = (rule: PageRule): PageRules => ({ include: [rule], exclude: [] });
const exact = (value: string, query?: PageRule['query']) =>
  only({ kind: 'exact', value, ...(query && { query }) });
const startsWith = (value: string) => only({ kind: 'startsWith', value });
const wildcard = (value: string) => only({ kind: 'wildcard', value });
const regex = (value: string) => only({ kind: 'regex', value });
const row = (name: string, rules: PageRules, input: string, expected: boolean) => ({
  name,
  rules,
  input,
  expected,
});

const PRODUCTS_BUT_GIFT_CARD: PageRules = {
  include: [{ kind: 'wildcard', value: `${SHOP}/products/*` }],
  exclude: [{ kind: 'exact', value: `${SHOP}/products/gift-card` }],
};
const SITE_BUT_PREVIEWS: PageRules = {
  include: [{ kind: 'startsWith', value: SHOP }],
  exclude: [{ kind: 'startsWith', value: SHOP, query: { name: 'preview' } }],
};

export const PAGE_RULE_FIXTURES: readonly PageRuleFixture[] = [
  row('exact: the same address', exact(`${SHOP}/pricing`), `${SHOP}/pricing`, true),
  row('exact: one trailing slash is ignored', exact(`${SHOP}/pricing`), `${SHOP}/pricing/`, true),
  row(
    'exact: the query is ignored',
    exact(`${SHOP}/pricing`),
    `${SHOP}/pricing?utm_source=x`,
    true,
  ),
  row('exact: the fragment is ignored', exact(`${SHOP}/pricing`), `${SHOP}/pricing#plans`, true),
  row(
    'exact: the host ignores case',
    exact(`${SHOP}/pricing`),
    'https://SHOP.Example/pricing',
    true,
  ),
  row('exact: the path does not', exact(`${SHOP}/pricing`), `${SHOP}/Pricing`, false),
  row('exact: the default port is the same page', exact(`${SHOP}/a`), `${SHOP}:443/a`, true),
  row('exact: another port is not', exact(`${SHOP}/a`), `${SHOP}:8443/a`, false),
  row('exact: http is not https', exact(`${SHOP}/a`), 'http://shop.example/a', false),
  row('exact: a rule without a scheme is https', exact('shop.example/a'), `${SHOP}/a`, true),
  row('exact: unicode path', exact(`${SHOP}/café`), `${SHOP}/caf%C3%A9`, true),
  row(
    'exact: a longer path is another page',
    exact(`${SHOP}/pricing`),
    `${SHOP}/pricing-old`,
    false,
  ),
  row('exact: the bare host is its root page', exact(SHOP), `${SHOP}/`, true),
  row(
    'startsWith: a page in the folder',
    startsWith(`${SHOP}/products/`),
    `${SHOP}/products/shoe`,
    true,
  ),
  row(
    'startsWith: not a folder with a longer name',
    startsWith(`${SHOP}/products/`),
    `${SHOP}/products-old`,
    false,
  ),
  row(
    'startsWith: the folder itself, without its slash',
    startsWith(`${SHOP}/products/`),
    `${SHOP}/products`,
    true,
  ),
  row(
    'startsWith: the query counts',
    startsWith(`${SHOP}/search?q=`),
    `${SHOP}/search?q=shoes`,
    true,
  ),
  row(
    'startsWith: in the order written',
    startsWith(`${SHOP}/search?q=`),
    `${SHOP}/search?page=2&q=shoes`,
    false,
  ),
  row(
    'startsWith: the rule’s host ignores case',
    startsWith('https://SHOP.EXAMPLE/blog'),
    `${SHOP}/blog/post`,
    true,
  ),
  row(
    'startsWith: a host is whole',
    startsWith(`${SHOP}/`),
    'https://shop.example.evil.test/',
    false,
  ),
  row('startsWith: another port', startsWith(SHOP), 'https://shop.example:8080/', false),
  row('wildcard: a product page', wildcard(`${SHOP}/products/*`), `${SHOP}/products/shoe`, true),
  row(
    'wildcard: the query is ignored',
    wildcard(`${SHOP}/products/*`),
    `${SHOP}/products/shoe?utm_source=ad`,
    true,
  ),
  row('wildcard: * may be empty', wildcard(`${SHOP}/products/*`), `${SHOP}/products/`, true),
  row(
    'wildcard: the folder without its slash',
    wildcard(`${SHOP}/products/*`),
    `${SHOP}/products`,
    true,
  ),
  row(
    'wildcard: not another folder',
    wildcard(`${SHOP}/products/*`),
    `${SHOP}/productsale/x`,
    false,
  ),
  row('wildcard: in the middle', wildcard(`${SHOP}/*/reviews`), `${SHOP}/shoe/reviews/`, true),
  row(
    'wildcard: a subdomain',
    wildcard('https://*.shop.example/*'),
    'https://eu.shop.example/cart',
    true,
  ),
  row(
    'wildcard: a subdomain pattern skips the bare host',
    wildcard('https://*.shop.example/*'),
    `${SHOP}/cart`,
    false,
  ),
  row(
    'wildcard: with a query of its own',
    wildcard(`${SHOP}/search?q=*`),
    `${SHOP}/search?q=red`,
    true,
  ),
  row(
    'wildcard: whose query must be there',
    wildcard(`${SHOP}/search?q=*`),
    `${SHOP}/search?page=1`,
    false,
  ),
  row('wildcard: unicode path', wildcard(`${SHOP}/café/*`), `${SHOP}/caf%C3%A9/menu`, true),
  row('wildcard: the port counts', wildcard('https://shop.example:8443/*'), `${SHOP}/x`, false),
  row(
    'regex: a product number',
    regex('^https://shop\\.example/products/\\d+$'),
    `${SHOP}/products/42`,
    true,
  ),
  row(
    'regex: sees the trailing slash',
    regex('^https://shop\\.example/products/\\d+$'),
    `${SHOP}/products/42/`,
    false,
  ),
  row('regex: sees the query', regex('[?&]plan=pro(&|$)'), `${SHOP}/?x=1&plan=pro`, true),
  row('regex: sees the fragment', regex('#checkout$'), `${SHOP}/#checkout`, true),
  row(
    'regex: sees the host in lower case',
    regex('^https://shop\\.example/'),
    'https://SHOP.EXAMPLE/',
    true,
  ),
  row('regex: sees the path percent-encoded', regex('/caf%C3%A9$'), `${SHOP}/café`, true),
  row('regex: a broken stored pattern matches nothing', regex('('), `${SHOP}/`, false),
  row(
    'query: the parameter is there',
    exact(`${SHOP}/a`, { name: 'plan' }),
    `${SHOP}/a?plan=pro`,
    true,
  ),
  row(
    'query: the parameter is missing',
    exact(`${SHOP}/a`, { name: 'plan' }),
    `${SHOP}/a?x=1`,
    false,
  ),
  row(
    'query: another value',
    exact(`${SHOP}/a`, { name: 'plan', value: 'pro' }),
    `${SHOP}/a?plan=basic`,
    false,
  ),
  row(
    'query: an empty value',
    exact(`${SHOP}/a`, { name: 'ref', value: '' }),
    `${SHOP}/a?ref=`,
    true,
  ),
  row('query: a name without "="', exact(`${SHOP}/a`, { name: 'ref' }), `${SHOP}/a?ref`, true),
  row(
    'query: any of repeated values',
    exact(`${SHOP}/a`, { name: 'tag', value: 'b' }),
    `${SHOP}/a?tag=a&tag=b`,
    true,
  ),
  row(
    'query: the value is decoded',
    exact(`${SHOP}/a`, { name: 'q', value: 'red shoes' }),
    `${SHOP}/a?q=red%20shoes`,
    true,
  ),
  row(
    'query: in any order',
    exact(`${SHOP}/a`, { name: 'b', value: '2' }),
    `${SHOP}/a?a=1&b=2`,
    true,
  ),
  row(
    'query: not in the fragment',
    exact(`${SHOP}/a`, { name: 'plan' }),
    `${SHOP}/a#plan=pro`,
    false,
  ),
  row('exclude: the excluded page', PRODUCTS_BUT_GIFT_CARD, `${SHOP}/products/gift-card/`, false),
  row('exclude: the other pages', PRODUCTS_BUT_GIFT_CARD, `${SHOP}/products/shoe`, true),
  row('exclude: by query parameter', SITE_BUT_PREVIEWS, `${SHOP}/cart?preview=1`, false),
  row('exclude: without that parameter', SITE_BUT_PREVIEWS, `${SHOP}/cart?x=1`, true),
  row('no include rule: nowhere', { include: [], exclude: [] }, `${SHOP}/`, false),
  row(
    'several include rules: any of them',
    { include: [exact(`${SHOP}/a`).include[0]!, exact(`${SHOP}/b`).include[0]!], exclude: [] },
    `${SHOP}/b`,
    true,
  ),
  row('not an address: nowhere', startsWith(SHOP), 'not an address ::', false),
];
