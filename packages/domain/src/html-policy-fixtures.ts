import type { HtmlProfile } from './html-policy';

// One table of hostile and benign inputs for the shared HTML policy (html-policy.ts). The
// server's sanitiser (sanitize-html, when a variant is stored) and the page runtime's (a DOM walk
// in the visitor's browser) must both turn `input` into exactly `expected`: the server's unit
// test and the e2e test in Chromium run every row. `expected` is the browser's own serialisation
// (innerHTML of the cleaned fragment), which the server produces too (see docs/decisions.md).

export interface HtmlPolicyFixture {
  name: string;
  profile: HtmlProfile;
  input: string;
  expected: string;
}

const INLINE_FORMATTING =
  '<strong>Save</strong> <em>20%</em> <u>u</u> <s>s</s> <sup>1</sup><sub>2</sub>' +
  '<small>s</small> <mark>m</mark> <code>c</code> <i>i</i> <b>b</b> <kbd>k</kbd> ' +
  '<abbr>a</abbr> <cite>c</cite> <del>d</del> <ins>n</ins> <q>q</q> <span>s</span> <time>t</time>';

const row = (name: string, profile: HtmlProfile, input: string, expected: string) => ({
  name,
  profile,
  input,
  expected,
});
const inline = (name: string, input: string, expected: string) =>
  row(name, 'inline', input, expected);
const block = (name: string, input: string, expected: string) =>
  row(name, 'block', input, expected);

export const HTML_POLICY_FIXTURES: readonly HtmlPolicyFixture[] = [
  // Benign input that must survive unchanged.
  inline('plain text', 'Save 20% today', 'Save 20% today'),
  inline('every inline formatting tag', INLINE_FORMATTING, INLINE_FORMATTING),
  inline('line break', 'one<br>two<br/>three', 'one<br>two<br>three'),
  inline(
    'markup characters in text',
    'a < b & c > d "q" \'s\'',
    'a &lt; b &amp; c &gt; d "q" \'s\'',
  ),
  inline(
    'named and numeric entities',
    'a&nbsp;b &copy; &#169; &lt;b&gt;',
    'a&nbsp;b © © &lt;b&gt;',
  ),
  inline(
    'safe links',
    '<a href="https://shop.example/sale?a=1&amp;b=2">s</a> <a href="mailto:hi@example.com">m</a> ' +
      '<a href="tel:+15551234">t</a> <a href="/sale">r</a> <a href="#top">h</a>',
    '<a href="https://shop.example/sale?a=1&amp;b=2">s</a> <a href="mailto:hi@example.com">m</a> ' +
      '<a href="tel:+15551234">t</a> <a href="/sale">r</a> <a href="#top">h</a>',
  ),
  inline(
    'upper-case web scheme',
    '<a href="HTTPS://shop.example/">s</a>',
    '<a href="HTTPS://shop.example/">s</a>',
  ),

  // Tags that run code or embed documents go, content and all.
  inline('script tag', '<b>Hi</b><script>alert(1)</script>', '<b>Hi</b>'),
  inline('upper-case script with src', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok', 'ok'),
  inline('style tag', '<style>*{display:none}</style>text', 'text'),
  inline('iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>">in</iframe>z', 'z'),
  inline('object and embed', '<object data="x.swf"><embed src="x.swf">fallback</object>z', 'z'),
  inline(
    'svg with script and link',
    '<svg onload=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a></svg>after',
    'after',
  ),
  inline(
    'math namespace confusion',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '',
  ),
  inline('template', '<template><img src=x onerror=alert(1)></template>ok', 'ok'),
  inline(
    'form controls',
    '<form action="https://evil.example"><input value=a><button>b</button></form>ok',
    'ok',
  ),
  inline(
    'meta refresh, base and link',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' +
      '<base href="https://evil.example/"><link rel=stylesheet href="x.css">ok',
    'ok',
  ),
  inline('title keeps markup as text', '<title><img src=x onerror=alert(1)></title>ok', 'ok'),
  inline(
    'noscript with a closing tag in an attribute',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '',
  ),

  // Attributes: event handlers, unknown names, names allowed on another tag only.
  inline(
    'event handlers in every case',
    '<b onclick="a()" OnMouseOver="b()" ONFOCUS=c() onpointerenter=d>bold</b>',
    '<b>bold</b>',
  ),
  inline('img onerror (img is not inline)', '<img src=x onerror=alert(1)>Sale', 'Sale'),
  inline(
    'class, id, style and data attributes in inline',
    '<span class="c" id="i" style="color:red" data-x="1">t</span>',
    '<span>t</span>',
  ),
  inline(
    'link attributes on a span',
    '<span href="https://a.example" target="_blank">t</span>',
    '<span>t</span>',
  ),
  inline('datetime only in block', '<time datetime="2025-01-01">t</time>', '<time>t</time>'),

  // URL schemes.
  inline('javascript: href', '<a href="javascript:alert(1)">go</a>', '<a>go</a>'),
  inline('mixed case and spaces', '<a href="  JaVaScRiPt:alert(1)">go</a>', '<a>go</a>'),
  inline('decimal entities', '<a href="&#106;&#97;vascript:alert(1)">go</a>', '<a>go</a>'),
  inline('hex entities, no semicolon', '<a href="&#x6A&#x61vascript:alert(1)">go</a>', '<a>go</a>'),
  inline('entity-encoded colon', '<a href="javascript&colon;alert(1)">go</a>', '<a>go</a>'),
  inline('tab entity in scheme', '<a href="java&#x09;script:alert(1)">go</a>', '<a>go</a>'),
  inline('newline in scheme', '<a href="java\nscript:alert(1)">go</a>', '<a>go</a>'),
  inline('leading control character', '<a href="&#1;javascript:alert(1)">go</a>', '<a>go</a>'),
  inline('space inside the scheme', '<a href="java script:alert(1)">go</a>', '<a>go</a>'),
  inline(
    'duplicate href, the first wins',
    '<a href="https://ok.example/" href="javascript:alert(1)">x</a>',
    '<a href="https://ok.example/">x</a>',
  ),
  inline(
    'tab inside a protocol-relative href',
    '<a href="/&#x09;/evil.example">go</a>',
    '<a>go</a>',
  ),
  inline('vbscript:', '<a href="vbscript:msgbox(1)">go</a>', '<a>go</a>'),
  inline(
    'data: href',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">go</a>',
    '<a>go</a>',
  ),
  inline('protocol-relative href', '<a href="//evil.example/x">go</a>', '<a>go</a>'),
  inline('backslash protocol-relative href', '<a href="/\\evil.example/x">go</a>', '<a>go</a>'),

  // Link targets.
  inline(
    'new tab gets noopener, replacing any rel',
    '<a target="_blank" rel="opener" href="https://a.example">a</a>',
    '<a target="_blank" href="https://a.example" rel="noopener noreferrer">a</a>',
  ),
  inline(
    'same frame keeps its rel',
    '<a href="https://a.example" rel="nofollow" target="_self">a</a>',
    '<a href="https://a.example" rel="nofollow" target="_self">a</a>',
  ),
  inline(
    'named and upper-case targets dropped',
    '<a href="https://a.example" target="other">a</a><a href="https://b.example" target="_BLANK">b</a>',
    '<a href="https://a.example">a</a><a href="https://b.example">b</a>',
  ),

  // Structure: unknown tags, nesting, malformed markup, comments.
  inline(
    'unknown tags unwrapped, text kept',
    '<custom-tag data-x="1">keep <b>this</b></custom-tag> <blink>and</blink> <font color=red>this</font>',
    'keep <b>this</b> and this',
  ),
  inline(
    'block tags unwrapped in inline',
    '<div class="x"><p>One</p><h1 id="y">Two</h1></div>',
    'OneTwo',
  ),
  inline('misnested tags', '<b><i>x</b>y</i>', '<b><i>x</i></b><i>y</i>'),
  inline('unclosed tags', '<b>open <i>both', '<b>open <i>both</i></b>'),
  inline('stray end tags', '</p>a</b>b</div>', 'ab'),
  inline(
    'nested links',
    '<a href="/a">one<a href="/b">two</a></a>',
    '<a href="/a">one</a><a href="/b">two</a>',
  ),
  inline('split script tag', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'),
  inline('comment', 'a<!-- <script>alert(1)</script> -->b', 'ab'),
  inline('abruptly closed comment', '<!--><b>x</b>-->', '<b>x</b>--&gt;'),
  inline('conditional comment', '<!--[if IE]><script>alert(1)</script><![endif]-->ok', 'ok'),
  // Outside foreign content CDATA is a bogus comment that ends at the first ">".
  inline('CDATA section', 'a<![CDATA[<b>x</b>]]>b', 'ax]]&gt;b'),
  inline('NUL characters in text', 'a\u0000b', 'ab'),
  inline('non-Latin text and emoji', 'Ζω 日本 🔥', 'Ζω 日本 🔥'),

  // The block profile: layout, images and style.
  block(
    'block content with class, image and safe style',
    '<h2 class="t" onclick="x()">Title</h2><p style="color: red" dir="rtl">x' +
      '<img src="https://cdn.example/a.png" alt="a" width="10" onerror="y()"></p>',
    '<h2 class="t">Title</h2><p style="color: red" dir="rtl">x' +
      '<img src="https://cdn.example/a.png" alt="a" width="10"></p>',
  ),
  block(
    'table cells keep spans, other tags do not',
    '<table><tbody><tr><td colspan="2" onclick="x()">a</td></tr></tbody></table><div colspan="2">b</div>',
    '<table><tbody><tr><td colspan="2">a</td></tr></tbody></table><div>b</div>',
  ),
  block(
    'time keeps datetime in block',
    '<time datetime="2025-01-01">t</time>',
    '<time datetime="2025-01-01">t</time>',
  ),
  block(
    'style with url(javascript:)',
    '<div style="background:url(javascript:alert(1))">a</div>',
    '<div>a</div>',
  ),
  block(
    'style with expression()',
    '<div style="width: expression(alert(1))">a</div>',
    '<div>a</div>',
  ),
  block(
    'style with behavior',
    '<div style="behavior: url(x.htc)">a</div><p style="-moz-binding:url(x)">b</p>',
    '<div>a</div><p>b</p>',
  ),
  block(
    'style with a CSS escape',
    '<div style="background:\\75rl(https://evil.example/x)">a</div>',
    '<div>a</div>',
  ),
  block(
    'style with image-set',
    '<div style="background-image: image-set(\'https://evil.example/x\' 1x)">a</div>',
    '<div>a</div>',
  ),
  block(
    'raster data: image kept, svg data: and scripts dropped',
    '<img src="data:image/png;base64,iVBORw0KGgo=" alt="p"><img src="data:image/svg+xml,<svg onload=alert(1)>" alt="s">' +
      '<img src="javascript:alert(1)" alt="j"><img src="/a.png" alt="r">',
    '<img src="data:image/png;base64,iVBORw0KGgo=" alt="p"><img alt="s"><img alt="j"><img src="/a.png" alt="r">',
  ),
  block(
    'obfuscated image scheme',
    '<img src=" jav&#x0A;ascript:alert(1)" alt="x">',
    '<img alt="x">',
  ),
  block('style with a comment', '<div style="color: red /* x */">a</div>', '<div>a</div>'),
  block(
    'attribute values escaped as the browser does',
    '<p title=\'a<b>"c"&amp;\'>x</p>',
    '<p title="a&lt;b&gt;&quot;c&quot;&amp;">x</p>',
  ),
  block(
    'mailto is not an image scheme',
    '<img src="mailto:a@example.com" alt="m">',
    '<img alt="m">',
  ),
  block(
    'iframe in block',
    '<section><iframe src="https://evil.example"></iframe>ok</section>',
    '<section>ok</section>',
  ),
];
