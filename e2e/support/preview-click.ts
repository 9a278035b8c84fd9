import type { FrameLocator, Locator, Page } from 'playwright-core';

/** The editor's live preview frame (PreviewStage). */
export const PREVIEW_FRAME = 'iframe[title="Live preview"]';

export const previewFrame = (page: Page): FrameLocator => page.frameLocator(PREVIEW_FRAME);

export interface PreviewPoint {
  /** Where the target's centre is in the page's own (unscaled) viewport. */
  inFrame: { x: number; y: number };
  /** Where that point is drawn on the app's screen, through the frame's scale. */
  onScreen: { x: number; y: number };
  scale: number;
}

/**
 * Where `target` (a locator inside the preview frame) is on screen. The page is laid out at the
 * device's width and the frame scaled to the pane, so a point inside it is its offset times the
 * scale, from the frame's drawn corner.
 */
export async function previewPointOf(
  page: Page,
  target: Locator,
  frameSelector = PREVIEW_FRAME,
): Promise<PreviewPoint> {
  await target.waitFor({ state: 'visible' });
  const inFrame = await target.evaluate((element) => {
    element.scrollIntoView({ block: 'center', inline: 'center' });
    const rect = element.getBoundingClientRect();
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  });
  const frame = await page.locator(frameSelector).evaluate((element: HTMLIFrameElement) => {
    const rect = element.getBoundingClientRect();
    return { left: rect.left, top: rect.top, scale: rect.width / element.offsetWidth };
  });
  return {
    inFrame,
    onScreen: { x: frame.left + inFrame.x * frame.scale, y: frame.top + inFrame.y * frame.scale },
    scale: frame.scale,
  };
}

/** Whether the app's hit test at `point` reaches the frame (no dialog or backdrop over it). */
const frameIsHit = (page: Page, point: { x: number; y: number }, frameSelector: string) =>
  page.evaluate(
    ({ x, y, selector }) => document.elementFromPoint(x, y) === document.querySelector(selector),
    { ...point, selector: frameSelector },
  );

/**
 * Clicks `target` in the scaled preview as a person would: with the mouse, where it is drawn.
 * Like Playwright's own actionability checks, it waits until the point holds still and nothing
 * (a closing dialog's backdrop, say) lies over the frame there.
 */
export async function clickInPreview(
  page: Page,
  target: Locator,
  frameSelector = PREVIEW_FRAME,
): Promise<PreviewPoint> {
  const deadline = Date.now() + 10_000;
  let point = await previewPointOf(page, target, frameSelector);
  for (;;) {
    await page.waitForTimeout(50);
    const again = await previewPointOf(page, target, frameSelector);
    const still =
      Math.abs(again.onScreen.x - point.onScreen.x) < 0.5 &&
      Math.abs(again.onScreen.y - point.onScreen.y) < 0.5;
    point = again;
    if (still && (await frameIsHit(page, point.onScreen, frameSelector))) break;
    if (Date.now() > deadline)
      throw new Error(`the preview is covered or moving at ${JSON.stringify(point.onScreen)}`);
  }
  await page.mouse.click(point.onScreen.x, point.onScreen.y);
  return point;
}

/**
 * Picks `target` in the preview and waits for `opened` (the editor the pick opens). The
 * editor's switch to selecting mode reaches the page by message, so a click made in the same
 * moment may land before it; like a person, this clicks again when nothing opened.
 */
export async function pickInPreview(page: Page, target: Locator, opened: Locator): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await clickInPreview(page, target);
    try {
      await opened.waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
