import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  NO_CHROMIUM_MESSAGE,
  resolveChromium,
} from '../../apps/server/src/browser/resolve-chromium';
import { loadConfig } from '../../apps/server/src/config';
import { watchBrowser } from './failure-report';

export const SCREENSHOT_DIR = path.resolve('.e2e-artifacts/screenshots');

/**
 * The same Chromium the server's screenshots use: CHROMIUM_PATH, the system's, or the bundled;
 * `extraArgs` e.g. map a customer's host name to loopback (--host-resolver-rules).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const found = await resolveChromium({
    chromiumPath: loadConfig().CHROMIUM_PATH,
    log: { warn: (details, message) => console.warn(message, details) },
  });
  if (!found) throw new Error(NO_CHROMIUM_MESSAGE);
  const browser = await chromium.launch({
    executablePath: found.executablePath,
    args: [...found.args, ...extraArgs],
  });
  watchBrowser(browser);
  return browser;
}

/** Saves a full-page screenshot under .e2e-artifacts/screenshots for a person to look at. */
export async function snap(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
