/**
 * `npm run bench`: figures are printed as ratios against a baseline measured in the same run,
 * so they compare across machines. Nothing here asserts timings; budgets are reported.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aiBench } from './ai-bench';
import { apiBench } from './api-bench';
import { exportBench } from './export-bench';
import { ingestBench } from './ingest-bench';
import { loadBench } from './load-bench';
import { pagesBench } from './pages-bench';
import { performanceBench } from './performance-bench';
import { previewBench } from './preview-bench';
import { startBench } from './start-bench';
import { statsBench } from './stats-bench';
import { statsQueryBench } from './stats-query-bench';
import { trackerBench } from './tracker-bench';
import { webBundleBench } from './web-bundle-bench';
import { wizardBench } from './wizard-bench';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** In the order they run; `npm run bench -- tracker ingest` runs only the sections named. */
const SECTIONS: Record<string, () => void | Promise<void>> = {
  web: () => webBundleBench(root),
  stats: statsBench,
  statsQuery: statsQueryBench,
  performanceOverview: performanceBench,
  api: apiBench,
  ai: aiBench,
  ingest: ingestBench,
  export: exportBench,
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
