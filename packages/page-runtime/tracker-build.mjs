// esbuild options for the tracker bundle (GET /api/tracker/{team}.js), shared by `build.mjs`,
// the server (which builds it in memory when dist/ is stale) and the size test.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { minify } from 'terser';
import { agentBuildOptions, agentSources, runtimeRoot } from './agent-build.mjs';

export const trackerSources = agentSources;
/** The free identifier the bundle reads its bootstrap from; the server binds it. */
export const BOOTSTRAP_NAME = 'KINDLING_BOOTSTRAP';

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

/**
 * The two tracker bundles: `plain` for most teams, `html` (with the allow-list, a sixth of the
 * bytes) for a team with HTML variants. The server picks one per team.
 */
export const trackerBundles = {
  plain: {
    entry: path.join(runtimeRoot, 'src/tracker/entry.ts'),
    outfile: path.join(runtimeRoot, 'dist/tracker.js'),
  },
  html: {
    entry: path.join(runtimeRoot, 'src/tracker/entry-html.ts'),
    outfile: path.join(runtimeRoot, 'dist/tracker-html.js'),
  },
};

/**
 * Bundles and minifies a tracker with esbuild, then minifies it again with terser, whose two
 * compress passes take another 6% off the gzipped file (docs/decisions.md); about 0.3 s.
 */
export async function buildTracker(kind) {
  const bundled = await build({
    ...agentBuildOptions,
    entryPoints: [trackerBundles[kind].entry],
    write: false,
  });
  const text = bundled.outputFiles[0]?.text;
  if (!text) throw new Error(`the ${kind} tracker build produced no output`);
  const { code } = await minify(text, {
    ecma: 2020,
    compress: { passes: 2, unsafe_arrows: true },
    format: { comments: false },
  });
  if (!code) throw new Error(`terser produced no ${kind} tracker`);
  return { text: code };
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
