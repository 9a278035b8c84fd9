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
/**
 * Style values that load or run something. A backslash is refused outright: CSS escapes spell
 * `\75rl(` as `url(`; so are comments, which split words a pattern looks for. `image-set()` and
 * `src()` load strings without `url(`.
 */
export const HTML_UNSAFE_STYLE =
  /url\s*\(|image(?:-set)?\s*\(|src\s*\(|expression\s*\(|(?:java|vb)script:|@import|behavior\s*:|-moz-binding|\\|\/\*/i;

/** Link targets kept: a new tab (given rel="noopener noreferrer") or the same frame. */
export const HTML_LINK_TARGETS: readonly string[] = ['_blank', '_self'];
export const HTML_BLANK_TARGET_REL = 'noopener noreferrer';

// Browsers skip spaces and control characters inside and around a URL's scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex
const URL_IGNORED = /[\u0000-\u0020]+/g;
const URL_SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * True for an href/src value (entities already decoded) that may stay: a scheme of the policy, a
 * raster data: image, or a relative URL. Decided on the string alone, never against the page's
 * base URL, so the server and every page decide alike. "//host" and "/\host" are refused: they
 * take the scheme of whatever page the variant runs on. A colon before any "/", "?" or "#" is a
 * scheme, so an unknown or mangled one ("java script:") is refused too.
 */
export function isAllowedHtmlUrl(value: string, kind: 'link' | 'image'): boolean {
  const url = value.replace(URL_IGNORED, '');
  if (kind === 'image' && HTML_IMAGE_DATA_URL.test(value.trim())) return true;
  if (/^[/\\]{2}/.test(url)) return false;
  const scheme = URL_SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    return (kind === 'image' ? HTML_IMAGE_SCHEMES : HTML_LINK_SCHEMES).includes(scheme);
  }
  return !/^[^/?#]*:/.test(url);
}

/** Whether `name="value"` stays on `tag`: allowed there, and a URL, style or target that is safe. */
export function keepsHtmlAttribute(options: {
  profile: HtmlProfile;
  tag: string;
  name: string;
  value: string;
}): boolean {
  const { profile, tag, name, value } = options;
  if (!isAllowedHtmlAttribute(profile, tag, name)) return false;
  switch (name) {
    case 'href':
      return isAllowedHtmlUrl(value, 'link');
    case 'src':
      return isAllowedHtmlUrl(value, 'image');
    case 'style':
      return !HTML_UNSAFE_STYLE.test(value);
    case 'target':
      return HTML_LINK_TARGETS.includes(value);
    default:
      return true;
  }
}

export function isAllowedHtmlAttribute(profile: HtmlProfile, tag: string, name: string): boolean {
  const { attributes } = HTML_POLICY[profile];
  return Boolean(attributes['*']?.includes(name) || attributes[tag]?.includes(name));
}
