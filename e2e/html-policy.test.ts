import { HTML_POLICY_FIXTURES } from '@kindling/domain/html-policy-fixtures';
import { agentBuildOptions, runtimeRoot } from '@kindling/page-runtime/agent-build';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';

// The page runtime's sanitiser in real Chromium against the shared fixture table (domain
// html-policy-fixtures); the server's sanitiser runs the same rows in its unit test.

const TEST_ENTRY = `
import { sanitizeHtml } from './src/sanitize-html';
window.cleanHtml = (html, profile) => {
  const box = document.createElement('div');
  box.append(sanitizeHtml(html, profile));
  return box.innerHTML;
};
`;

interface PolicyWindow {
  cleanHtml: (html: string, profile: 'inline' | 'block') => string;
}

describe('the page runtime sanitiser in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let cleaned: string[];
  const dialogs: string[] = [];

  beforeAll(async () => {
    const result = await build({
      ...agentBuildOptions,
      entryPoints: undefined,
      stdin: {
        contents: TEST_ENTRY,
        resolveDir: runtimeRoot,
        sourcefile: 'policy.ts',
        loader: 'ts',
      },
      minify: false,
      write: false,
    });
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.goto('about:blank');
    // Any alert() a row smuggles through would fire as a dialog; none may.
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.addScriptTag({ content: result.outputFiles[0]!.text });
    const rows = HTML_POLICY_FIXTURES.map(({ input, profile }) => ({ input, profile }));
    cleaned = await page.evaluate(
      (list) =>
        list.map((row) => (window as unknown as PolicyWindow).cleanHtml(row.input, row.profile)),
      rows,
    );
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(HTML_POLICY_FIXTURES.map((row, index) => [row.name, row.profile, index] as const))(
    '%s (%s)',
    (_name, _profile, index) => {
      expect(cleaned[index]).toBe(HTML_POLICY_FIXTURES[index]!.expected);
    },
  );

  it('runs nothing when the cleaned rows are put into the live page', async () => {
    await page.evaluate((list) => {
      for (const html of list) {
        const box = document.createElement('div');
        box.innerHTML = html;
        document.body.append(box);
      }
    }, cleaned);
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
    // Positive control: the same page does report an alert from markup that is not cleaned.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img src="data:," onerror="alert(1)">');
    });
    await expect.poll(() => dialogs.length).toBe(1);
  });
});
