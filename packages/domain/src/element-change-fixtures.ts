// One table for a variant's link, attribute, insert and move changes (issue 32), run against
// the server's validation (element-change-rules.test.ts), its HTML cleaning (insert-block.test.ts),
// the API (move-element.test.ts) and the page runtime in Chromium (e2e/element-changes.test.ts):
// what is refused on save is never applied on a page either, what is taken lands on the element
// as written, and an inserted block shows on the page as the server stores it (`shows`: the
// block's HTML).

type InsertChange = { insert: { position: string; html: string } };
type MoveChange = { move: { position: string; target: string; copy?: boolean } };

/**
 * The page a move row runs on: the element (`#cta`, its selector) and a target section. A move's
 * `lands` is the page's markup afterwards.
 */
export const MOVE_FIXTURE_PAGE =
  '<a id="cta" href="/original"><span>Buy</span></a><section id="reviews"><p>Great</p></section>';
export const MOVE_FIXTURE_SELECTOR = '#cta';
const CTA = '<a id="cta" href="/original"><span>Buy</span></a>';
const COPY = '<a href="/original"><span>Buy</span></a>';

export type ElementChangeFixture =
  | { name: string; change: { href: string }; taken: boolean }
  | { name: string; change: { attribute: string; value: string }; taken: boolean }
  | { name: string; change: InsertChange; taken: boolean; shows?: string }
  | { name: string; change: MoveChange; taken: boolean; lands: string };

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

const insert = (
  name: string,
  position: string,
  html: string,
  shows: string | null,
): ElementChangeFixture => ({
  name,
  change: { insert: { position, html } },
  taken: shows !== null,
  ...(shows === null ? {} : { shows }),
});

const move = (
  name: string,
  change: MoveChange['move'],
  taken: boolean,
  lands: string[],
): ElementChangeFixture => ({ name, change: { move: change }, taken, lands: lands.join('') });

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
  insert(
    'a block after the element',
    'after',
    '<p>Free shipping on <strong>every</strong> lamp</p>',
    '<p>Free shipping on <strong>every</strong> lamp</p>',
  ),
  insert(
    'a heading before the element',
    'before',
    '<h2>New this week</h2>',
    '<h2>New this week</h2>',
  ),
  insert('a script in a block', 'after', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'),
  insert('an event handler in a block', 'after', '<p onclick="alert(1)">Hi</p>', '<p>Hi</p>'),
  insert(
    'an image with an error handler',
    'after',
    '<img src="https://shop.example/a.png" onerror="alert(1)" alt="A">',
    '<img src="https://shop.example/a.png" alt="A">',
  ),
  insert(
    'a javascript: link in a block',
    'after',
    '<a href="javascript:alert(1)">x</a>',
    '<a>x</a>',
  ),
  insert(
    'a style element in a block',
    'after',
    '<style>body{display:none}</style><p>ok</p>',
    '<p>ok</p>',
  ),
  insert(
    'an iframe in a block',
    'after',
    '<iframe src="https://evil.example/"></iframe><p>ok</p>',
    '<p>ok</p>',
  ),
  insert(
    'a style with an address in a block',
    'after',
    '<p style="background:url(https://evil.example/x.png)">ok</p>',
    '<p>ok</p>',
  ),
  insert(
    'a plain style in a block',
    'after',
    '<p style="color: teal">ok</p>',
    '<p style="color: teal">ok</p>',
  ),
  insert('an empty block', 'after', '   ', null),
  insert('a block over 20,000 characters', 'after', `<p>${'x'.repeat(20_000)}</p>`, null),
  insert('a block inside the element', 'inside', '<p>ok</p>', null),
  move('moved after its target', { position: 'after', target: '#reviews' }, true, [
    '<section id="reviews"><p>Great</p></section>',
    CTA,
  ]),
  move('moved before its target', { position: 'before', target: '#reviews p' }, true, [
    `<section id="reviews">${CTA}<p>Great</p></section>`,
  ]),
  move('moved inside its target, at its end', { position: 'inside', target: '#reviews' }, true, [
    `<section id="reviews"><p>Great</p>${CTA}</section>`,
  ]),
  move(
    'a copy after its target, the element kept and the copy without its id',
    { position: 'after', target: '#reviews', copy: true },
    true,
    [CTA, '<section id="reviews"><p>Great</p></section>', COPY],
  ),
  move('a copy inside its target', { position: 'inside', target: '#reviews', copy: true }, true, [
    CTA,
    `<section id="reviews"><p>Great</p>${COPY}</section>`,
  ]),
  move(
    'a target not on the page stays where it is',
    { position: 'after', target: '#nowhere' },
    true,
    [MOVE_FIXTURE_PAGE],
  ),
  move(
    'a target inside the element is never moved into',
    { position: 'after', target: '#cta span' },
    true,
    [MOVE_FIXTURE_PAGE],
  ),
  move('next to itself', { position: 'after', target: '#cta' }, false, [MOVE_FIXTURE_PAGE]),
  move('an empty target', { position: 'after', target: '   ' }, false, [MOVE_FIXTURE_PAGE]),
  move(
    'a target over 1,000 characters',
    { position: 'after', target: `#${'x'.repeat(1000)}` },
    false,
    [MOVE_FIXTURE_PAGE],
  ),
  move('a position around the target', { position: 'around', target: '#reviews' }, false, [
    MOVE_FIXTURE_PAGE,
  ]),
];
