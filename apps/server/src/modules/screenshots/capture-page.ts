import type { Browser } from 'playwright-core';
import { PermanentJobError } from '../jobs/job-types';
import { clickPopups } from './click-popups';
import { guardContext, type RequestGuardOptions } from './request-guard';

export const VIEWPORT = { width: 1280, height: 800 };
export const TIMEOUT_MESSAGE = 'The page took too long to load';

export interface CaptureOptions extends Omit<RequestGuardOptions, 'signal'> {
  url: string;
  timeoutMs: number;
  /** The campaign's recorded pop-up clicks, made before the shot. */
  popupClicks?: readonly string[];
}

/**
 * Loads `url` in a fresh context, clicks the recorded pop-up selectors, and returns a PNG of
 * the viewport. The time limit covers
 * the whole shot; when it passes, the context is closed, which ends whatever was still running.
 */
export async function capturePage(browser: Browser, options: CaptureOptions): Promise<Buffer> {
  const controller = new AbortController();
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    serviceWorkers: 'block',
    acceptDownloads: false,
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PermanentJobError(TIMEOUT_MESSAGE)), options.timeoutMs);
  });
  try {
    await guardContext(context, { ...options, signal: controller.signal });
    const shot = (async () => {
      const page = await context.newPage();
      // The deadline above is the limit; Playwright's own 30 s defaults must not cut in first.
      page.setDefaultTimeout(0);
      await page.goto(options.url, { waitUntil: 'load' });
      await clickPopups(page, options.popupClicks ?? []);
      return page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
    })();
    return await Promise.race([shot, deadline]);
  } finally {
    clearTimeout(timer);
    controller.abort();
    await context.close().catch(() => {});
  }
}
