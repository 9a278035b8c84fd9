// Variant HTML comes from team members and AI generation and is applied to customers' live
// pages, so it passes an allow-list: anything not listed is unwrapped (kept as its text) or,
// for elements whose content is code or embedded documents, dropped whole.

const INLINE_TAGS = [
  'a',
  'abbr',
  'b',
  'br',
  'cite',
  'code',
  'del',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
];
const BLOCK_TAGS = [
  'article',
  'aside',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'img',
  'li',
  'ol',
  'p',
  'picture',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
];
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'form',
  'input',
  'textarea',
  'select',
  'button',
  'title',
  'head',
  'video',
  'audio',
  'source',
  'track',
  'canvas',
]);
const ATTRIBUTES = new Set([
  'alt',
  'class',
  'colspan',
  'datetime',
  'dir',
  'height',
  'href',
  'lang',
  'rel',
  'rowspan',
  'src',
  'style',
  'target',
  'title',
  'width',
]);
const URL_ATTRIBUTES = new Set(['href', 'src']);
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;
const UNSAFE_STYLE = /url\s*\(|expression\s*\(|javascript:|@import|behavior\s*:|-moz-binding/i;

export type HtmlProfile = 'inline' | 'block';

/** True for URLs safe to put in href/src: http(s), mailto/tel links, raster data: images. */
export function isSafeUrl(value: string, { image = false } = {}): boolean {
  const trimmed = value.trim();
  if (image && IMAGE_DATA_URL.test(trimmed)) return true;
  let url: URL;
  try {
    url = new URL(trimmed, document.baseURI);
  } catch {
    return false;
  }
  return image
    ? url.protocol === 'http:' || url.protocol === 'https:'
    : LINK_PROTOCOLS.has(url.protocol);
}

function allowedTags(profile: HtmlProfile): Set<string> {
  return new Set(profile === 'inline' ? INLINE_TAGS : [...INLINE_TAGS, ...BLOCK_TAGS]);
}

function cleanAttributes(element: Element): void {
  for (const { name, value } of [...element.attributes]) {
    const keep =
      ATTRIBUTES.has(name) &&
      !(URL_ATTRIBUTES.has(name) && !isSafeUrl(value, { image: name === 'src' })) &&
      !(name === 'style' && UNSAFE_STYLE.test(value));
    if (!keep) element.removeAttribute(name);
  }
  if (element.getAttribute('target') === '_blank') {
    element.setAttribute('rel', 'noopener noreferrer');
  }
}

function cleanTree(parent: ParentNode, allowed: Set<string>): void {
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
    cleanTree(node, allowed);
    if (allowed.has(tag)) cleanAttributes(node);
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
  cleanTree(template.content, allowedTags(profile));
  return document.importNode(template.content, true);
}
