import { VARIANT_ATTRIBUTES } from '@kindling/domain';
import type { Undo } from './mutation-types';
import { insertedBlocks } from './rich-changes';

// The editor's preview takes variants back; the tracker never does. So mutations only apply
// (mutations.ts, small: it ships with the tracker) and the preview remembers, before each one,
// everything a mutation may change on the element.

/** Restores the given attributes (present or absent) to their current values. */
function rememberAttributes(element: Element, names: readonly string[]): Undo {
  const saved = names.map((name) => ({ name, value: element.getAttribute(name) }));
  return () => {
    for (const { name, value } of saved) {
      // Read first: Chromium writes an inline style into its attribute lazily, and a style set
      // but never read back would come back as style="" after the removal.
      if (element.getAttribute(name) === value) continue;
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  };
}

/**
 * What a mutation may change on `element` (its children, inline style, image sources and those
 * of its <picture>), put back by the returned undo; children only when they changed, so the
 * page's own nodes (and their listeners) stay in place otherwise.
 */
export function snapshotElement(element: Element): Undo {
  const children = [...element.childNodes];
  const attributes = rememberAttributes(element, [
    'style',
    'src',
    'srcset',
    'sizes',
    // What a variant's link and attribute changes set (issue 32).
    'href',
    ...VARIANT_ATTRIBUTES,
  ]);
  const sources = [...(element.parentElement?.querySelectorAll('picture > source') ?? [])].map(
    (source) => rememberAttributes(source, ['srcset']),
  );
  const blocks = new Set(insertedBlocks(element));
  return () => {
    for (const block of insertedBlocks(element)) if (!blocks.has(block)) block.remove();
    const now = element.childNodes;
    if (now.length !== children.length || children.some((child, i) => now[i] !== child)) {
      element.replaceChildren(...children);
    }
    attributes();
    sources.forEach((undo) => undo());
  };
}
