// The one allow-list for HTML written into customers' pages. The server cleans advanced variant
// HTML with it before storing (sanitize-html), and the page runtime cleans again with it before
// applying (a DOM walk), so what the preview shows is what a visitor gets.

export type HtmlProfile = 'inline' | 'block';

/** Inline formatting: what a text variant's HTML may hold. */
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
] as const;

/** Content blocks, for replacing a whole section (never stored as a variant). */
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
] as const;

/** Removed with their content (code, embedded documents, forms, media); others keep their text. */
export const HTML_DROPPED_TAGS: readonly string[] = [
  'applet',
  'audio',
  'base',
  'button',
  'canvas',
  'embed',
  'form',
  'frame',
  'frameset',
  'head',
  'iframe',
  'input',
  'link',
  'math',
  'meta',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'option',
  'plaintext',
  'script',
  'select',
  'source',
  'style',
  'svg',
  'template',
  'textarea',
  'title',
  'track',
  'video',
  'xmp',
];

/** Attributes by tag (`*`: any allowed tag). Nothing that runs code; inline takes no layout. */
const INLINE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'rel', 'target'],
};
const BLOCK_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['class', 'dir', 'lang', 'style', 'title'],
  a: ['href', 'rel', 'target'],
  img: ['alt', 'height', 'src', 'width'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  time: ['datetime'],
};

export const HTML_POLICY: Readonly<
  Record<HtmlProfile, { tags: readonly string[]; attributes: typeof INLINE_ATTRIBUTES }>
> = {
  inline: { tags: INLINE_TAGS, attributes: INLINE_ATTRIBUTES },
  block: { tags: [...INLINE_TAGS, ...BLOCK_TAGS], attributes: BLOCK_ATTRIBUTES },
};

/** Schemes a link may use; images load over http(s) only (or a raster data: URL). */
export const HTML_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];
export const HTML_IMAGE_SCHEMES: readonly string[] = ['http', 'https'];
export const HTML_IMAGE_DATA_URL =
  /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;
/** Style values that load or run something. */
export const HTML_UNSAFE_STYLE =
  /url\s*\(|expression\s*\(|javascript:|@import|behavior\s*:|-moz-binding/i;

/** Link targets kept: a new tab (given rel="noopener noreferrer") or the same frame. */
export const HTML_LINK_TARGETS: readonly string[] = ['_blank', '_self'];
export const HTML_BLANK_TARGET_REL = 'noopener noreferrer';

export function isAllowedHtmlAttribute(profile: HtmlProfile, tag: string, name: string): boolean {
  const { attributes } = HTML_POLICY[profile];
  return Boolean(attributes['*']?.includes(name) || attributes[tag]?.includes(name));
}
