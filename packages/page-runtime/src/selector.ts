import { SHADOW_SEPARATOR } from './find-elements';

// Selectors must survive a re-render of the page, so they lean on what authors name on
// purpose (ids, test ids, data attributes) and fall back to tag + position, never to
// generated class names.

const STABLE_ATTRIBUTES = [
  'data-testid',
  'data-test-id',
  'data-test',
  'data-qa',
  'data-cy',
  'data-id',
];
/** Ids that frameworks and widgets generate on each render ("ember123", ":r1:", uuids...). */
const GENERATED_ID =
  /^(?:ember|react-|radix-|headlessui-|mui-|:)|\d{3,}|[0-9a-f]{8}-[0-9a-f]{4}|^[a-z]*[-_]?(?=[0-9a-f]*\d)[0-9a-f]{6,}$/i;

type Root = Document | ShadowRoot;

function isUnique(root: Root, selector: string, element: Element): boolean {
  try {
    const matches = root.querySelectorAll(selector);
    return matches.length === 1 && matches[0] === element;
  } catch {
    return false;
  }
}

function attributeSelector(tag: string, name: string, value: string): string {
  return `${tag}[${name}="${CSS.escape(value)}"]`;
}

/** A selector naming the element by itself (id or stable attribute), if one is unique. */
function anchorOf(element: Element, root: Root): string | undefined {
  const tag = CSS.escape(element.localName);
  if (element.id && !GENERATED_ID.test(element.id)) {
    const byId = `#${CSS.escape(element.id)}`;
    if (isUnique(root, byId, element)) return byId;
  }
  const dataNames = [...element.attributes]
    .map(({ name }) => name)
    .filter((name) => name.startsWith('data-') && !STABLE_ATTRIBUTES.includes(name));
  for (const name of [...STABLE_ATTRIBUTES, ...dataNames, 'name', 'aria-label']) {
    const value = element.getAttribute(name);
    if (!value || value.length > 80 || GENERATED_ID.test(value)) continue;
    const selector = attributeSelector(tag, name, value);
    if (isUnique(root, selector, element)) return selector;
  }
  return undefined;
}

function positionOf(element: Element): string {
  const tag = CSS.escape(element.localName);
  const parent = element.parentElement;
  if (!parent) return tag;
  const sameTag = [...parent.children].filter((child) => child.localName === element.localName);
  return sameTag.length === 1 ? tag : `${tag}:nth-of-type(${sameTag.indexOf(element) + 1})`;
}

/** Shortest unique suffix of a path from the root; the whole path is unique by construction. */
function shortest(root: Root, segments: string[], element: Element): string {
  for (let start = segments.length - 1; start > 0; start--) {
    const candidate = segments.slice(start).join(' > ');
    if (isUnique(root, candidate, element)) return candidate;
  }
  return segments.join(' > ');
}

function selectorInRoot(element: Element, root: Root): string {
  const segments: string[] = [];
  for (let current: Element | null = element; current; current = current.parentElement) {
    const anchor = anchorOf(current, root);
    if (anchor) {
      // Anchored paths are kept whole: a shorter suffix is unique today but is the first to
      // match something else once the page changes.
      segments.unshift(anchor);
      return segments.join(' > ');
    }
    segments.unshift(positionOf(current));
  }
  return shortest(root, segments, element);
}

/** A stable CSS selector that matches exactly `element` (piercing open shadow roots with " >>> "). */
export function uniqueSelector(element: Element): string {
  const parts: string[] = [];
  let current: Element | undefined = element;
  while (current) {
    const root = current.getRootNode();
    if (root instanceof ShadowRoot) {
      parts.unshift(selectorInRoot(current, root));
      current = root.host;
    } else {
      parts.unshift(selectorInRoot(current, current.ownerDocument));
      current = undefined;
    }
  }
  return parts.join(SHADOW_SEPARATOR);
}
