import { COLLECT_MAX_APPLY_MS, FINGERPRINT_THRESHOLD, scoreFingerprint } from '@kindling/domain';
import { findElements } from '../find-elements';
import { readFingerprint } from '../fingerprint-of';
import { healElement } from '../locate';
import { applyToElement } from '../mutations';
import { createLoopGuard, type LoopGuard } from './loop-guard';
import type { Sanitize } from '../sanitize-html';
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
  /** The element found by fingerprint while the selector fails (kept: our change alters it). */
  healed?: Element;
  /** When healing was last tried without success. */
  tried?: number;
  /** True once the change was applied to a healed element. */
  wasHealed?: boolean;
  /** True once an element was found, applied or not ("not on this page" is none found). */
  found?: boolean;
}

/** Healing reads every element of the tag: while it finds nothing, it is tried this often. */
const HEAL_RETRY_MS = 250;

export interface ApplierHooks {
  /** The element may show: it holds the variant now (an image, once its new file loaded). */
  onApplied(change: Change): void;
  /** A change was undone too often and is backed off for `pauseMs`. */
  onLoop(change: Change, pauseMs: number): void;
  /** True for elements the visitor may already have seen unchanged (never swapped then). */
  wasSeen(element: Element): boolean;
  /** The HTML sanitiser, in trackers of teams with HTML variants and in the variant preview. */
  html?: Sanitize;
}

/** Served configs hold no `hideElement` (the preview's own type): `applyToElement` ignores it. */
function applyChange(element: Element, change: Change, html?: Sanitize): void {
  for (const mutation of change.mutations) applyToElement(element, mutation, html);
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

  function wake(ms: number): void {
    waking ||= setTimeout(() => {
      waking = 0;
      scan();
    }, ms);
  }

  /**
   * The selector's single match when it is still the stored element (or holds our change);
   * else, once the page is parsed, the element the fingerprint finds, or failing that the
   * selector's matches as before. A positional selector can name the wrong element once a
   * sibling is inserted, hence the check of a single match too.
   */
  function targets(entry: Tracked): Element[] {
    const found = findElements(entry.change.selector);
    const { fingerprint } = entry.change;
    const [only] = found;
    if (
      !fingerprint ||
      (only &&
        !found[1] &&
        (entry.marks.has(only) ||
          scoreFingerprint(fingerprint, readFingerprint(only)) >= FINGERPRINT_THRESHOLD))
    ) {
      return found;
    }
    if (document.readyState === 'loading') return [];
    if (!entry.healed?.isConnected) {
      const wait = (entry.tried ?? -HEAL_RETRY_MS) + HEAL_RETRY_MS - performance.now();
      if (wait > 0) {
        wake(wait);
        return found;
      }
      entry.healed = healElement(fingerprint);
      entry.tried = entry.healed ? undefined : performance.now();
    }
    return entry.healed ? [entry.healed] : found;
  }

  function scan(): void {
    for (const entry of tracked) {
      for (const element of targets(entry)) {
        entry.found = true;
        const mark = entry.marks.get(element);
        if (mark === element.outerHTML) continue;
        if (mark === undefined && entry.applied === null && hooks.wasSeen(element)) continue;
        const wait = mark === undefined ? 0 : entry.guard();
        if (wait) {
          wake(wait);
          continue;
        }
        applyChange(element, entry.change, hooks.html);
        entry.wasHealed ||= element === entry.healed;
        entry.marks.set(element, element.outerHTML);
        if (entry.applied === null) {
          entry.applied = Math.min(Math.round(performance.now() - start), COLLECT_MAX_APPLY_MS);
          // An image whose original had loaded paints it until the new one has (HTML's pending
          // request): it shows on `load` (a broken one at the hide timeout).
          const show = () => hooks.onApplied(entry.change);
          if ((element as HTMLImageElement).complete === false) {
            element.addEventListener('load', show);
          } else show();
        }
      }
    }
    // Our own changes are in the records now; reading them again would only find them done.
    observer.takeRecords();
  }

  const observer = new MutationObserver(scan);
  // Healing waits for the parsed page, which no mutation may announce.
  document.addEventListener('DOMContentLoaded', scan);
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
    /**
     * Element id -> ms to applied, null when it was found but not changed in time (missed), -1
     * when it was never found; and the ids of elements found by fingerprint because their
     * selector failed.
     */
    report(campaignId: number) {
      const applied: Record<string, number | null> = {};
      const healed: number[] = [];
      for (const { change, ...entry } of tracked) {
        if (change.campaignId !== campaignId) continue;
        // -1: never found, not on this page (collect's NOT_ON_PAGE).
        applied[change.elementId] = entry.found ? entry.applied : -1;
        if (entry.wasHealed) healed.push(change.elementId);
      }
      return { applied, healed };
    },
    pending: () => tracked.some((entry) => entry.applied === null),
  };
}
