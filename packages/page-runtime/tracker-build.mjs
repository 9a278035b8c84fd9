// esbuild options for the tracker bundle (GET /api/tracker/{team}.js), shared by `build.mjs`,
// the server (which builds it in memory when dist/ is stale) and the size test.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { minify } from 'terser';
import { agentBuildOptions, agentSources, runtimeRoot } from './agent-build.mjs';

export const trackerSources = agentSources;
/**
 * The free identifier the bundle reads its bootstrap from; the server binds it. The sources say
 * `KINDLING_BOOTSTRAP` (esbuild's `define` renames it): 17 B gzipped.
 */
export const BOOTSTRAP_NAME = '$k';

/**
 * The file GET /api/tracker/{team}.js serves: the bundle bound to the team's bootstrap, which is
 * JSON written as a JS expression with `<` escaped, so no "</script" appears even inlined.
 */
export const servedTracker = (bundle, bootstrap) =>
  `!function(${BOOTSTRAP_NAME}){${bundle}}(${JSON.stringify(bootstrap).replaceAll('<', '\\u003c')});\n`;

/**
 * The served tracker's size budget, gzipped (ARCHITECTURE.md, issue 30): the whole file
 * GET /api/tracker/{team}.js answers, bootstrap included, for a team with one campaign of ten
 * text elements. The size test enforces it and the tracker bench reports against it.
 */
export const TRACKER_BUDGET_GZIP_BYTES = 6 * 1024;
/** The same for a team whose variants hold HTML: its tracker carries the HTML allow-list. */
export const TRACKER_HTML_BUDGET_GZIP_BYTES = 7.25 * 1024;
const bundle = (name) => ({
  entry: path.join(runtimeRoot, `src/tracker/entry${name ? `-${name}` : ''}.ts`),
  outfile: path.join(runtimeRoot, `dist/tracker${name ? `-${name}` : ''}.js`),
});

/**
 * The tracker bundles: `plain` for most teams; `html` with the HTML allow-list (a sixth of the
 * bytes) for a team with HTML variants; `rules` for a team whose campaigns have page rules or
 * audiences, or that holds visitors out (issue 31): the plain runtime importing targeting.js
 * beside the config (about 30 B more, within the same budget); `html-rules` with both. The
 * server picks one per team.
 */
export const trackerBundles = {
  plain: bundle(''),
  html: bundle('html'),
  rules: bundle('rules'),
  'html-rules': bundle('html-rules'),
};

/**
 * Property names terser shortens (80 B gzipped off the plain tracker): those of the tracker's own
 * objects only (its queue, applier, hider, plan and the targeting part's interface). Never a name
 * that leaves the bundle: the bootstrap's (one letter each), the config's and the events'
 * fields, what `window.kindlingParts` hands to a part built apart, or anything on `window`. The
 * tracker's browser tests run the result. With `builtins: true` the list alone decides: terser's
 * own DOM property list held five of these names (`marks`, `pending`, `flush`, `setEnabled`,
 * `store`), and no DOM object's property of a listed name is read in the tracker.
 */
export const INTERNAL_PROPERTIES =
  /^(flush|hold|setEnabled|report|pending|onApplied|onLoop|wasSeen|keepOnly|reveal|hider|arrival|targeting|runsOn|admits|marks|tried|schedule|changes|change|visitor|store|elementId|guard|wasHealed|found|configUrl)$/;

/**
 * Bundles and minifies a tracker with esbuild, then minifies it again with terser, whose four
 * compress passes take another 6% off the gzipped file (docs/decisions.md); about 0.5 s. Built
 * as a module and minified as one scope (`toplevel`): the server's wrapper is the only function
 * around it, so esbuild's own one goes (6 B).
 */
export async function buildTracker(kind) {
  const bundled = await build({
    ...agentBuildOptions,
    entryPoints: [trackerBundles[kind].entry],
    define: { KINDLING_BOOTSTRAP: BOOTSTRAP_NAME },
    format: 'esm',
    write: false,
  });
  const text = bundled.outputFiles[0]?.text;
  if (!text) throw new Error(`the ${kind} tracker build produced no output`);
  const { code } = await minify(text, {
    ecma: 2020,
    toplevel: true,
    compress: { passes: 4, unsafe_arrows: true },
    mangle: { properties: { regex: INTERNAL_PROPERTIES, builtins: true } },
    format: { comments: false },
  });
  if (!code) throw new Error(`terser produced no ${kind} tracker`);
  // esbuild writes "use strict" (the tsconfig's strict mode): 9 B gzipped on a budget measured
  // in single bytes. Sloppy mode differs only for `this`, `arguments`, writes to read-only
  // properties and functions declared in blocks; the size test checks the bundle uses none of
  // the first two, and TypeScript's checks hold for the rest.
  return { text: code.replace(/^"use strict";/, '') };
}

// The variant preview script (GET /api/tracker/{team}/preview.js): loaded by the tracker only on
// pages opened from a preview link, so it is outside the tracker's size budget.
export const previewEntry = path.join(runtimeRoot, 'src/variant-preview/entry.ts');
export const previewOutfile = path.join(runtimeRoot, 'dist/variant-preview.js');
export const previewBuildOptions = {
  ...agentBuildOptions,
  entryPoints: [previewEntry],
};

/**
 * `buildTracker` in a worker thread, so a server building a tracker keeps answering meanwhile
 * (terser minifies synchronously, for a few hundred milliseconds).
 */
export function buildTrackerOffThread(kind) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./tracker-build-worker.mjs', import.meta.url), {
      workerData: { kind },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the ${kind} tracker build ended (${code})`)));
  });
}
