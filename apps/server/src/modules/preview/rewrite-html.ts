import { escapeHtml } from '@kindling/domain';
// A string transform, not a parser: the page stays byte-for-byte what the site sent except for
// the few tags below. Comments, the doctype and raw-text elements are skipped while looking for
// where <head> begins, so a "<head>" inside a comment or script cannot fool it.

export interface RewriteOptions {
  html: string;
  /** The page's own address (after redirects): relative URLs resolve against it. */
  pageUrl: string;
  /** Markup inserted first in <head>, after <base>. */
  inject: string;
}

/** Tags the preview must not keep: CSP and frame blocking, and referrer overrides (the proxy URL is private). */
const REMOVED_META =
  /<meta\b(?=[^>]*\b(?:http-equiv\s*=\s*["']?\s*(?:content-security-policy(?:-report-only)?|x-frame-options)\b|name\s*=\s*["']?\s*referrer\b))[^>]*>/gi;
const BASE_HREF = /<base\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/i;
const SKIPPABLE = /^(?:\s+|<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>|<html\b[^>]*>)/i;
const HEAD_OPEN = /^<head\b[^>]*>/i;

function decodeEntities(value: string): string {
  return value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
}

/** The page's own <base href> wins over its URL, as it would in the browser. */
function effectiveBase(html: string, pageUrl: string): string {
  const match = BASE_HREF.exec(html);
  const href = match?.[1] ?? match?.[2] ?? match?.[3];
  if (href === undefined) return pageUrl;
  try {
    return new URL(decodeEntities(href.trim()), pageUrl).href;
  } catch {
    return pageUrl;
  }
}

/** Index just after the leading doctype, comments, whitespace and <html>, where <head> may start. */
function headPosition(html: string): number {
  let position = 0;
  for (;;) {
    const skipped = SKIPPABLE.exec(html.slice(position));
    if (!skipped || skipped[0].length === 0) return position;
    position += skipped[0].length;
  }
}

export function rewritePreviewHtml({ html, pageUrl, inject }: RewriteOptions): string {
  const base = `<base href="${escapeHtml(effectiveBase(html, pageUrl))}">`;
  const cleaned = html.replace(REMOVED_META, '');
  const position = headPosition(cleaned);
  const head = HEAD_OPEN.exec(cleaned.slice(position));
  if (head) {
    const end = position + head[0].length;
    return `${cleaned.slice(0, end)}${base}${inject}${cleaned.slice(end)}`;
  }
  // No <head> tag: an explicit one is fine here; the parser adds the page's head content to it.
  return `${cleaned.slice(0, position)}<head>${base}${inject}</head>${cleaned.slice(position)}`;
}
