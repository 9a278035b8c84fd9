import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/**
 * One Chromium per process, launched on first use and again after it crashed or was closed
 * underneath us; every shot gets its own context, so pages share nothing but the process.
 */
export class SharedBrowser {
  private launching: Promise<Browser> | null = null;
  private closed = false;

  constructor(private readonly executablePath: string) {}

  get(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('The screenshot browser is closed'));
    if (!this.launching) {
      const launching = chromium
        .launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS, headless: true })
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
    const launching = this.launching;
    this.launching = null;
    const browser = await launching?.catch(() => null);
    await browser?.close();
  }
}
