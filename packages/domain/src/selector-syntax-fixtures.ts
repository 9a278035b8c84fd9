// Selectors and whether a browser takes them: the server's check (check-selectors.test.ts) and
// Chromium (e2e/selector-syntax.test.ts) run the same rows. The server must take every selector
// a browser takes; it refuses the rest but for the rows marked `serverTakes`, where its parser is
// more lenient than a browser (such a selector matches nothing on the page, as before).

export interface SelectorSyntaxFixture {
  selector: string;
  browserTakes: boolean;
  /** Refused by browsers, not caught by the server's parser. */
  serverTakes?: true;
}

export const SELECTOR_SYNTAX_FIXTURES: readonly SelectorSyntaxFixture[] = [
  { selector: 'h1', browserTakes: true },
  { selector: 'main > section:nth-of-type(2) a[href="/pricing"]', browserTakes: true },
  { selector: '#hero .cta, footer button', browserTakes: true },
  { selector: 'li:nth-child(2 of .plan)', browserTakes: true },
  { selector: 'section:has(> img)', browserTakes: true },
  { selector: ':is(h1, h2) + p:not(.muted)', browserTakes: true },
  { selector: 'button[aria-label="Start \\"now\\""]', browserTakes: true },
  { selector: 'input:checked ~ label', browserTakes: true },
  { selector: 'kindling-card >>> button.buy', browserTakes: true },
  { selector: '#a\\:b', browserTakes: true },
  { selector: 'div[', browserTakes: false },
  { selector: '#', browserTakes: false },
  { selector: 'a,,b', browserTakes: false },
  { selector: 'div:not(', browserTakes: false },
  { selector: 'h1 { color: red }', browserTakes: false },
  { selector: '.1st', browserTakes: false },
  { selector: 'a >', browserTakes: false },
  { selector: '> a', browserTakes: false },
  { selector: 'a > > b', browserTakes: false },
  { selector: 'li:nth-child(first)', browserTakes: false },
  { selector: 'kindling-card >>> ', browserTakes: false },
  { selector: 'div:hovering', browserTakes: false, serverTakes: true },
  { selector: '[data-x=a b]', browserTakes: false, serverTakes: true },
];
