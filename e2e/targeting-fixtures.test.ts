import { inAudience, matchesPage } from '@kindling/domain';
import { TARGETING_FIXTURES } from '@kindling/domain/targeting-fixtures';
import { agentBuildOptions, runtimeRoot } from '@kindling/page-runtime/agent-build';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';

// Issue 31: the targeting evaluator in real Chromium, as the tracker's rules bundle runs it,
// against the shared fixture table; Node (the server, collect) answers the same rows here and
// in the domain's unit test, and the editor asks the server (POST /campaign/pages/test).

const TEST_ENTRY = `
import { inAudience, matchesPage } from '@kindling/domain';
window.evaluate = (rows) =>
  rows.map((row) => ('rules' in row ? matchesPage(row.rules, row.input) : inAudience(row.audience, row.input)));
`;

interface TargetingWindow {
  evaluate: (rows: typeof TARGETING_FIXTURES) => boolean[];
}

describe('the targeting evaluator in Chromium', () => {
  let browser: Browser;
  let answers: boolean[];

  beforeAll(async () => {
    const result = await build({
      ...agentBuildOptions,
      entryPoints: undefined,
      stdin: {
        contents: TEST_ENTRY,
        resolveDir: runtimeRoot,
        sourcefile: 'targeting.ts',
        loader: 'ts',
      },
      minify: false,
      write: false,
    });
    browser = await launchBrowser();
    const page = await browser.newPage();
    await page.goto('about:blank');
    await page.addScriptTag({ content: result.outputFiles[0]!.text });
    answers = await page.evaluate(
      (rows) => (window as unknown as TargetingWindow).evaluate(rows),
      TARGETING_FIXTURES,
    );
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('holds at least 60 rows', () => {
    expect(TARGETING_FIXTURES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(TARGETING_FIXTURES.map((row, index) => [row.name, index] as const))(
    '%s: the expected answer in Chromium and in Node',
    (_name, index) => {
      const row = TARGETING_FIXTURES[index]!;
      const node =
        'rules' in row ? matchesPage(row.rules, row.input) : inAudience(row.audience, row.input);
      expect({ chromium: answers[index], node }).toEqual({
        chromium: row.expected,
        node: row.expected,
      });
    },
  );
});
