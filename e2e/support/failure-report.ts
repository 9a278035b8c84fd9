import type { Browser, Page } from 'playwright-core';

// A browser test that fails in CI leaves only its log: report-failures.ts (a setup file of the
// e2e projects) prints what every open page was doing then (address, requests still on their
// way, failed requests, console errors, the start of its text), so a failure seen once can be
// read afterwards. launchBrowser (browser.ts) registers each browser.

interface Watched {
  /** Requests sent and not answered yet, with when each left. */
  inFlight: Map<object, { url: string; since: number }>;
  problems: string[];
}

const browsers = new Set<Browser>();
const watched = new WeakMap<Page, Watched>();
const MAX_PROBLEMS = 20;

function watchPage(page: Page): void {
  const state: Watched = { inFlight: new Map(), problems: [] };
  watched.set(page, state);
  const problem = (text: string) => {
    state.problems.push(text.slice(0, 300));
    if (state.problems.length > MAX_PROBLEMS) state.problems.shift();
  };
  page.on('request', (request) =>
    state.inFlight.set(request, { url: `${request.method()} ${request.url()}`, since: Date.now() }),
  );
  page.on('requestfinished', (request) => state.inFlight.delete(request));
  page.on('requestfailed', (request) => {
    state.inFlight.delete(request);
    problem(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problem(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problem(`page error: ${error.message}`));
}

/** Called by launchBrowser: the contexts and pages this browser opens are watched. */
export function watchBrowser(browser: Browser): void {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    // A new context has no page yet: each comes through this event.
    context.on('page', watchPage);
    return context;
  };
}

async function describePage(page: Page): Promise<string> {
  const state = watched.get(page);
  const now = Date.now();
  const waiting = [...(state?.inFlight.values() ?? [])].map(
    ({ url, since }) => `    waiting ${now - since} ms: ${url}`,
  );
  const text = await page
    .evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').slice(0, 400) ?? '')
    .catch((error: Error) => `(text unreadable: ${error.message})`);
  return [
    `  page ${page.url()}`,
    ...waiting,
    ...(state?.problems ?? []).map((line) => `    ${line}`),
    `    text: ${text}`,
  ].join('\n');
}

/** What every open page of the registered browsers is doing, a paragraph each. */
export async function describeOpenPages(): Promise<string> {
  const pages = [...browsers].flatMap((browser) =>
    browser.contexts().flatMap((context) => context.pages()),
  );
  return (await Promise.all(pages.map(describePage))).join('\n');
}
