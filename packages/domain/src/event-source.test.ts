import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventSourceProblem, senderOrigin, type EventSource } from './event-source';
import { pageOrigin, samePage } from './tracker-config';

const PAGE = 'https://shop.example.com/landing';
const campaign = { url: PAGE };
const exposure = (url: string, collectKey?: string): EventSource => ({
  type: 'exposure',
  url,
  collectKey,
});

describe('senderOrigin', () => {
  it('reads the Origin header, else the Referer, as an origin', () => {
    expect(senderOrigin({})).toBeUndefined();
    expect(senderOrigin({ origin: 'https://shop.example.com' })).toBe('https://shop.example.com');
    expect(senderOrigin({ referer: 'https://SHOP.example.com:443/landing?x=1' })).toBe(
      'https://shop.example.com',
    );
    // The Origin wins: a Referer may be trimmed by the page's policy, the Origin is the browser's.
    expect(
      senderOrigin({ origin: 'https://evil.example', referer: 'https://shop.example.com/landing' }),
    ).toBe('https://evil.example');
  });

  it('answers null for a header that names no web origin (never read as https)', () => {
    for (const said of ['null', 'shop.example.com', 'file:///tmp/x.html', 'https://exa mple']) {
      expect(senderOrigin({ origin: said }), said).toBeNull();
    }
  });
});

describe('eventSourceProblem', () => {
  it('counts the tracker on the campaign page, with or without the browser naming it', () => {
    expect(eventSourceProblem(exposure(`${PAGE}/?utm=1#top`), campaign, undefined)).toBeNull();
    expect(eventSourceProblem(exposure(PAGE), campaign, 'https://shop.example.com')).toBeNull();
  });

  it('drops an exposure off the campaign page, or sent from another origin', () => {
    expect(
      eventSourceProblem(exposure('https://shop.example.com/other'), campaign, undefined),
    ).toBe('off_page');
    expect(eventSourceProblem(exposure('https://evil.example/landing'), campaign, undefined)).toBe(
      'off_page',
    );
    expect(eventSourceProblem(exposure(PAGE), campaign, 'https://evil.example')).toBe(
      'foreign_origin',
    );
    expect(eventSourceProblem(exposure(PAGE), campaign, null)).toBe('foreign_origin');
  });

  it('takes goals and revenue from any page of the origin (a thank-you page, a checkout)', () => {
    const goal = (url: string): EventSource => ({ type: 'goal', url });
    expect(eventSourceProblem(goal('https://shop.example.com/thanks'), campaign, undefined)).toBe(
      null,
    );
    expect(
      eventSourceProblem({ type: 'revenue', url: 'https://shop.example.com/cart' }, campaign, null),
    ).toBe('foreign_origin');
    expect(
      eventSourceProblem(goal('https://www.shop.example.com/thanks'), campaign, undefined),
    ).toBe('off_page');
  });

  it("asks a burner page's campaign for that page's key, and no one else", () => {
    const burner = { url: 'https://pages.example/p/acme/launch', collectKey: 'k1' };
    const at = 'https://pages.example/p/acme/launch';
    expect(eventSourceProblem(exposure(at, 'k1'), burner, 'https://pages.example')).toBeNull();
    expect(eventSourceProblem(exposure(at), burner, undefined)).toBe('collect_key');
    expect(eventSourceProblem(exposure(at, 'k2'), burner, undefined)).toBe('collect_key');
    // A key on an event of an ordinary campaign changes nothing.
    expect(eventSourceProblem(exposure(PAGE, 'k1'), campaign, undefined)).toBeNull();
  });

  const host = fc.constantFrom('shop.example.com', 'www.shop.example.com', 'evil.example');
  const path = fc.constantFrom('/', '/landing', '/landing/', '/Landing', '/thanks', '/a/b');
  const url = fc
    .tuple(fc.constantFrom('https', 'http'), host, fc.constantFrom('', ':8443'), path)
    .map(([scheme, h, port, p]) => `${scheme}://${h}${port}${p}`);
  const sender = fc.option(fc.oneof(url, fc.constant('null')), { nil: undefined });

  it('counts an exposure exactly when the tracker would have run the campaign there (property)', () => {
    fc.assert(
      fc.property(url, url, (page, seen) => {
        const problem = eventSourceProblem(exposure(seen), { url: page }, undefined);
        return (problem === null) === samePage(page, seen);
      }),
    );
  });

  it('never counts an event whose browser-named sender is another origin (property)', () => {
    fc.assert(
      fc.property(
        url,
        url,
        sender,
        fc.constantFrom('exposure', 'goal', 'revenue'),
        (page, at, from, type) => {
          const origin = from === undefined ? undefined : senderOrigin({ origin: from });
          const problem = eventSourceProblem({ type, url: at }, { url: page }, origin);
          if (origin !== undefined && origin !== pageOrigin(page)) return problem !== null;
          return true;
        },
      ),
    );
  });

  it('with page rules, counts exposures where the rules run the campaign, from that page', () => {
    const ruled = {
      url: PAGE,
      pages: {
        include: [{ kind: 'wildcard' as const, value: 'https://*.example.com/products/*' }],
        exclude: [{ kind: 'startsWith' as const, value: 'https://shop.example.com/products/old' }],
      },
    };
    const eu = 'https://eu.example.com/products/lamp';
    expect(eventSourceProblem(exposure(eu), ruled, 'https://eu.example.com')).toBeNull();
    expect(eventSourceProblem(exposure(PAGE), ruled, undefined)).toBe('off_page');
    const old = 'https://shop.example.com/products/old-lamp';
    expect(eventSourceProblem(exposure(old), ruled, undefined)).toBe('off_page');
    expect(eventSourceProblem(exposure(eu), ruled, 'https://shop.example.com')).toBe(
      'foreign_origin',
    );
    // Goals: from a page it runs on, or any page of the origin it was edited on.
    const goal = (url: string): EventSource => ({ type: 'goal', url });
    expect(eventSourceProblem(goal(eu), ruled, 'https://eu.example.com')).toBeNull();
    expect(
      eventSourceProblem(goal('https://shop.example.com/thanks'), ruled, undefined),
    ).toBeNull();
    expect(eventSourceProblem(goal('https://eu.example.com/thanks'), ruled, undefined)).toBe(
      'off_page',
    );
  });
});
