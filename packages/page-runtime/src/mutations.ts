import { formatHex, isHttpAddress } from '@kindling/domain';
import { findElements } from './find-elements';
import {
  LAYOUT_PROPERTIES,
  type PageMutation,
  type Undo,
  type LayoutMutation,
} from './mutation-types';
import { sanitizeHtml } from './sanitize-html';
import { rememberAttributes, replaceChildren, setStyles } from './style-undo';

const px = (value: number): string => `${value}px`;
const SAFE_LAYOUT_VALUE = /^[a-z0-9 .,%()+\-*/#]*$/i;

const COLOR_PROPERTY = {
  textColor: 'color',
  backgroundColor: 'background-color',
  borderColor: 'border-color',
} as const;

function styleTarget(element: Element): HTMLElement | SVGElement | undefined {
  return element instanceof HTMLElement || element instanceof SVGElement ? element : undefined;
}

function applyStyles(element: Element, styles: Record<string, string>): Undo {
  const target = styleTarget(element);
  return target ? setStyles(target, styles) : () => undefined;
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

function applyImageSrc(element: Element, src: string): Undo {
  // The rule the server applies to stored variants, again before touching the page.
  if (!isHttpAddress(src, document.baseURI)) return () => undefined;
  if (element instanceof HTMLImageElement) {
    const restore = rememberAttributes(element, ['src', 'srcset', 'sizes']);
    const sources = [...(element.parentElement?.querySelectorAll('picture > source') ?? [])];
    const restoreSources = sources.map((source) => rememberAttributes(source, ['srcset']));
    sources.forEach((source) => source.removeAttribute('srcset'));
    element.removeAttribute('srcset');
    element.removeAttribute('sizes');
    element.setAttribute('src', src);
    return () => {
      restore();
      restoreSources.forEach((undo) => undo());
    };
  }
  return applyStyles(element, { 'background-image': `url(${JSON.stringify(src)})` });
}

/** Applies one mutation to one element and returns how to take it back. */
export function applyToElement(
  element: Element,
  mutation: Exclude<PageMutation, { type: 'hideElement' }>,
): Undo {
  switch (mutation.type) {
    case 'textValue':
      return replaceChildren(
        element,
        mutation.html === undefined
          ? document.createTextNode(mutation.value)
          : sanitizeHtml(mutation.html, 'inline'),
      );
    case 'replaceContent':
      return replaceChildren(element, sanitizeHtml(mutation.html, 'block'));
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
  }
}

export interface AppliedMutation {
  /** How many elements the selector(s) matched; 0 tells the editor the selector is stale. */
  count: number;
  undo: Undo;
}

/** Applies a mutation to every element `find` gives for its selector(s). */
export function applyMutation(
  mutation: PageMutation,
  find: (selector: string) => Element[] = findElements,
): AppliedMutation {
  const undos: Undo[] = [];
  if (mutation.type === 'hideElement') {
    for (const selector of mutation.selectors) {
      for (const element of find(selector)) {
        undos.push(applyStyles(element, { display: 'none' }));
      }
    }
  } else {
    for (const element of find(mutation.selector)) {
      undos.push(applyToElement(element, mutation));
    }
  }
  return {
    count: undos.length,
    // Reverse order, so overlapping changes unwind to the original state.
    undo: () => [...undos].reverse().forEach((undo) => undo()),
  };
}
