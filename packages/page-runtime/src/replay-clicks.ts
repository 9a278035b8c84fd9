import { findElement } from './find-elements';

export interface ReplayTiming {
  /** How long one selector may take to appear (pop-ups often open a moment after load). */
  perSelectorMs: number;
  /** The whole replay's limit, so ten missing selectors do not hold the page for long. */
  totalMs: number;
  /** Pause after each click, for the pop-up's closing animation and what it sets off. */
  pauseMs: number;
}

export const REPLAY_TIMING: ReplayTiming = { perSelectorMs: 3_000, totalMs: 8_000, pauseMs: 200 };
const POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isShown(element: Element): boolean {
  if (typeof element.checkVisibility === 'function') {
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  }
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

function click(element: Element): void {
  if (element instanceof HTMLElement) element.click();
  else {
    element.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }),
    );
  }
}

async function waitForShown(selector: string, deadline: number): Promise<Element | undefined> {
  for (;;) {
    const element = findElement(selector);
    if (element && isShown(element)) return element;
    if (Date.now() + POLL_MS > deadline) return undefined;
    await sleep(POLL_MS);
  }
}

/**
 * Clicks each recorded selector in order, once it is shown; a selector that never shows (the
 * pop-up did not open this time) is skipped. `onClick` wraps each click, so the agent can tell
 * its own clicks from the person's. Resolves with how many were clicked.
 */
export async function replayClicks(
  selectors: readonly string[],
  options: { timing?: ReplayTiming; around: (click: () => void) => void },
): Promise<number> {
  const timing = options.timing ?? REPLAY_TIMING;
  const end = Date.now() + timing.totalMs;
  let clicked = 0;
  for (const selector of selectors) {
    const element = await waitForShown(selector, Math.min(end, Date.now() + timing.perSelectorMs));
    if (!element) continue;
    options.around(() => click(element));
    clicked += 1;
    await sleep(timing.pauseMs);
  }
  return clicked;
}
