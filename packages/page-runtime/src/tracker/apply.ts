import { COLLECT_MAX_APPLY_MS } from '@kindling/domain';
import { findElements } from '../find-elements';
import { applyToElement } from '../mutations';
import { createLoopGuard, type LoopGuard } from './loop-guard';
import type { Change } from './plan';

/** After DOMContentLoaded (or a single-page-app navigation), how long elements may take to appear. */
export const SETTLE_MS = 1000;

interface Tracked {
  change: Change;
  /** ms from the page view's start to the first element changed; null while none is. */
  applied: number | null;
  guard: LoopGuard;
  /** Each changed element's markup right after our change: any difference means it was undone. */
  marks: WeakMap<Element, string>;
}

export interface ApplierHooks {
  /** The element may show: it holds the variant now. */
  onApplied(change: Change): void;
  /** A change was undone too often and is backed off for `pauseMs`. */
  onLoop(change: Change, pauseMs: number): void;
  /** True for elements the visitor may already have seen unchanged (never swapped then). */
  wasSeen(element: Element): boolean;
}

function applyChange(element: Element, change: Change): void {
  for (const mutation of change.mutations) {
    if (mutation.type !== 'hideElement') applyToElement(element, mutation);
  }
}

/**
 * Applies the current page's changes as their elements appear, and again whenever the page's
 * own code undoes them (a framework re-render), watched by one MutationObserver for the life of
 * the page. Observer callbacks run before the next paint, so a change lands before it is seen.
 */
export function createApplier(hooks: ApplierHooks) {
  let tracked: Tracked[] = [];
  let start = 0;
  let waking = 0;

  function scan(): void {
    for (const entry of tracked) {
      for (const element of findElements(entry.change.selector)) {
        const mark = entry.marks.get(element);
        if (mark === element.outerHTML) continue;
        if (mark === undefined && entry.applied === null && hooks.wasSeen(element)) continue;
        const wait = mark === undefined ? 0 : entry.guard();
        if (wait) {
          waking ||= setTimeout(() => {
            waking = 0;
            scan();
          }, wait);
          continue;
        }
        applyChange(element, entry.change);
        entry.marks.set(element, element.outerHTML);
        if (entry.applied === null) {
          entry.applied = Math.min(Math.round(performance.now() - start), COLLECT_MAX_APPLY_MS);
          hooks.onApplied(entry.change);
        }
      }
    }
    // Our own changes are in the records now; reading them again would only find them done.
    observer.takeRecords();
  }

  const observer = new MutationObserver(scan);
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    characterData: true,
  });

  return {
    /** A new page view: these changes replace the last page's, timed from `startMs`. */
    show(changes: readonly Change[], startMs: number): void {
      start = startMs;
      tracked = changes.map((change) => ({
        change,
        applied: null,
        marks: new WeakMap(),
        guard: createLoopGuard(
          () => performance.now(),
          (pauseMs) => hooks.onLoop(change, pauseMs),
        ),
      }));
      scan();
    },
    /** Element id -> ms to applied, or null when it was not found (missed). */
    report(campaignId: number): Record<string, number | null> {
      const applied: Record<string, number | null> = {};
      for (const entry of tracked) {
        if (entry.change.campaignId === campaignId) applied[entry.change.elementId] = entry.applied;
      }
      return applied;
    },
    pending: () => tracked.some((entry) => entry.applied === null),
  };
}
