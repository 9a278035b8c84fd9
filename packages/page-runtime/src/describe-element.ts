import {
  emptyDomStats,
  parseCssColor,
  type DomStats,
  type ElementFingerprint,
} from '@kindling/domain';
import { kindOf, isClickable, type ElementKind } from './element-kind';
import { fingerprintOf } from './fingerprint-of';
import { uniqueSelector } from './selector';

export interface ElementDescription {
  selector: string;
  /** What the element is, to find it again when the selector fails (issue 11). */
  fingerprint?: ElementFingerprint;
  type: ElementKind;
  tagName: string;
  clickable: boolean;
  text: string;
  html: string;
  /** Images only: the URL actually shown (absolute). */
  src?: string;
  dimensions: { width: number; height: number };
  domStats: DomStats;
}

/** Descendants read for domStats; enough for the swatches, bounded for huge containers. */
const MAX_SAMPLED = 40;
const MAX_HTML = 20_000;

const pixels = (value: string): number => Math.max(0, Number.parseFloat(value) || 0);

function pushUnique<T>(list: T[], item: T): void {
  const key = JSON.stringify(item);
  if (!list.some((existing) => JSON.stringify(existing) === key)) list.push(item);
}

function pushColor(list: { value: number }[], css: string, { skipTransparent = false } = {}): void {
  const value = parseCssColor(css);
  if (value === undefined || (skipTransparent && (value & 255) === 0)) return;
  pushUnique(list, { value });
}

/** The colour actually behind the element: its own, or the first opaque-ish ancestor's. */
function effectiveBackground(element: Element): string | undefined {
  for (let current: Element | null = element; current; current = current.parentElement) {
    const value = parseCssColor(getComputedStyle(current).backgroundColor);
    if (value !== undefined && (value & 255) !== 0)
      return getComputedStyle(current).backgroundColor;
  }
  return undefined;
}

function addStats(stats: DomStats, element: Element): void {
  const style = getComputedStyle(element);
  pushColor(stats.textColor, style.color);
  pushColor(stats.backgroundColor, style.backgroundColor, { skipTransparent: true });
  pushUnique(stats.fontSize, { size: pixels(style.fontSize) });
  if (style.borderTopStyle !== 'none' && pixels(style.borderTopWidth) > 0) {
    pushColor(stats.borderColor, style.borderTopColor);
  }
  pushUnique(stats.borderWidth, { width: pixels(style.borderTopWidth) });
  pushUnique(stats.padding, {
    top: pixels(style.paddingTop),
    right: pixels(style.paddingRight),
    bottom: pixels(style.paddingBottom),
    left: pixels(style.paddingLeft),
  });
  pushUnique(stats.borderRadius, {
    topLeft: pixels(style.borderTopLeftRadius),
    topRight: pixels(style.borderTopRightRadius),
    bottomLeft: pixels(style.borderBottomLeftRadius),
    bottomRight: pixels(style.borderBottomRightRadius),
  });
}

/** Computed styles of the element (first entry of each list) and of its descendants. */
function readStats(element: Element): DomStats {
  const stats = emptyDomStats();
  addStats(stats, element);
  const background = effectiveBackground(element);
  if (background !== undefined) pushColor(stats.backgroundColor, background);
  for (const descendant of [...element.querySelectorAll('*')].slice(0, MAX_SAMPLED)) {
    const style = getComputedStyle(descendant);
    pushColor(stats.textColor, style.color);
    pushColor(stats.backgroundColor, style.backgroundColor, { skipTransparent: true });
  }
  return stats;
}

/** Embedded content a clone would load or start: not needed to read colours. */
const EMBEDDED = 'iframe, frame, object, embed, video, audio';

/**
 * The element's styles as visitors see it at rest. A pick happens with the pointer over the
 * element (and the click may focus it), so its own computed style is the :hover, :focus or
 * :active one; CSS has no way to switch those states off. An unhovered, unfocused copy
 * inserted just before it (same parent and preceding siblings, so the same rules match) is
 * read instead and removed in the same task, before anything is painted.
 */
export function readDomStats(element: Element): DomStats {
  const parent = element.parentElement;
  if (
    !parent ||
    parent === document.documentElement ||
    !element.matches(':hover, :focus-within, :active')
  )
    return readStats(element);
  const copy = element.cloneNode(true) as Element;
  for (const embedded of copy.querySelectorAll(EMBEDDED)) embedded.remove();
  element.before(copy);
  try {
    return readStats(copy);
  } finally {
    copy.remove();
  }
}

export function describeElement(element: Element): ElementDescription {
  const rect = element.getBoundingClientRect();
  const type = kindOf(element);
  const src = element instanceof HTMLImageElement ? element.currentSrc || element.src : undefined;
  return {
    selector: uniqueSelector(element),
    fingerprint: fingerprintOf(element),
    type,
    tagName: element.localName,
    clickable: isClickable(element),
    text: (element instanceof HTMLElement ? element.innerText : (element.textContent ?? '')).trim(),
    html: element.innerHTML.slice(0, MAX_HTML),
    ...(src ? { src } : {}),
    dimensions: { width: Math.round(rect.width), height: Math.round(rect.height) },
    domStats: readDomStats(element),
  };
}
