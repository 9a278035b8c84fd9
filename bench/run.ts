/**
 * `npm run bench`: figures are printed as ratios against a baseline measured in the same run,
 * so they compare across machines. Nothing here asserts timings; budgets are reported.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { aiBench } from './ai-bench';
import { apiBench } from './api-bench';
import { ingestBench } from './ingest-bench';
import { loadBench } from './load-bench';
import { pagesBench } from './pages-bench';
import { performanceBench } from './performance-bench';
import { previewBench } from './preview-bench';
import { startBench } from './start-bench';
import { statsBench } from './stats-bench';
import { statsQueryBench } from './stats-query-bench';
import { trackerBench } from './tracker-bench';
import { wizardBench } from './wizard-bench';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The lazily loaded wizard route: its own chunk, not part of the first screen. */
function wizardChunkGzipBytes(): number | undefined {
  const assets = path.join(root, 'apps/web/dist/assets');
  if (!existsSync(assets)) return undefined;
  const chunk = readdirSync(assets).find((file) => /^wizard-page-.*\.js$/.test(file));
  return chunk ? gzipSync(readFileSync(path.join(assets, chunk))).length : undefined;
}

function initialJsGzipBytes(): number | undefined {
  const dist = path.join(root, 'apps/web/dist');
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const html = readFileSync(indexFile, 'utf8');
  // The initial route loads the entry module and the chunks it preloads.
  const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return scripts.reduce(
    (total, file) => total + gzipSync(readFileSync(path.join(dist, file))).length,
    0,
  );
}

function webBundleBench() {
  const budgetBytes = 150 * 1024;
  const initial = initialJsGzipBytes();
  console.log('\n== web app initial-route JS (gzip) ==');
  if (initial === undefined) {
    console.log('apps/web/dist missing: run `npm run build` first');
  } else {
    const assets = readdirSync(path.join(root, 'apps/web/dist/assets')).length;
    console.log(
      `${(initial / 1024).toFixed(1)} KB gzip = ${(initial / budgetBytes).toFixed(2)}x of the 150 KB budget (${assets} assets in dist)`,
    );
  }
  const wizard = wizardChunkGzipBytes();
  if (wizard !== undefined && initial !== undefined) {
    console.log(
      `wizard route chunk (lazy): ${(wizard / 1024).toFixed(1)} KB gzip = ${(wizard / initial).toFixed(2)}x the initial route`,
    );
  }
}

/** In the order they run; `npm run bench -- tracker ingest` runs only the sections named. */
const SECTIONS: Record<string, () => void | Promise<void>> = {
  web: webBundleBench,
  stats: statsBench,
  statsQuery: statsQueryBench,
  performanceOverview: performanceBench,
  api: apiBench,
  ai: aiBench,
  ingest: ingestBench,
  wizard: wizardBench,
  preview: previewBench,
  pages: pagesBench,
  tracker: trackerBench,
  start: startBench,
  load: loadBench,
};

async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in SECTIONS));
  if (unknown.length) {
    throw new Error(`no bench section ${unknown.join(', ')}: ${Object.keys(SECTIONS).join(', ')}`);
  }
  for (const [name, section] of Object.entries(SECTIONS)) {
    if (asked.length === 0 || asked.includes(name)) await section();
  }
}

await main();
