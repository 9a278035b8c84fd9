import {
  HTML_BLANK_TARGET_REL,
  HTML_DROPPED_TAGS,
  HTML_IMAGE_DATA_URL,
  HTML_IMAGE_SCHEMES,
  HTML_LINK_SCHEMES,
  HTML_LINK_TARGETS,
  HTML_POLICY,
  HTML_UNSAFE_STYLE,
  isAllowedHtmlAttribute,
  type HtmlProfile,
} from '@kindling/domain';

// Variant HTML comes from team members and AI generation and is applied to customers' live
// pages, so it passes the shared allow-list (domain html-policy) again here, whatever the
// server stored: anything not listed is unwrapped (kept as its text) or dropped whole.

export type { HtmlProfile };

const DROPPED_TAGS = new Set(HTML_DROPPED_TAGS);
const URL_ATTRIBUTES = new Set(['href', 'src']);
const schemes = (list: readonly string[]) => new Set(list.map((scheme) => `${scheme}:`));
const LINK_PROTOCOLS = schemes(HTML_LINK_SCHEMES);
const IMAGE_PROTOCOLS = schemes(HTML_IMAGE_SCHEMES);

/** True for URLs safe to put in href/src: the policy's link schemes, raster data: images. */
function isSafeUrl(value: string, { image = false } = {}): boolean {
  const trimmed = value.trim();
  if (image && HTML_IMAGE_DATA_URL.test(trimmed)) return true;
  let url: URL;
  try {
    url = new URL(trimmed, document.baseURI);
  } catch {
    return false;
  }
  return (image ? IMAGE_PROTOCOLS : LINK_PROTOCOLS).has(url.protocol);
}

function keepsAttribute(profile: HtmlProfile, element: Element, name: string, value: string) {
  if (!isAllowedHtmlAttribute(profile, element.localName, name)) return false;
  if (URL_ATTRIBUTES.has(name)) return isSafeUrl(value, { image: name === 'src' });
  if (name === 'style') return !HTML_UNSAFE_STYLE.test(value);
  if (name === 'target') return HTML_LINK_TARGETS.includes(value);
  return true;
}

function cleanAttributes(element: Element, profile: HtmlProfile): void {
  for (const { name, value } of [...element.attributes]) {
    if (!keepsAttribute(profile, element, name, value)) element.removeAttribute(name);
  }
  if (element.getAttribute('target') === '_blank') {
    element.setAttribute('rel', HTML_BLANK_TARGET_REL);
  }
}

function cleanTree(parent: ParentNode, profile: HtmlProfile, allowed: Set<string>): void {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE || node.nodeType === Node.PROCESSING_INSTRUCTION_NODE) {
      node.remove();
      continue;
    }
    if (!(node instanceof Element)) continue;
    const tag = node.localName;
    if (DROPPED_TAGS.has(tag) || node.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      node.remove();
      continue;
    }
    cleanTree(node, profile, allowed);
    if (allowed.has(tag)) cleanAttributes(node, profile);
    else node.replaceWith(...node.childNodes);
  }
}

/**
 * Parses `html` in an inert template (no script runs, no image loads) and returns a fragment
 * holding only allow-listed elements and attributes.
 */
export function sanitizeHtml(html: string, profile: HtmlProfile): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  cleanTree(template.content, profile, new Set(HTML_POLICY[profile].tags));
  return document.importNode(template.content, true);
}
