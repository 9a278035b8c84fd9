import { chromium, type Browser } from 'playwright-core';
import { NO_CHROMIUM_MESSAGE, type ResolvedChromium } from '../../browser/resolve-chromium';

/** There is no Chromium to launch; another attempt would not find one either. */
export class BrowserUnavailableError extends Error {
  constructor() {
    super(NO_CHROMIUM_MESSAGE);
  }
}

/**
 * One Chromium per process, launched on first use and again after it crashed or was closed
 * underneath us; every shot gets its own context, so pages share nothing but the process.
 * Which Chromium is looked up once, on the first `locate()` or `get()`.
 */
export class SharedBrowser {
  private located: Promise<ResolvedChromium | null> | null = null;
  private launching: Promise<Browser> | null = null;
  private closed = false;

  constructor(private readonly findChromium: () => Promise<ResolvedChromium | null>) {}

  locate(): Promise<ResolvedChromium | null> {
    this.located ??= this.findChromium();
    return this.located;
  }

  get(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('The screenshot browser is closed'));
    if (!this.launching) {
      const launching = this.locate()
        .then((found) => {
          if (!found) throw new BrowserUnavailableError();
          return chromium.launch({
            executablePath: found.executablePath,
            args: found.args,
            headless: true,
          });
        })
        .then((browser) => {
          browser.on('disconnected', () => {
            if (this.launching === launching) this.launching = null;
          });
          return browser;
        });
      launching.catch(() => {
        if (this.launching === launching) this.launching = null;
      });
      this.launching = launching;
    }
    return this.launching;
  }

  async close(): Promise<void> {
    this.closed = true;
    // A lookup still unpacking the bundled build finishes first, so no half-written file stays.
    await this.located?.catch(() => null);
    const launching = this.launching;
    this.launching = null;
    const browser = await launching?.catch(() => null);
    await browser?.close();
  }
}
