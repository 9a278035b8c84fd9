import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHtml, looksLikeHtml } from './html-charset';
import { rewritePreviewHtml } from './rewrite-html';

const INJECT = '<script data-agent>agent()</script>';
const pageUrl = 'https://shop.example.com/products/lamp?ref=1';
const rewrite = (html: string) => rewritePreviewHtml({ html, pageUrl, inject: INJECT });
const BASE = `<base href="${pageUrl}">`;

describe('rewritePreviewHtml', () => {
  it('puts <base> and the agent first in an existing <head>', () => {
    expect(
      rewrite('<!doctype html><html lang="en"><head><title>x</title></head><body>b</body></html>'),
    ).toBe(
      `<!doctype html><html lang="en"><head>${BASE}${INJECT}<title>x</title></head><body>b</body></html>`,
    );
  });

  it('copes with uppercase tags, attributes on <head> and leading comments', () => {
    const html =
      '<!-- <head> in a comment -->\n<!DOCTYPE HTML>\n<HTML>\n<HEAD data-x="1">\n<TITLE>x</TITLE></HEAD>';
    expect(rewrite(html)).toBe(
      `<!-- <head> in a comment -->\n<!DOCTYPE HTML>\n<HTML>\n<HEAD data-x="1">${BASE}${INJECT}\n<TITLE>x</TITLE></HEAD>`,
    );
  });

  it('creates a <head> when the page has none, before any content', () => {
    expect(rewrite('<!doctype html><title>x</title><p>hi</p>')).toBe(
      `<!doctype html><head>${BASE}${INJECT}</head><title>x</title><p>hi</p>`,
    );
    expect(rewrite('<p>fragment</p>')).toBe(`<head>${BASE}${INJECT}</head><p>fragment</p>`);
    expect(rewrite('')).toBe(`<head>${BASE}${INJECT}</head>`);
  });

  it('does not take <header> or a later <head> for the head start tag', () => {
    expect(rewrite('<html><body><header>h</header></body></html>')).toBe(
      `<html><head>${BASE}${INJECT}</head><body><header>h</header></body></html>`,
    );
  });

  it('removes CSP and frame-blocking meta tags in any spelling, and referrer overrides', () => {
    const html = [
      '<head>',
      '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; frame-ancestors \'none\'">',
      "<META HTTP-EQUIV='content-security-policy-report-only' CONTENT=\"script-src 'none'\">",
      '<meta content="DENY" http-equiv=X-Frame-Options>',
      '<meta name="referrer" content="unsafe-url">',
      '<meta name="description" content="kept">',
      '</head>',
    ].join('');
    const out = rewrite(html);
    expect(out).not.toMatch(/content-security-policy|x-frame-options|unsafe-url/i);
    expect(out).toContain('<meta name="description" content="kept">');
  });

  it("honours the page's own <base href>, resolved against its address", () => {
    const out = rewrite('<head><base href="/assets/"><link href="a.css"></head>');
    expect(out.startsWith('<head><base href="https://shop.example.com/assets/">')).toBe(true);
  });

  it('escapes the base address so it cannot break out of the attribute', () => {
    const out = rewritePreviewHtml({
      html: '<head></head>',
      pageUrl: 'https://e.example/"><script>alert(1)</script>',
      inject: '',
    });
    expect(out).toBe(
      '<head><base href="https://e.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"></head>',
    );
  });

  it('keeps every byte of the page apart from the injection and removed meta tags (property)', () => {
    fc.assert(
      fc.property(fc.string(), (body) => {
        const html = `<!doctype html><html><head><title>t</title></head><body>${body.replace(/<meta/gi, '')}</body></html>`;
        const out = rewrite(html);
        expect(out.replace(`${BASE}${INJECT}`, '')).toBe(html);
      }),
    );
  });
});

describe('decodeHtml', () => {
  it('uses the charset from the header, then from <meta>, else UTF-8', () => {
    const latin1 = Buffer.from('<p>caf\xe9</p>', 'latin1');
    expect(decodeHtml(latin1, 'text/html; charset=ISO-8859-1')).toBe('<p>café</p>');
    const withMeta = Buffer.concat([Buffer.from('<meta charset="windows-1252">'), latin1]);
    expect(decodeHtml(withMeta, 'text/html')).toContain('café');
    expect(decodeHtml(Buffer.from('<p>café</p>'), undefined)).toBe('<p>café</p>');
    expect(decodeHtml(Buffer.from('<p>ok</p>'), 'text/html; charset=no-such-thing')).toBe(
      '<p>ok</p>',
    );
  });

  it('recognises untyped HTML bodies', () => {
    expect(looksLikeHtml(Buffer.from('  <!DOCTYPE html><html>'))).toBe(true);
    expect(looksLikeHtml(Buffer.from('{"json": true}'))).toBe(false);
  });
});
