import type { CampaignElement, TextVariant } from '@kindling/domain';
import { HTML_POLICY_FIXTURES } from '@kindling/domain/html-policy-fixtures';
import { describe, expect, it } from 'vitest';
import {
  sanitizeElement,
  sanitizePolicyHtml,
  sanitizeVariant,
  sanitizeVariantHtml,
} from './sanitize-variant-html';

// The shared table the page runtime also runs (e2e/html-policy.test.ts, in Chromium).
describe('the shared HTML policy fixtures on the server', () => {
  it.each(HTML_POLICY_FIXTURES.map((row) => [row.name, row.profile, row] as const))(
    '%s (%s)',
    (_name, profile, { input, expected }) => {
      expect(sanitizePolicyHtml(input, profile)).toBe(expected);
    },
  );

  it('is idempotent on every row, so the runtime receives what it would produce itself', () => {
    for (const { profile, expected } of HTML_POLICY_FIXTURES) {
      expect(sanitizePolicyHtml(expected, profile)).toBe(expected);
    }
  });

  it('stores variant HTML with the inline profile', () => {
    expect(sanitizeVariantHtml('<p style="color:red">x</p>')).toBe('x');
    expect(sanitizePolicyHtml('<p style="color:red">x</p>', 'block')).toBe(
      '<p style="color:red">x</p>',
    );
  });
});

const ATTACKS: [string, string, string][] = [
  ['script tag', '<b>Hi</b><script>alert(1)</script>', '<b>Hi</b>'],
  ['img onerror', '<img src=x onerror=alert(1)>Sale', 'Sale'],
  ['javascript: href', '<a href="javascript:alert(1)">go</a>', '<a>go</a>'],
  ['svg onload', '<svg onload=alert(1)><text>x</text></svg>after', 'after'],
  ['style tag', '<style>body{display:none}</style>text', 'text'],
  ['mixed-case scheme', '<a href="JaVaScRiPt:alert(1)">go</a>', '<a>go</a>'],
  ['entity-encoded scheme', '<a href="&#106;avascript:alert(1)">go</a>', '<a>go</a>'],
  ['hex entity and tab', '<a href="java&#x09;script:alert(1)">go</a>', '<a>go</a>'],
  ['entity-encoded colon', '<a href="javascript&colon;alert(1)">go</a>', '<a>go</a>'],
  ['data: href', '<a href="data:text/html,<script>alert(1)</script>">go</a>', '<a>go</a>'],
  ['protocol-relative href', '<a href="//evil.example/x">go</a>', '<a>go</a>'],
  ['iframe', '<iframe src="https://evil.example">inner</iframe>z', 'z'],
  ['object', '<object data="x.swf">fallback</object>z', 'z'],
  ['event handler', '<b onclick="alert(1)" onmouseover="x()">bold</b>', '<b>bold</b>'],
  ['style attribute', '<span style="background:url(javascript:x)">s</span>', '<span>s</span>'],
  ['nested script', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ['math', '<math><mtext><img src=x onerror=alert(1)></mtext></math>ok', 'ok'],
  ['template', '<template><img src=x onerror=alert(1)></template>ok', 'ok'],
];

describe('sanitizeVariantHtml', () => {
  it.each(ATTACKS)('removes %s', (_name, input, expected) => {
    const output = sanitizeVariantHtml(input);
    expect(output).toBe(expected);
    expect(output).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<svg|style=/i);
  });

  it('keeps inline formatting and safe links', () => {
    const html =
      '<strong>Save</strong> <em>20%</em> <u>today</u> <s>$50</s> <sup>1</sup><sub>2</sub>' +
      '<small>s</small> <mark>m</mark> <code>c</code> <i>i</i><br>' +
      '<a href="https://shop.example.com/sale">Shop</a> <a href="mailto:hi@example.com">Mail</a>';
    expect(sanitizeVariantHtml(html)).toBe(html);
  });

  it('keeps the text of other tags and drops their attributes', () => {
    expect(sanitizeVariantHtml('<div class="x"><p>One</p><h1 id="y">Two</h1></div>')).toBe(
      'OneTwo',
    );
    expect(sanitizeVariantHtml('<span class="c" data-x="1">t</span>')).toBe('<span>t</span>');
  });

  it('adds noopener to links that open a new tab and drops unknown targets', () => {
    expect(sanitizeVariantHtml('<a href="https://a.example" target="_blank">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeVariantHtml('<a href="https://a.example" target="other">a</a>')).toBe(
      '<a href="https://a.example">a</a>',
    );
  });

  it('escapes stray markup characters and closes open tags', () => {
    expect(sanitizeVariantHtml('a < b & c')).toBe('a &lt; b &amp; c');
    expect(sanitizeVariantHtml('<b>open')).toBe('<b>open</b>');
  });

  it('is idempotent', () => {
    for (const [, input] of ATTACKS) {
      const once = sanitizeVariantHtml(input);
      expect(sanitizeVariantHtml(once)).toBe(once);
    }
  });
});

describe('sanitizeVariant and sanitizeElement', () => {
  const variant: TextVariant = {
    id: -1,
    key: 'v1',
    type: 'text',
    isEnabled: true,
    info: {
      value: '<script>kept as text</script>',
      html: '<b>x</b><script>alert(1)</script>',
      textType: 'advanced',
      styles: [],
      creationMethod: 'custom',
    },
  };

  it('cleans html only, leaving the plain value and other fields alone', () => {
    const cleaned = sanitizeVariant(variant);
    expect(cleaned.info).toEqual({ ...variant.info, html: '<b>x</b>' });
    expect(variant.info.html).toContain('<script>');
  });

  it('cleans the control and every variant of a text element', () => {
    const element = {
      id: -2,
      selector: 'h1',
      key: 'h',
      type: 'text',
      control: { info: { ...variant.info, html: '<img src=x onerror=alert(1)>Old' } },
      variants: [variant],
    } as CampaignElement;
    const cleaned = sanitizeElement(element);
    if (cleaned.type !== 'text') throw new Error('expected a text element');
    expect(cleaned.control.info.html).toBe('Old');
    expect(cleaned.variants[0]?.info.html).toBe('<b>x</b>');
  });
});
