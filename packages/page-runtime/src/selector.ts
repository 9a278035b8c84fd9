import { isGeneratedName, LANDMARKS, SHADOW_SELECTOR_SEPARATOR } from '@kindling/domain';
import { dataAttributesOf, isStableValue } from './fingerprint-of';

// Selectors must survive the next deploy of the page, so they lean on what authors name on
// purpose (ids, test ids, data attributes, names, labels, alt texts, links) and on landmarks,
// never on class names (renamed with every restyle), and fall back to positions
// (nth-of-type) only where nothing else tells the element apart, as few as possible. When
// even that breaks, the tracker finds the element by its fingerprint (fingerprint-of.ts).

/** Attributes authors set to say what an element is, most telling first. */
const NAMED = ['name', 'aria-label', 'alt', 'title', 'for', 'href', 'role', 'placeholder'];
/** How many ancestors up a named one is looked for before falling back to positions. */
const MAX_ANCESTORS = 6;

type Root = Document | ShadowRoot;

function isUnique(root: Root, selector: string, element: Element): boolean {
  try {
    const matches = root.querySelectorAll(selector);
    return matches.length === 1 && matches[0] === element;
  } catch {
    return false;
  }
}

/** Simple selectors for the element by itself, most telling first; the bare tag is last. */
function namesOf(element: Element): string[] {
  const tag = CSS.escape(element.localName);
  const names: string[] = [];
  if (element.id && !isGeneratedName(element.id)) names.push(`#${CSS.escape(element.id)}`);
  for (const name of [...dataAttributesOf(element), ...NAMED]) {
    const value = element.getAttribute(name);
    // In a quoted value only quotes and backslashes need escaping (CSS.escape would turn
    // `/signup` into `\/signup`, harder to read in the panel).
    if (isStableValue(value) && !/[\n\r\f]/.test(value)) {
      names.push(`${tag}[${name}="${value.replace(/["\\]/g, '\\$&')}"]`);
    }
  }
  names.push(tag);
  return names;
}

/** A unique selector naming an ancestor by itself (a landmark tag counts), if any. */
function anchorOf(element: Element, root: Root): string | undefined {
  const names = namesOf(element);
  const usable = (LANDMARKS as readonly string[]).includes(element.localName)
    ? names
    : names.slice(0, -1);
  return usable.find((name) => isUnique(root, name, element));
}

/** The element among its siblings: a name that tells it apart, else its tag and position. */
function stepOf(element: Element): string {
  const parent = element.parentElement;
  const names = namesOf(element);
  const tag = names[names.length - 1]!;
  if (!parent) return tag;
  const siblings = [...parent.children];
  const apart = names.find(
    (name) => siblings.filter((sibling) => sibling.matches(name)).length === 1,
  );
  if (apart) return apart;
  const sameTag = siblings.filter((sibling) => sibling.localName === element.localName);
  return `${tag}:nth-of-type(${sameTag.indexOf(element) + 1})`;
}

/** Positional path up to the nearest named ancestor (or the root), kept as short as unique. */
function positionalSelector(element: Element, root: Root): string {
  const steps: string[] = [];
  let anchor: string | undefined;
  for (let current: Element | null = element; current && !anchor;) {
    steps.unshift(stepOf(current));
    current = current.parentElement;
    if (current) anchor = anchorOf(current, root);
  }
  const prefix = anchor ? `${anchor} ` : '';
  for (let start = steps.length - 1; start >= (anchor ? 0 : 1); start--) {
    const candidate = prefix + steps.slice(start).join(' > ');
    if (isUnique(root, candidate, element)) return candidate;
  }
  return (anchor ? `${anchor} > ` : '') + steps.join(' > ');
}

function selectorInRoot(element: Element, root: Root): string {
  const names = namesOf(element);
  const alone = names.find((name) => isUnique(root, name, element));
  if (alone) return alone;
  // Under the nearest named ancestor: `nav a[href="/signup"]`, `#pricing button`.
  let ancestor = element.parentElement;
  for (let depth = 0; ancestor && depth < MAX_ANCESTORS; depth++) {
    const anchor = anchorOf(ancestor, root);
    const found =
      anchor &&
      names
        .map((name) => `${anchor} ${name}`)
        .find((selector) => isUnique(root, selector, element));
    if (found) return found;
    ancestor = ancestor.parentElement;
  }
  return positionalSelector(element, root);
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
  return parts.join(SHADOW_SELECTOR_SEPARATOR);
}
