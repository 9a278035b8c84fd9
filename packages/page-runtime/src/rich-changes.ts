import {
  INSERT_TAG,
  isVariantLink,
  VARIANT_ATTRIBUTES,
  VARIANT_ATTRIBUTE_MAX_LENGTH,
  VARIANT_INSERT_MAX_LENGTH,
} from '@kindling/domain';
import type { PageMutation } from './mutation-types';

/** The sanitiser's own signature (sanitize-html.ts imports this file: no import back). */
type Clean = (html: string, profile: 'block') => DocumentFragment;

/** The block this runtime inserted before (or after) `element`, if it is still there. */
const insertedBeside = (element: Element, before: boolean) => {
  const sibling = before ? element.previousElementSibling : element.nextElementSibling;
  return sibling?.localName === INSERT_TAG ? sibling : null;
};

/**
 * Link, attribute and insert changes (issue 32), outside the plain tracker: the html bundles and
 * the preview reach them through the sanitiser (`Sanitize.more`). The server's rules are checked
 * again before the page is touched, whatever was stored. An inserted block lives in a box of its
 * own (`display: contents`: laid out as if bare), so it is inserted once, and again only when a
 * re-render took it away.
 */
export function applyRichChange(element: Element, mutation: PageMutation, clean: Clean): void {
  if (mutation.type === 'link') {
    if (isVariantLink(mutation.href)) element.setAttribute('href', mutation.href);
  } else if (
    mutation.type === 'attribute' &&
    VARIANT_ATTRIBUTES.includes(mutation.name) &&
    mutation.value.length <= VARIANT_ATTRIBUTE_MAX_LENGTH
  ) {
    element.setAttribute(mutation.name, mutation.value);
  } else if (mutation.type === 'insert') {
    const { position, html } = mutation;
    const before = position === 'before';
    if (
      (before || position === 'after') &&
      html.trim() &&
      html.length <= VARIANT_INSERT_MAX_LENGTH &&
      !insertedBeside(element, before)
    ) {
      const box = document.createElement(INSERT_TAG);
      box.style.display = 'contents';
      box.append(clean(html, 'block'));
      element[position](box);
    }
  }
}

/** The blocks inserted beside `element` now (the preview's undo removes those it added). */
export const insertedBlocks = (element: Element): Element[] =>
  [insertedBeside(element, true), insertedBeside(element, false)].filter(
    (block): block is Element => block !== null,
  );
