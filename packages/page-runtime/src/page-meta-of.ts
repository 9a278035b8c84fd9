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
const CONTROL = /\p{Cc}+/gu;
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
// Read from the attribute and resolved against the document's base (the page's own <base>, or
// the one the proxy wrote with the page's address), as the browser would.
const hrefOf = (link: HTMLLinkElement) => link.getAttribute('href') ?? '';
const isSvg = (link: HTMLLinkElement) =>
  link.type.toLowerCase().includes('svg') || /\.svg(?:[?#]|$)/i.test(hrefOf(link));
const linksWith = (doc: Document, rel: string) =>
  [...doc.querySelectorAll<HTMLLinkElement>('link[rel][href]')].filter((link) =>
    relTokens(link).includes(rel),
  );

/**
 * The page's icon as the app can store it: a declared raster icon first (an SVG icon is a
 * document and is not stored), then the apple-touch icon, then the browsers' /favicon.ico.
 */
function faviconOf(doc: Document, finalUrl: string): string | undefined {
  const chosen =
    linksWith(doc, 'icon').find((link) => !isSvg(link)) ?? linksWith(doc, 'apple-touch-icon')[0];
  return chosen ? httpAddress(hrefOf(chosen), doc.baseURI) : httpAddress('/favicon.ico', finalUrl);
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
  const description = [...doc.querySelectorAll<HTMLMetaElement>('meta[name]')].find(
    (meta) => meta.name.toLowerCase() === 'description',
  )?.content;
  const canonical = linksWith(doc, 'canonical')[0];
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
    canonicalUrl: canonical ? httpAddress(hrefOf(canonical), doc.baseURI) : undefined,
    faviconUrl: faviconOf(doc, facts.finalUrl),
    lang: clipText(doc.documentElement.lang, L.lang),
  };
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(meta, { [key]: value });
  }
  return meta;
}
