// What counts as a text, image or clickable element, for picking and for `describeElement`.

const TEXT_TAGS = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'a',
  'button',
  'li',
  'span',
  'label',
  'td',
  'th',
  'blockquote',
  'figcaption',
  'dt',
  'dd',
  'summary',
  'strong',
  'em',
  'b',
  'i',
  'small',
  'q',
  'cite',
]);
const CLICKABLE_SELECTOR =
  'a[href], button, input[type="submit"], input[type="button"], input[type="image"], [role="button"], [role="link"], [onclick], summary';

export type ElementKind = 'text' | 'image' | 'layout';

function hasOwnText(element: Element): boolean {
  return [...element.childNodes].some(
    (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
  );
}

export function isImage(element: Element): boolean {
  return (
    element instanceof HTMLImageElement ||
    (element instanceof HTMLInputElement && element.type === 'image')
  );
}

export function isText(element: Element): boolean {
  if (isImage(element) || (element.textContent ?? '').trim() === '') return false;
  return (
    hasOwnText(element) ||
    (TEXT_TAGS.has(element.localName) && element.querySelector('img') === null)
  );
}

export function isClickable(element: Element): boolean {
  return element.matches(CLICKABLE_SELECTOR);
}

export function kindOf(element: Element): ElementKind {
  if (isImage(element)) return 'image';
  return isText(element) ? 'text' : 'layout';
}

/** The nearest element on the event path that `accept` takes, crossing open shadow roots. */
export function nearest(
  path: readonly EventTarget[],
  accept: (element: Element) => boolean,
): Element | undefined {
  for (const target of path) {
    if (target instanceof Element && accept(target)) return target;
    if (target === document.body) return undefined;
  }
  return undefined;
}
