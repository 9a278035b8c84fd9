import { PAGE_META_LIMITS, type PageMeta } from '@kindling/domain';

// What the editor records about the page once it has loaded (campaign meta, spec section 3).
// The page is the customer's: every value is clipped to the domain's limits here, and checked
// again by the app (pageMetaSchema) before it is kept.

/** What only the proxy knows: the addresses of its fetch and the size of the HTML. */
export interface ProxyFacts {
  requestedUrl: string;
  finalUrl: string;
  htmlBytes: number;
}

const L = PAGE_META_LIMITS;
const CONTROL = /[\u0000-\u001f\u007f]+/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** One line of text, at most `max` characters, with nothing a database column refuses. */
export function clipText(text: string | null | undefined, max: number): string | undefined {
  let clipped = (text ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (clipped.length > max) clipped = clipped.slice(0, max).trimEnd();
  clipped = clipped.replace(LONE_SURROGATE, '');
  return clipped === '' ? undefined : clipped;
}

function httpAddress(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.href.length <= L.url ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const relTokens = (link: HTMLLinkElement) => link.rel.toLowerCase().split(/\s+/);
const isSvg = (link: HTMLLinkElement) =>
  link.type.toLowerCase().includes('svg') || /\.svg(?:[?#]|$)/i.test(link.href);

/**
 * The page's icon as the app can store it: a declared raster icon first (an SVG icon is a
 * document and is not stored), then the apple-touch icon, then the browsers' /favicon.ico.
 */
function faviconOf(doc: Document, finalUrl: string): string | undefined {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel][href]')];
  const icons = links.filter((link) => relTokens(link).includes('icon') && !isSvg(link));
  const touch = links.filter((link) => relTokens(link).includes('apple-touch-icon'));
  const chosen = icons[0] ?? touch[0];
  return chosen ? httpAddress(chosen.href, finalUrl) : httpAddress('/favicon.ico', finalUrl);
}

export function pageMetaOf({
  doc,
  facts,
  loadMs,
  ownElements,
}: {
  doc: Document;
  facts: ProxyFacts;
  loadMs: number;
  /** Elements the preview added (the overlay, the proxy's <base>): not counted. */
  ownElements: number;
}): PageMeta {
  const description = doc.querySelector<HTMLMetaElement>('meta[name="description" i]')?.content;
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel~="canonical" i][href]')?.href;
  const meta: PageMeta = {
    requestedUrl: facts.requestedUrl,
    finalUrl: facts.finalUrl,
    stats: {
      htmlBytes: facts.htmlBytes,
      elementCount: Math.max(0, doc.getElementsByTagName('*').length - ownElements),
      loadMs: Math.max(0, Math.round(loadMs)),
    },
  };
  const fields = {
    title: clipText(doc.title, L.title),
    description: clipText(description, L.description),
    canonicalUrl: httpAddress(canonical, facts.finalUrl),
    faviconUrl: faviconOf(doc, facts.finalUrl),
    lang: clipText(doc.documentElement.lang, L.lang),
  };
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(meta, { [key]: value });
  }
  return meta;
}
