import { pageKey } from '../tracker-config';

// Where a campaign runs (issue 31). No zod here: the tracker bundle runs this on every page view
// (the schemas are in page-rules-schema.ts). Rules come from the server's config, validated when
// they were saved, so a regular expression here is already known to be safe (safe-regex.ts).

export const PAGE_RULE_KINDS = ['exact', 'startsWith', 'wildcard', 'regex'] as const;
export type PageRuleKind = (typeof PAGE_RULE_KINDS)[number];

export interface PageRule {
  kind: PageRuleKind;
  value: string;
  /** The page's query has this parameter (with this value, when one is given). */
  query?: { name: string; value?: string };
}

export interface PageRules {
  include: PageRule[];
  exclude: PageRule[];
}

/** Unicode mode: the strict grammar safe-regex.ts checks patterns against. */
export const PAGE_RULE_REGEX_FLAGS = 'u';

// The WHATWG URL parser (browsers and Node); declared because domain is typed without DOM.
declare const URL: new (url: string) => {
  href: string;
  origin: string;
  pathname: string;
  search: string;
  searchParams: { getAll(name: string): string[] };
};

interface Page {
  /** The whole address as the URL parser writes it, fragment included: what a regex sees. */
  href: string;
  /**
   * The address as written (origin, path, query), in pageKey form, and in pageKey form with one
   * trailing slash: prefixes and wildcards treat `/products` and `/products/` as one page, as
   * exact rules do.
   */
  forms: string[];
  /** The same without the query. */
  paths: string[];
  params: { getAll(name: string): string[] };
}

function parse(address: string) {
  const text = address.trim();
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
}

function readPage(href: string): Page | undefined {
  const key = pageKey(href);
  const url = parse(href);
  if (key === undefined || url === undefined) return undefined;
  const paths = [url.origin + url.pathname, key, key.endsWith('/') ? key : `${key}/`];
  return {
    href: url.href,
    forms: paths.map((path) => path + url.search),
    paths,
    params: url.searchParams,
  };
}

/**
 * A rule's address as the URL parser writes it (lower-case host, no default port, non-ASCII
 * percent-encoded), so it compares with a page's; its own trailing slash is kept, so that
 * "starts with /products/" does not take in /products-old. Undefined when it is no address.
 */
export function normalisedRuleAddress(value: string): string | undefined {
  const url = parse(value);
  return url && url.origin + url.pathname + url.search;
}

/**
 * Stands in for each `*` while a wildcard is read as an address: Chromium's URL parser writes a
 * `*` in a host name as `%2A` where Node's keeps it, so the two would disagree on
 * `https://*.shop.example/`. Lower-case letters and digits, which every parser keeps as they are.
 */
const STAR = 'k7wildcard7k';

function normalisedWildcard(value: string): string | undefined {
  return normalisedRuleAddress(value.replaceAll('*', STAR))?.replaceAll(STAR, '*');
}

/** `*` stands for any run of characters, nothing else is special; linear in practice. */
function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p += 1;
      t += 1;
    } else if (star >= 0) {
      p = star + 1;
      t = ++resume;
    } else return false;
  }
  while (pattern[p] === '*') p += 1;
  return p === pattern.length;
}

const compiled = new Map<string, RegExp | null>();

function regexOf(pattern: string): RegExp | null {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern, PAGE_RULE_REGEX_FLAGS);
    } catch {
      regex = null;
    }
    compiled.set(pattern, regex);
  }
  return regex;
}

function addressMatches(rule: PageRule, page: Page): boolean {
  switch (rule.kind) {
    case 'exact':
      return pageKey(rule.value) === page.paths[1];
    case 'startsWith': {
      const prefix = normalisedRuleAddress(rule.value);
      return prefix !== undefined && page.forms.some((form) => form.startsWith(prefix));
    }
    case 'wildcard': {
      const pattern = normalisedWildcard(rule.value);
      // Without a `?` of its own, a pattern ignores the query, so a campaign's `?utm_source=`
      // never stops it matching (the query condition is there for parameters).
      const texts = pattern?.includes('?') ? page.forms : page.paths;
      return pattern !== undefined && texts.some((text) => wildcardMatch(pattern, text));
    }
    case 'regex':
      return regexOf(rule.value)?.test(page.href) ?? false;
  }
}

function queryMatches(rule: PageRule, page: Page): boolean {
  if (!rule.query) return true;
  const values = page.params.getAll(rule.query.name);
  return rule.query.value === undefined ? values.length > 0 : values.includes(rule.query.value);
}

function ruleMatches(rule: PageRule, page: Page): boolean {
  return addressMatches(rule, page) && queryMatches(rule, page);
}

/** Whether one rule takes in the address: the editor's "does this address match?" tester. */
export function matchesPageRule(rule: PageRule, href: string): boolean {
  const page = readPage(href);
  return page !== undefined && ruleMatches(rule, page);
}

/** A campaign runs on a page some include rule takes in and no exclude rule does. */
export function matchesPage(rules: PageRules, href: string): boolean {
  const page = readPage(href);
  if (page === undefined) return false;
  return (
    rules.include.some((rule) => ruleMatches(rule, page)) &&
    !rules.exclude.some((rule) => ruleMatches(rule, page))
  );
}
