import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HTML_DROPPED_TAGS,
  HTML_LINK_SCHEMES,
  HTML_POLICY,
  isAllowedHtmlAttribute,
  isAllowedHtmlUrl,
  keepsHtmlAttribute,
} from './html-policy';
import { HTML_POLICY_FIXTURES } from './html-policy-fixtures';

describe('the shared HTML policy', () => {
  it('keeps inline formatting inside the block profile, and never allows a dropped tag', () => {
    expect(HTML_POLICY.block.tags).toEqual(expect.arrayContaining([...HTML_POLICY.inline.tags]));
    for (const profile of ['inline', 'block'] as const) {
      expect(HTML_POLICY[profile].tags.filter((tag) => HTML_DROPPED_TAGS.includes(tag))).toEqual(
        [],
      );
    }
  });

  it('allows no event handler, style or class in variant (inline) HTML', () => {
    for (const name of ['onclick', 'onerror', 'style', 'class', 'srcdoc', 'formaction']) {
      expect(isAllowedHtmlAttribute('inline', 'span', name)).toBe(false);
    }
    expect(isAllowedHtmlAttribute('inline', 'a', 'href')).toBe(true);
    expect(isAllowedHtmlAttribute('block', 'div', 'style')).toBe(true);
    expect(isAllowedHtmlAttribute('block', 'div', 'onclick')).toBe(false);
  });

  it('links only to web, mail and phone addresses', () => {
    expect(HTML_LINK_SCHEMES).toEqual(['http', 'https', 'mailto', 'tel']);
  });
});

// The domain compiles without DOM or Node types; the tests borrow the WHATWG URL parser that
// both Node and the browser run.
interface ResolvedUrl {
  href: string;
  host: string;
  protocol: string;
}
const WhatwgUrl = (globalThis as unknown as { URL: new (url: string, base: string) => ResolvedUrl })
  .URL;

describe('the policy URL rule', () => {
  it('keeps web, mail and phone links, relative links and raster data: images', () => {
    for (const url of ['https://a.example/x', 'mailto:a@b.example', 'tel:+1', '/sale', '#top']) {
      expect(isAllowedHtmlUrl(url, 'link')).toBe(true);
    }
    expect(isAllowedHtmlUrl('data:image/png;base64,iVBORw0KGgo=', 'image')).toBe(true);
    expect(isAllowedHtmlUrl('data:image/png;base64,iVBORw0KGgo=', 'link')).toBe(false);
    expect(isAllowedHtmlUrl('mailto:a@b.example', 'image')).toBe(false);
  });

  it('refuses scripts, protocol-relative and mangled schemes', () => {
    for (const url of ['javascript:x', ' JAVA\tSCRIPT:x', 'java script:x', '//e.example', '/\\e']) {
      expect(isAllowedHtmlUrl(url, 'link')).toBe(false);
    }
  });

  // What the browser will load or follow is what counts: every URL the rule keeps resolves, on
  // any page, to a scheme of the policy or to the page's own host.
  it('never keeps a URL that a browser resolves to another scheme', () => {
    const piece = fc.constantFrom(
      'javascript',
      'vbscript',
      'data',
      'https',
      'mailto',
      ':',
      '/',
      '\\',
      '\t',
      '\n',
      ' ',
      '\u0001',
      '#',
      '?',
      'a',
      '.',
      '&colon;',
      'x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const value = pieces.join('');
        if (!isAllowedHtmlUrl(value, 'link')) return;
        let onShop: ResolvedUrl;
        let onOther: ResolvedUrl;
        try {
          onShop = new WhatwgUrl(value, 'https://shop.example/page');
          onOther = new WhatwgUrl(value, 'http://other.example/page');
        } catch {
          return;
        }
        // Resolving differently against two bases means relative: it must stay on the page's host.
        if (onShop.href !== onOther.href) expect(onShop.host).toBe('shop.example');
        else expect(HTML_LINK_SCHEMES).toContain(onShop.protocol.slice(0, -1));
      }),
      { numRuns: 2000 },
    );
  });

  it('applies per tag: a link attribute on a span, a target it does not know', () => {
    const keeps = (tag: string, name: string, value: string) =>
      keepsHtmlAttribute({ profile: 'inline', tag, name, value });
    expect(keeps('a', 'href', 'https://a.example')).toBe(true);
    expect(keeps('span', 'href', 'https://a.example')).toBe(false);
    expect(keeps('a', 'target', '_blank')).toBe(true);
    expect(keeps('a', 'target', 'other')).toBe(false);
    expect(
      keepsHtmlAttribute({ profile: 'block', tag: 'p', name: 'style', value: 'color:red' }),
    ).toBe(true);
  });
});

describe('the shared fixture table', () => {
  it('holds at least 40 uniquely named rows covering every profile', () => {
    expect(HTML_POLICY_FIXTURES.length).toBeGreaterThanOrEqual(40);
    const names = HTML_POLICY_FIXTURES.map(({ name, profile }) => `${profile}: ${name}`);
    expect(new Set(names).size).toBe(names.length);
    const profiles = new Set(HTML_POLICY_FIXTURES.map(({ profile }) => profile));
    expect([...profiles].sort()).toEqual(Object.keys(HTML_POLICY).sort());
  });

  it('expects no tag or attribute the policy refuses', () => {
    for (const { profile, expected } of HTML_POLICY_FIXTURES) {
      for (const [, tag, attributes] of expected.matchAll(/<([a-z0-9-]+)([^>]*)>/g)) {
        expect(HTML_POLICY[profile].tags, expected).toContain(tag);
        for (const [, name] of attributes!.matchAll(/\s([a-z-]+)=/g)) {
          expect(isAllowedHtmlAttribute(profile, tag!, name!), `${tag} ${name}`).toBe(true);
        }
      }
    }
  });
});
