import { cssUrlMessage, VARIANT_CODE_MESSAGES } from './variant-code';

// One table of variant stylesheets (issue 32), hostile ones among them, for the server's check
// (variant-code.test.ts): what it takes is served as written, what it refuses is answered with
// its sentence. The page the campaign runs on decides which site `url()` may load from.

export const VARIANT_CSS_PAGE = 'https://shop.example.com/landing';

export interface VariantCssFixture {
  name: string;
  css: string;
  /** The refusal; undefined when the stylesheet is taken. */
  problem: string | undefined;
}

const row = (name: string, css: string, problem?: string): VariantCssFixture => ({
  name,
  css,
  problem,
});

export const VARIANT_CSS_FIXTURES: readonly VariantCssFixture[] = [
  row(
    'a plain rule with an image on the page’s site',
    '.cta { background: #0e7490; background-image: url(/img/stripes.png); }',
  ),
  row('a data: image', '.a{background:url("data:image/png;base64,AAAA")}'),
  row('an @import', '@import url(/theme.css); .a{color:red}', VARIANT_CODE_MESSAGES.cssImport),
  row(
    'a binding behind an escape',
    '.a{-moz-b\\69nding:url(/x.xml#b)}',
    VARIANT_CODE_MESSAGES.cssBinding,
  ),
  row(
    'an @import hidden by a comment and an escape',
    '/* x */ @\\69mport "x.css";',
    VARIANT_CODE_MESSAGES.cssImport,
  ),
  row(
    'an image on another site',
    '.a{background:url(https://evil.example/p.png)}',
    cssUrlMessage('https://shop.example.com', 'https://evil.example/p.png'),
  ),
  row(
    'a protocol-relative address',
    '.a{background:url(//evil.example/p.png)}',
    cssUrlMessage('https://shop.example.com', '//evil.example/p.png'),
  ),
  row('a binding', '.a{-moz-binding:url(/x.xml#b)}', VARIANT_CODE_MESSAGES.cssBinding),
  row('an expression()', '.a{width:expression(alert(1))}', VARIANT_CODE_MESSAGES.cssBinding),
  row(
    'an address hidden by an escape',
    '.a{background:u\\72l(https://evil.example/p.png)}',
    cssUrlMessage('https://shop.example.com', 'https://evil.example/p.png'),
  ),
  row(
    'an import as a string',
    '@import "https://evil.example/x.css";',
    VARIANT_CODE_MESSAGES.cssImport,
  ),
  row(
    'a rule that closes the style element',
    '.a::after{content:"</style><script>alert(1)</script>"}',
  ),
];
