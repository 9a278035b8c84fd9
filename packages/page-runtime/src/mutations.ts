import { formatHex, isHttpAddress } from '@kindling/domain';
import { findElements } from './find-elements';
import {
  LAYOUT_PROPERTIES,
  type PageMutation,
  type Undo,
  type LayoutMutation,
} from './mutation-types';
import type { Sanitize } from './sanitize-html';
import { snapshotElement } from './style-undo';

const px = (value: number): string => `${value}px`;
const SAFE_LAYOUT_VALUE = /^[a-z0-9 .,%()+\-*/#]*$/i;

const COLOR_PROPERTY = {
  textColor: 'color',
  backgroundColor: 'background-color',
  borderColor: 'border-color',
} as const;

/** Inline styles with `!important`, so the page's own rules cannot win. */
function applyStyles(element: Element, styles: Record<string, string>): void {
  if (!(element instanceof HTMLElement || element instanceof SVGElement)) return;
  for (const [property, value] of Object.entries(styles)) {
    element.style.setProperty(property, value, 'important');
  }
}

function layoutStyles(styles: LayoutMutation['styles']): Record<string, string> {
  const allowed: Record<string, string> = {};
  for (const property of LAYOUT_PROPERTIES) {
    const value = styles[property];
    // Values are plain keywords and lengths; url() and friends never get through.
    if (typeof value === 'string' && SAFE_LAYOUT_VALUE.test(value) && !/url\s*\(/i.test(value)) {
      allowed[property] = value;
    }
  }
  return allowed;
}

function applyImageSrc(element: Element, src: string): void {
  // The rule the server applies to stored variants, again before touching the page.
  if (!isHttpAddress(src, document.baseURI)) return;
  if (element instanceof HTMLImageElement) {
    element.parentElement
      ?.querySelectorAll('picture > source')
      .forEach((source) => source.removeAttribute('srcset'));
    element.removeAttribute('srcset');
    element.removeAttribute('sizes');
    element.setAttribute('src', src);
  } else applyStyles(element, { 'background-image': `url(${JSON.stringify(src)})` });
}

/**
 * Applies one mutation to one element. Without `html` (a tracker served before the team's
 * first HTML variant), formatted text shows as its plain text and HTML content is left as is.
 */
export function applyToElement(element: Element, mutation: PageMutation, html?: Sanitize): void {
  // The default branch is the HTML bundles' hook; a case label per type it takes would cost the
  // plain tracker bytes it does not have.
  // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check
  switch (mutation.type) {
    case 'textValue':
      return element.replaceChildren(
        mutation.html === undefined || !html ? mutation.value : html(mutation.html, 'inline'),
      );
    case 'replaceContent':
      return html && element.replaceChildren(html(mutation.html, 'block'));
    case 'textColor':
    case 'backgroundColor':
    case 'borderColor':
      return applyStyles(element, { [COLOR_PROPERTY[mutation.type]]: formatHex(mutation.value) });
    case 'fontSize':
      return applyStyles(element, { 'font-size': px(mutation.value) });
    case 'borderWidth':
      return applyStyles(element, {
        'border-width': px(mutation.value),
        // A width alone shows nothing on an element without a border style.
        ...(getComputedStyle(element).borderStyle === 'none' ? { 'border-style': 'solid' } : {}),
      });
    case 'padding': {
      const { top, right, bottom, left } = mutation.value;
      return applyStyles(element, { padding: [top, right, bottom, left].map(px).join(' ') });
    }
    case 'borderRadius': {
      const { topLeft, topRight, bottomRight, bottomLeft } = mutation.value;
      return applyStyles(element, {
        'border-radius': [topLeft, topRight, bottomRight, bottomLeft].map(px).join(' '),
      });
    }
    case 'imageSrc':
      return applyImageSrc(element, mutation.src);
    case 'layout':
      return applyStyles(element, layoutStyles(mutation.styles));
    default:
      // Links and attributes (issue 32) through the HTML bundles' hook; `hideElement`, the
      // preview's own type (applyMutation), is never served and falls here too.
      return html?.more?.(element, mutation);
  }
}

export interface AppliedMutation {
  /** How many elements the selector(s) matched; 0 tells the editor the selector is stale. */
  count: number;
  undo: Undo;
}

/** Applies a mutation to every element `find` gives for its selector(s); the preview's way. */
export function applyMutation(
  mutation: PageMutation,
  html: Sanitize,
  find: (selector: string) => Element[] = findElements,
): AppliedMutation {
  const undos: Undo[] = [];
  const selectors = mutation.type === 'hideElement' ? mutation.selectors : [mutation.selector];
  for (const element of selectors.flatMap((selector) => find(selector))) {
    undos.push(snapshotElement(element));
    if (mutation.type === 'hideElement') applyStyles(element, { display: 'none' });
    else applyToElement(element, mutation, html);
  }
  return {
    count: undos.length,
    // Reverse order, so overlapping changes unwind to the original state.
    undo: () => [...undos].reverse().forEach((undo) => undo()),
  };
}
