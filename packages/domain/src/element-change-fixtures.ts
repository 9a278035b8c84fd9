// One table for a variant's link and attribute changes (issue 32), run against the server's
// validation (element-change-rules.test.ts) and the page runtime in Chromium
// (e2e/element-changes.test.ts): what is refused on save is never applied on a page either, and
// what is taken lands on the element as written.

export type ElementChangeFixture =
  | { name: string; change: { href: string }; taken: boolean }
  | { name: string; change: { attribute: string; value: string }; taken: boolean };

const link = (name: string, href: string, taken: boolean): ElementChangeFixture => ({
  name,
  change: { href },
  taken,
});
const attribute = (
  name: string,
  attribute: string,
  value: string,
  taken: boolean,
): ElementChangeFixture => ({ name, change: { attribute, value }, taken });

export const ELEMENT_CHANGE_FIXTURES: readonly ElementChangeFixture[] = [
  link('an https address', 'https://shop.example/pricing', true),
  link('an http address', 'http://shop.example/', true),
  link('a path on the site with a query and a fragment', '/pricing?plan=pro#top', true),
  link('a relative path', 'pricing', true),
  link('a fragment', '#reviews', true),
  link('a mail address', 'mailto:sales@shop.example?subject=Hi', true),
  link('a phone number', 'tel:+4930123', true),
  link('javascript:', 'javascript:alert(1)', false),
  link('javascript: in mixed case', 'JaVaScRiPt:alert(1)', false),
  link('javascript: with a tab inside', 'java\tscript:alert(1)', false),
  link('javascript: after spaces', '   javascript:alert(1)', false),
  link('javascript: with a newline inside', 'java\nscript:alert(1)', false),
  link('a data: page', 'data:text/html,<script>alert(1)</script>', false),
  link('vbscript:', 'vbscript:msgbox(1)', false),
  link('a protocol-relative address', '//evil.example/x', false),
  link('a backslash host', '/\\evil.example', false),
  link('a blank address', '   ', false),
  attribute('a title', 'title', 'Free shipping on every lamp', true),
  attribute('alternative text', 'alt', 'The Lumen lamp at dusk', true),
  attribute('a placeholder', 'placeholder', 'you@company.com', true),
  attribute('an accessible name', 'aria-label', 'Buy the Lumen lamp', true),
  attribute('markup in a value stays text', 'title', '"><img src=x onerror=alert(1)>', true),
  attribute('an event handler', 'onclick', 'alert(1)', false),
  attribute('an event handler in capitals', 'ONMOUSEOVER', 'alert(1)', false),
  attribute('a style', 'style', 'background:url(javascript:alert(1))', false),
  attribute('an address attribute', 'href', 'javascript:alert(1)', false),
  attribute('an image source', 'src', 'https://evil.example/x.png', false),
  attribute('a value over 500 characters', 'title', 'x'.repeat(501), false),
];
