import { VARIANT_MOVE_POSITIONS, type VariantMovePosition } from '@kindling/domain';
import { findElements } from './find-elements';
import type { MoveMutation } from './mutation-types';

// A variant's move (issue 32): the element, or a copy of it, before, after or inside a target.
// Shared by the tracker's targeting part (which keeps it placed) and the editor's preview (which
// places it once and takes it back).

/** Whether `node` stands where `position` puts it relative to `target`. */
export function isPlaced(node: Element, target: Element, position: VariantMovePosition): boolean {
  if (position === 'inside') return node.parentElement === target;
  const sibling = position === 'before' ? target.previousElementSibling : target.nextElementSibling;
  return sibling === node;
}

/**
 * The element a move goes next to: on the page, and neither the element nor inside it; none for
 * a position the server would not have stored.
 */
export function moveTarget(
  element: Element,
  mutation: MoveMutation,
  find: (selector: string) => Element[] = findElements,
): Element | undefined {
  if (!VARIANT_MOVE_POSITIONS.includes(mutation.position)) return undefined;
  const [target] = find(mutation.target);
  return target && !element.contains(target) ? target : undefined;
}

/** Puts `node` where the move says, unless it is there already. */
export function place(node: Element, target: Element, position: VariantMovePosition): void {
  if (isPlaced(node, target, position)) return;
  if (position === 'inside') target.append(node);
  else target[position](node);
}

/** A copy of `element` for a copying move: without ids, which must stay unique on a page. */
export function copyOf(element: Element): Element {
  const copy = element.cloneNode(true) as Element;
  for (const node of [copy, ...copy.querySelectorAll('[id]')]) node.removeAttribute('id');
  return copy;
}

/**
 * The editor's preview of a move: placed once, with an undo that puts the element back where it
 * was (or removes the copy). `count` is 0 when the element is not on the page, as for any change.
 */
export function previewMove(
  mutation: MoveMutation,
  find: (selector: string) => Element[],
): { count: number; undo: () => void } {
  const [element] = find(mutation.selector);
  const target = element && moveTarget(element, mutation, find);
  if (!element || !target) return { count: element ? 1 : 0, undo: () => undefined };
  const node = mutation.copy ? copyOf(element) : element;
  const { parentNode, nextSibling } = node;
  place(node, target, mutation.position);
  return {
    count: 1,
    undo: () => (mutation.copy ? node.remove() : parentNode?.insertBefore(node, nextSibling)),
  };
}
