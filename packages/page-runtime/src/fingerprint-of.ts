import {
  FINGERPRINT_LIMITS as LIMITS,
  isGeneratedName,
  LANDMARKS,
  type ElementFingerprint,
  type Landmark,
} from '@kindling/domain';

// The same reading of an element in the editor (stored with the pick) and in the tracker (for
// each candidate when a selector fails), so the two compare like with like. The tracker reads
// candidates raw (`readFingerprint`, small: it ships with every page view); only what is stored
// is sifted (`fingerprintOf`): scoring looks up the stored parts in the candidate, so a
// candidate's extra attributes or generated class names never count.

const NAMED = ['name', 'aria-label', 'alt', 'title', 'href', 'role', 'placeholder', 'type', 'src'];
/** data-* attributes that say what state the element is in, not what it is. */
const VOLATILE = /state|active|open|selected|checked|hover|focus|expanded|visible|hidden|load/;

/** Authored data-* attributes of the element. */
export const dataAttributesOf = (element: Element): string[] =>
  [...element.attributes]
    .map(({ name }) => name)
    .filter(
      (name) =>
        name.startsWith('data-') &&
        name.length <= 40 &&
        !VOLATILE.test(name) &&
        !isGeneratedName(name),
    );

/** Values worth matching on: short, and not made up by a framework or a build. */
export const isStableValue = (value: string | null | undefined): value is string =>
  !!value && value.length <= LIMITS.attrValue && !isGeneratedName(value);

/** Position among the elements of the same tag in the element's document or shadow root. */
const indexOf = (element: Element): number =>
  [...(element.getRootNode() as ParentNode).querySelectorAll(element.localName)].indexOf(element);

/** The element as it is, unsifted; `index` may be given when the caller counts already. */
export function readFingerprint(element: Element, index = indexOf(element)): ElementFingerprint {
  const attrs: Record<string, string> = {};
  for (const { name, value } of element.attributes) {
    if (name === 'id' || name.startsWith('data-') || NAMED.includes(name)) attrs[name] = value;
  }
  // The file name only: hosts and query strings change with CDNs and cache busting.
  if (attrs.src) attrs.src = attrs.src.split(/[?#]/)[0]!.split('/').pop()!;
  const path: string[] = [];
  for (let node = element.parentElement; node && path.length < LIMITS.path;) {
    path.push(node.localName);
    node = node.parentElement;
  }
  return {
    tag: element.localName,
    text: (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, LIMITS.text).trimEnd(),
    attrs,
    classes: [...element.classList],
    landmark: element.parentElement?.closest(LANDMARKS.join())?.localName as Landmark | undefined,
    path,
    index,
  };
}

/** What the editor stores: the reading without state, generated names or overflow. */
export function fingerprintOf(element: Element): ElementFingerprint {
  const { text, attrs = {}, classes = [], path = [], ...rest } = readFingerprint(element);
  const data = dataAttributesOf(element);
  const kept = Object.entries(attrs)
    .filter(
      ([name, value]) =>
        (name.startsWith('data-') ? data.includes(name) : true) && isStableValue(value),
    )
    .slice(0, LIMITS.attrs);
  const named = classes.filter((name) => name.length <= 60 && !isGeneratedName(name));
  // Empty parts are left out: the fingerprint ships with every tracker config.
  return {
    ...rest,
    ...(text ? { text } : {}),
    ...(kept.length ? { attrs: Object.fromEntries(kept) } : {}),
    ...(named.length ? { classes: named.slice(0, LIMITS.classes) } : {}),
    ...(path.length ? { path } : {}),
  };
}
