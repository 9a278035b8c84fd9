import type { Page } from 'playwright-core';

/** How long each recorded click may wait for its element (a pop-up opens a moment late). */
export const POPUP_CLICK_WAIT_MS = 2_000;
/** After the clicks: the pop-up's closing animation and whatever the click set off. */
export const AFTER_CLICKS_MS = 500;

/** The agent pierces open shadow roots with " >>> "; Playwright's CSS pierces them by itself. */
export const playwrightSelector = (selector: string): string => selector.split(' >>> ').join(' ');

/**
 * Clicks the pop-up selectors recorded in the editor, in order, as the person did, so the
 * thumbnail shows the page with its pop-ups closed. A selector that does not show up (the
 * pop-up did not open this time) is skipped.
 */
export async function clickPopups(page: Page, selectors: readonly string[]): Promise<number> {
  let clicked = 0;
  for (const selector of selectors) {
    try {
      await page
        .locator(playwrightSelector(selector))
        .first()
        .click({ timeout: POPUP_CLICK_WAIT_MS });
      clicked += 1;
    } catch {
      // Missing, hidden or covered: the page is shot as it is.
    }
  }
  if (selectors.length > 0) await page.waitForTimeout(AFTER_CLICKS_MS);
  return clicked;
}
