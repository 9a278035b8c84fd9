import { describe, expect, it } from 'vitest';
import {
  HTML_DROPPED_TAGS,
  HTML_LINK_SCHEMES,
  HTML_POLICY,
  isAllowedHtmlAttribute,
} from './html-policy';

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
