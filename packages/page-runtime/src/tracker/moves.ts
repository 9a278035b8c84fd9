import { copyOf, isPlaced, moveTarget, place } from '../move-element';
import type { MoveMutation } from '../mutation-types';
import { HIDE_TIMEOUT_MS } from './hide';
import { createLoopGuard } from './loop-guard';

/**
 * Keeps each move's element (or copy) where its variant puts it (issue 32). The applier finds an
 * element by its selector and sees a change undone by its markup; a move changes neither, so
 * this watches the page itself:
 * - a positional selector names, once the element moved, whatever took its place. The element
 *   moved is kept, and another found for the same move while it is on the page is left alone;
 * - a page that puts the element back (a re-render) gets it moved again, under a loop guard;
 * - a target not on the page yet (later in the document) is waited for with the element hidden,
 *   never longer than the anti-flicker limit;
 * - a copy the page took away is made again.
 */
export function createMover() {
  /** Per move, settles it: for the element the applier found, or (none) after a page change. */
  const moves = new Map<MoveMutation, (found?: Element) => void>();
  const copies = new WeakSet<Element>();
  let observer: MutationObserver | undefined;

  const start = (mutation: MoveMutation) => {
    const { position } = mutation;
    const guard = createLoopGuard(
      () => performance.now(),
      () => undefined,
    );
    let source: HTMLElement;
    let copy: Element | undefined;
    /** The source's own visibility while it waits hidden for its target. */
    let shown: string | undefined;
    let placed = false;
    const show = () => {
      if (shown === undefined) return;
      source.style.visibility = shown;
      shown = undefined;
    };
    const settle = (found?: Element) => {
      if (found) {
        // Another element the selector names while the one moved is still on the page.
        if (source?.isConnected && source !== found) return;
        source = found as HTMLElement;
      }
      if (!source.isConnected) return;
      const target = moveTarget(source, mutation);
      if (!target) {
        if (!placed && !mutation.copy && shown === undefined && source.style) {
          shown = source.style.visibility;
          source.style.visibility = 'hidden';
          setTimeout(show, HIDE_TIMEOUT_MS);
        }
        return;
      }
      if (mutation.copy && !copy?.isConnected) copies.add((copy = copyOf(source)));
      const node = copy ?? source;
      if (!isPlaced(node, target, position)) {
        const wait = placed ? guard() : 0;
        if (wait) return void setTimeout(settle, wait);
        place(node, target, position);
        placed = true;
      }
      show();
    };
    return settle;
  };

  return (element: Element, mutation: MoveMutation) => {
    if (copies.has(element)) return;
    let settle = moves.get(mutation);
    if (!settle) {
      moves.set(mutation, (settle = start(mutation)));
      observer ??= new MutationObserver(() => moves.forEach((move) => move()));
      observer.observe(document, { childList: true, subtree: true });
    }
    settle(element);
  };
}
