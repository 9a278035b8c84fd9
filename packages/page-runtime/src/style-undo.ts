import type { Undo } from './mutation-types';

/**
 * Sets inline styles with `!important` (the page's own rules must not win) and returns an
 * undo that puts back exactly what the inline style held before.
 */
export function setStyles(element: HTMLElement | SVGElement, styles: Record<string, string>): Undo {
  const previous = Object.keys(styles).map((property) => ({
    property,
    value: element.style.getPropertyValue(property),
    priority: element.style.getPropertyPriority(property),
  }));
  for (const [property, value] of Object.entries(styles)) {
    element.style.setProperty(property, value, 'important');
  }
  return () => {
    for (const { property, value, priority } of previous) {
      if (value) element.style.setProperty(property, value, priority);
      else element.style.removeProperty(property);
    }
    if (element.getAttribute('style') === '') element.removeAttribute('style');
  };
}

/** Restores the given attributes (present or absent) to their current values. */
export function rememberAttributes(element: Element, names: readonly string[]): Undo {
  const saved = names.map((name) => ({ name, value: element.getAttribute(name) }));
  return () => {
    for (const { name, value } of saved) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  };
}

/** Replaces an element's children; the undo puts the original nodes (and their listeners) back. */
export function replaceChildren(element: Element, content: Node): Undo {
  const original = [...element.childNodes];
  element.replaceChildren(content);
  return () => element.replaceChildren(...original);
}
