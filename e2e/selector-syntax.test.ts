import { SHADOW_SELECTOR_SEPARATOR } from '@kindling/domain';
import { SELECTOR_SYNTAX_FIXTURES } from '@kindling/domain/selector-syntax-fixtures';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';

// The selector rows the server checks (check-selectors.test.ts), asked of Chromium itself: the
// table's `browserTakes` is what a browser says, so the server's check is held to it. A selector
// crossing a shadow root is taken when each of its parts is, as the tracker runs it.

describe('selector syntax, as Chromium reads it', () => {
  let browser: Browser;
  let taken: boolean[];

  beforeAll(async () => {
    browser = await launchBrowser();
    const page = await browser.newPage();
    await page.goto('about:blank');
    taken = await page.evaluate(
      ({ selectors, separator }) =>
        selectors.map((selector) =>
          selector.split(separator).every((part) => {
            try {
              document.createDocumentFragment().querySelector(part);
              return true;
            } catch {
              return false;
            }
          }),
        ),
      {
        selectors: SELECTOR_SYNTAX_FIXTURES.map((row) => row.selector),
        separator: SHADOW_SELECTOR_SEPARATOR,
      },
    );
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(SELECTOR_SYNTAX_FIXTURES.map((row, index) => [row.selector, row, index] as const))(
    '%s',
    (_selector, row, index) => {
      expect(taken[index]).toBe(row.browserTakes);
    },
  );
});
