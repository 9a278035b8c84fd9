import type { TrackerBootstrap } from '@kindling/domain';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  BOOTSTRAP_NAME,
  buildTracker,
  servedTracker,
  TRACKER_BUDGET_GZIP_BYTES,
  TRACKER_HTML_BUDGET_GZIP_BYTES,
} from '../tracker-build.mjs';
import { trackerPartBuildOptions } from '../parts-build.mjs';

// The tracker runs on every page view of customers' sites. Its budget (issue 30) is on the file
// GET /api/tracker/{team}.js serves, bootstrap included, for a team with one campaign of ten
// text elements: the tracker bench's team (bench/tracker-bench/changes.ts), whose selectors and
// page address are these.
const BENCH_TEAM: TrackerBootstrap = {
  c: 'https://kindling.example.com/api/tracker/lumen-lamps/config.json',
  h: [
    [
      'https://shop.example.com/tracker-landing.html',
      [
        '.logo',
        'nav a[href="#features"]',
        'nav a[href="#reviews"]',
        'h1',
        '.lead',
        '#buy',
        '.feature:nth-child(1) h3',
        '.feature:nth-child(2) h3',
        '.feature:nth-child(3) h3',
        '.feature:nth-child(3) p',
      ],
    ],
  ],
};

/** gzip at the default level (CompressionStream): this package is typed for the browser. */
async function gzipped(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

describe('the served tracker', () => {
  it(`fits in ${TRACKER_BUDGET_GZIP_BYTES} B gzipped for a team of ten text elements, without zod or the HTML allow-list`, async () => {
    const { text } = await buildTracker('plain');
    const served = servedTracker(text, BENCH_TEAM);
    expect(text).not.toMatch(/ZodError|zod/);
    // Nor the domain's upload-name rules, which it never uses (computed top-level constants).
    expect(text).not.toContain('[0-9a-f]{12}');
    // The mutation engine is in, the sanitiser is not, the bootstrap is read from the wrapper.
    expect(text).toContain('MutationObserver');
    expect(text).not.toContain('noopener noreferrer');
    expect(served).toContain(`!function(${BOOTSTRAP_NAME}){`);
    // Served without "use strict" (tracker-build.mjs): nothing in it that sloppy mode changes.
    expect(text).not.toContain('use strict');
    expect(text).not.toMatch(/\bthis\b|\barguments\b/);
    const size = await gzipped(served);
    console.log(`served tracker: ${served.length} bytes, ${size} bytes gzipped`);
    expect(size).toBeLessThanOrEqual(TRACKER_BUDGET_GZIP_BYTES);
  }, 30_000);

  it(`with the HTML allow-list, for teams with HTML variants, fits in ${TRACKER_HTML_BUDGET_GZIP_BYTES} B`, async () => {
    const { text } = await buildTracker('html');
    expect(text).toContain('noopener noreferrer');
    const size = await gzipped(servedTracker(text, BENCH_TEAM));
    console.log(`served tracker with the HTML allow-list: ${size} bytes gzipped`);
    expect(size).toBeLessThanOrEqual(TRACKER_HTML_BUDGET_GZIP_BYTES);
  }, 30_000);

  it(`for a team with page rules or audiences, imports the targeting part and fits in ${TRACKER_BUDGET_GZIP_BYTES} B too (issue 31)`, async () => {
    const plain = (await buildTracker('plain')).text;
    const { text } = await buildTracker('rules');
    expect(text).toContain('targeting.js');
    expect(plain).not.toContain('targeting.js');
    // The matcher, the audience evaluator and the user-agent table are in the part, not here.
    const part = await build({ ...trackerPartBuildOptions.targeting, write: false });
    const partText = part.outputFiles[0]!.text;
    for (const piece of ['wildcard', 'notExists', 'Android', 'utm_source']) {
      expect(partText).toContain(piece);
      expect(text).not.toContain(piece);
    }
    console.log(`targeting.js: ${await gzipped(partText)} bytes gzipped`);
    // Issue 31's case, one audience on the bench team's campaign, and a campaign with page rules.
    const ruled: TrackerBootstrap = { ...BENCH_TEAM, h: [[null, BENCH_TEAM.h[0]![1]]] };
    for (const bootstrap of [BENCH_TEAM, ruled]) {
      const size = await gzipped(servedTracker(text, bootstrap));
      console.log(`served tracker importing the targeting part: ${size} bytes gzipped`);
      expect(size).toBeLessThanOrEqual(TRACKER_BUDGET_GZIP_BYTES);
    }
  }, 30_000);
});
